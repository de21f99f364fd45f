import type { Logger } from "@svc/logger";
import { type RateLimitPolicy, RedisRateLimiter } from "@svc/queues";
import type { Redis } from "ioredis";
import { clientNetwork } from "./clientNetwork.ts";

export type SignUpThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; scope: "origin" | "global" };

const perHour = (count: number): RateLimitPolicy => ({ perSecond: count / 3600, burst: count });

/**
 * Throttles sign-up requests before any work is done for them (no password hash, no mail): per
 * origin, so one client cannot turn the form into a mail cannon or a password-hashing load, and
 * for the whole install, so many clients together cannot either. An origin's refused request is
 * not counted against the install. With Redis unavailable the limiter lets requests through (the
 * per-address cooldown in Postgres still holds).
 */
export class SignUpThrottle {
  private readonly limiter: RedisRateLimiter;

  constructor(
    redis: Redis,
    private readonly options: { prefix: string; perOriginPerHour: number; perHour: number; log: Logger },
  ) {
    this.limiter = new RedisRateLimiter(redis, options.prefix, options.log);
  }

  async take(clientAddress: string): Promise<SignUpThrottleDecision> {
    if (this.options.perOriginPerHour > 0) {
      const decision = await this.limiter.take(`signup:origin:${clientNetwork(clientAddress)}`, perHour(this.options.perOriginPerHour));
      if (decision && !decision.allowed) return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds, scope: "origin" };
    }
    if (this.options.perHour > 0) {
      const decision = await this.limiter.take("signup:global", perHour(this.options.perHour));
      if (decision && !decision.allowed) return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds, scope: "global" };
    }
    return { allowed: true };
  }
}
