import type { Logger } from "@svc/logger";
import { withTimeout } from "@svc/runtime";
import type { Redis } from "ioredis";
import { type ScriptedRedis, withScripts } from "./scripts.ts";

export interface RateLimitPolicy {
  perSecond: number;
  burst: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a request would be allowed (0 when this one was). */
  retryAfterSeconds: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
}

/** What a refused request (or SMTP message) is told. */
export function rateLimitedMessage(policy: RateLimitPolicy, decision: RateLimitDecision): string {
  return `Too many requests: this API key may make ${policy.perSecond} requests per second, in bursts of up to ${policy.burst}. Retry after ${decision.retryAfterSeconds} s.`;
}

/** How long a request waits for the limiter before it passes unlimited. */
const DECISION_TIMEOUT_MS = 250;
/** While the limiter fails, one warning per this interval (with how many requests passed), not one per request. */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * Per-key request limits shared by every API and SMTP relay process through Redis: one atomic
 * GCRA step per request (`lua/gcra-1.lua`), on Redis's clock. When Redis cannot answer
 * (down, flushed, slow), requests are not refused because of the limiter: `take` answers null and
 * the request goes on, since a send is durable in Postgres without Redis. The failure is logged
 * when it starts, at most once a minute while it lasts, and when it ends.
 */
export class RedisRateLimiter {
  private readonly redis: ScriptedRedis;
  private failingSince: number | null = null;
  private lastFailureLog = 0;
  private passedUnlimited = 0;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
  ) {
    this.redis = withScripts(redis);
  }

  /** Counts one request of `subject` under `policy`; null when the limiter could not decide. */
  async take(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision | null> {
    let answer: [number, number, number, number];
    try {
      answer = await withTimeout(
        this.redis.svcGcra(`${this.keyPrefix}:ratelimit:${subject}`, String(1000 / policy.perSecond), String(policy.burst)),
        DECISION_TIMEOUT_MS,
        `rate limiter took longer than ${DECISION_TIMEOUT_MS} ms`,
      );
    } catch (error) {
      this.failed(error);
      return null;
    }
    this.recovered();
    const [allowed, remaining, retryMs, fullMs] = answer;
    return {
      allowed: allowed === 1,
      limit: policy.burst,
      remaining: Math.max(0, remaining),
      retryAfterSeconds: allowed === 1 ? 0 : Math.max(1, Math.ceil(retryMs / 1000)),
      resetSeconds: Math.max(0, Math.ceil(fullMs / 1000)),
    };
  }

  private failed(error: unknown): void {
    const now = this.clock();
    this.passedUnlimited += 1;
    if (this.failingSince === null) this.failingSince = now;
    if (now - this.lastFailureLog < FAILURE_LOG_INTERVAL_MS) return;
    this.log.warn(
      { err: error, requestsPassedUnlimited: this.passedUnlimited, failingForMs: now - this.failingSince },
      "request rate limiter unavailable (Redis?): requests pass without a limit",
    );
    this.lastFailureLog = now;
    this.passedUnlimited = 0;
  }

  private recovered(): void {
    if (this.failingSince === null) return;
    this.log.info(
      { requestsPassedUnlimited: this.passedUnlimited, failedForMs: this.clock() - this.failingSince },
      "request rate limiter available again",
    );
    this.failingSince = null;
    this.lastFailureLog = 0;
    this.passedUnlimited = 0;
  }
}
