import { readFileSync } from "node:fs";
import type { Redis } from "ioredis";

/**
 * `lua/subscriptionRate-1.lua`: the one step of a subscription's attempt schedule. Read when the
 * first limiter is made (only the dispatcher makes one), relative to this module: the sources'
 * `lua/` folder, or the copy `pnpm build` puts beside each bundle.
 */
const readScript = () => readFileSync(new URL("./lua/subscriptionRate-1.lua", import.meta.url), "utf8");

type RateRedis = Redis & { svcSubscriptionRate(key: string, intervalMs: string): Promise<number> };

/**
 * A webhook subscription's rate limit (automatic attempts per second) held across every
 * dispatcher process: one Redis key per limited subscription, `<prefix>:webhook-rate:<id>`,
 * expiring a second after its last attempt. Losing it lets one attempt through early, no more.
 */
export class SubscriptionRateLimiter {
  private readonly redis: RateRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!("svcSubscriptionRate" in redis)) redis.defineCommand("svcSubscriptionRate", { numberOfKeys: 1, lua: readScript() });
    this.redis = redis as RateRedis;
  }

  /** Counts one attempt; 0 when it may go now, otherwise the milliseconds until one may. */
  async take(subscriptionId: string, perSecond: number): Promise<number> {
    return Number(await this.redis.svcSubscriptionRate(`${this.prefix}:webhook-rate:${subscriptionId}`, String(1000 / perSecond)));
  }
}
