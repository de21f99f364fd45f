import type { Redis } from "ioredis";
import { type ScriptedRedis, withScripts } from "./scripts.ts";

/**
 * A webhook subscription's rate limit (automatic attempts per second) held across every
 * dispatcher process: one Redis key per limited subscription, `<prefix>:webhook-rate:<id>`,
 * expiring a second after its last attempt. Losing it lets one attempt through early, no more.
 * The script is `lua/subscriptionRate-1.lua`.
 */
export class SubscriptionRateLimiter {
  private readonly redis: ScriptedRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = withScripts(redis);
  }

  /** Counts one attempt; 0 when it may go now, otherwise the milliseconds until one may. */
  async take(subscriptionId: string, perSecond: number): Promise<number> {
    return Number(await this.redis.svcSubscriptionRate(`${this.prefix}:webhook-rate:${subscriptionId}`, String(1000 / perSecond)));
  }
}
