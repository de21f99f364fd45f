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

/** How long a request waits for the limiter before it passes unlimited, unless told otherwise. */
const DEFAULT_DECISION_TIMEOUT_MS = 250;
/** While the limiter fails, one warning per this interval (with how many requests passed), not one per request. */
const FAILURE_LOG_INTERVAL_MS = 60_000;
/** The most requests one round trip pays for ahead (see leaseSizeFor). */
const MAX_LEASE = 20;
/** How long a process may spend requests it paid for ahead; what is left then is dropped. */
const LEASE_MS = 1_000;

/**
 * Requests a process pays for ahead in one round trip to Redis, and then spends without one: a
 * tenth of the key's rate or burst, whichever is smaller, so that a busy key costs a tenth of the
 * round trips while the requests one process holds unspent are a small share of the key's limit
 * (the others may refuse while one holds them; none lets more through than the bucket allows).
 * Below 20 a second a request pays for itself alone, exactly as without leases.
 */
export function leaseSizeFor(policy: RateLimitPolicy): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(Math.min(policy.perSecond, policy.burst) / 10)));
}

type Waiter = (decision: RateLimitDecision | null) => void;

export interface RateLimiterOptions {
  /** The limiter's time (milliseconds), for leases and logs; Redis's clock times the buckets. */
  clock?: () => number;
  /** How long a request waits for Redis before it passes unlimited. */
  decisionTimeoutMs?: number;
}

/** Requests of one key this process has paid for and not yet spent. */
interface Lease {
  requests: number;
  /** The bucket's remaining requests when they were paid for, not counting them. */
  remainingBeyond: number;
  fullAt: number;
  expiresAt: number;
}

/**
 * Per-key request limits shared by every API and SMTP relay process through Redis: atomic GCRA
 * steps (`lua/gcra-1.lua`) on Redis's clock, each paying for one request or, for a busy key, a
 * few ahead (leaseSizeFor), which the process spends without asking again. When Redis cannot answer
 * (down, flushed, slow), requests are not refused because of the limiter: `take` answers null and
 * the request goes on, since a send is durable in Postgres without Redis. The failure is logged
 * when it starts, at most once a minute while it lasts, and when it ends.
 */
export class RedisRateLimiter {
  private readonly redis: ScriptedRedis;
  private failingSince: number | null = null;
  private lastFailureLog = 0;
  private passedUnlimited = 0;
  /** By key, in the order they expire (each is set anew when renewed). */
  private readonly leases = new Map<string, Lease>();
  /** By key, the requests waiting for the key's round trip under way. */
  private readonly waiting = new Map<string, Waiter[]>();
  private readonly clock: () => number;
  private readonly decisionTimeoutMs: number;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly log: Logger,
    options: RateLimiterOptions = {},
  ) {
    this.redis = withScripts(redis);
    this.clock = options.clock ?? Date.now;
    this.decisionTimeoutMs = options.decisionTimeoutMs ?? DEFAULT_DECISION_TIMEOUT_MS;
  }

  /** Counts one request of `subject` under `policy`; null when the limiter could not decide. */
  take(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision | null> {
    const leased = this.spendLeased(subject, policy);
    if (leased) return Promise.resolve(leased);
    return new Promise((resolve) => {
      // Requests that come while the key's round trip is under way wait for it: it pays for
      // them too when it can, where a round trip each would pay ahead for requests already refused.
      const waiting = this.waiting.get(subject);
      if (waiting) {
        waiting.push(resolve);
        return;
      }
      const waiters = [resolve];
      this.waiting.set(subject, waiters);
      void this.payFor(subject, policy, waiters).catch((error: unknown) => this.passUnlimited(subject, waiters, error));
    });
  }

  /**
   * Pays for the waiting requests of a key (and a lease ahead), answering each in order, until
   * none waits or the bucket has no more.
   */
  private async payFor(subject: string, policy: RateLimitPolicy, waiters: Waiter[]): Promise<void> {
    while (waiters.length > 0) {
      const wanted = Math.max(leaseSizeFor(policy), waiters.length);
      let answer: [number, number, number, number];
      try {
        answer = await withTimeout(
          this.redis.svcGcra(
            `${this.keyPrefix}:ratelimit:${subject}`,
            String(1000 / policy.perSecond),
            String(policy.burst),
            String(wanted),
          ),
          this.decisionTimeoutMs,
          `rate limiter took longer than ${this.decisionTimeoutMs} ms`,
        );
      } catch (error) {
        this.passUnlimited(subject, waiters, error);
        return;
      }
      this.recovered();
      const [paid, remaining, retryMs, fullMs] = answer;
      const now = this.clock();
      const served = waiters.splice(0, paid);
      const ahead = this.keepLease(subject, {
        requests: paid - served.length,
        remainingBeyond: Math.max(0, remaining),
        fullAt: now + fullMs,
        expiresAt: now + LEASE_MS,
      });
      served.forEach((resolve, index) => {
        resolve({
          allowed: true,
          limit: policy.burst,
          remaining: Math.max(0, remaining) + ahead + (served.length - 1 - index),
          retryAfterSeconds: 0,
          resetSeconds: Math.max(0, Math.ceil(fullMs / 1000)),
        });
      });
      if (paid < wanted) {
        // The bucket had no more: the next request is paid for once one more interval has passed.
        const refusal: RateLimitDecision = {
          allowed: false,
          limit: policy.burst,
          remaining: 0,
          retryAfterSeconds: Math.max(1, Math.ceil((paid === 0 ? retryMs : 1000 / policy.perSecond) / 1000)),
          resetSeconds: Math.max(0, Math.ceil(fullMs / 1000)),
        };
        for (const resolve of waiters.splice(0)) resolve(refusal);
      }
    }
    // Before any waiter's caller runs again: a request it makes next must start a round trip of its own.
    this.waiting.delete(subject);
  }

  /** The key's waiting requests pass unlimited: the limiter could not decide. */
  private passUnlimited(subject: string, waiters: Waiter[], error: unknown): void {
    this.waiting.delete(subject);
    for (const resolve of waiters.splice(0)) {
      this.failed(error);
      resolve(null);
    }
  }

  /** A request paid for ahead by this process, if it holds one for the key. */
  private spendLeased(subject: string, policy: RateLimitPolicy): RateLimitDecision | null {
    const lease = this.leases.get(subject);
    const now = this.clock();
    if (!lease || lease.requests === 0 || lease.expiresAt <= now) return null;
    lease.requests -= 1;
    return {
      allowed: true,
      limit: policy.burst,
      remaining: lease.remainingBeyond + lease.requests,
      retryAfterSeconds: 0,
      resetSeconds: Math.max(0, Math.ceil((lease.fullAt - now) / 1000)),
    };
  }

  /**
   * Keeps the requests just paid for ahead (with any the key's lease still holds) and drops
   * expired leases; answers how many the key now holds.
   */
  private keepLease(subject: string, paidAhead: Lease): number {
    const held = this.leases.get(subject);
    const stillHeld = held && held.expiresAt > this.clock() ? held.requests : 0;
    this.leases.delete(subject);
    const requests = stillHeld + Math.max(0, paidAhead.requests);
    if (requests > 0) this.leases.set(subject, { ...paidAhead, requests });
    for (const [key, lease] of this.leases) {
      if (lease.expiresAt > this.clock()) break;
      this.leases.delete(key);
    }
    return requests;
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
