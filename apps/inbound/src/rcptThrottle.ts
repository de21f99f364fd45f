import { createHash } from "node:crypto";
import type { Logger } from "@svc/logger";
import { FailureThrottle, type Redis } from "@svc/queues";

export interface RcptThrottleOptions {
  /** Key namespace in Redis (the install's QUEUE_PREFIX). */
  prefix: string;
  /** Unknown recipients one client address may try within the window. */
  maxFailures: number;
  windowSeconds: number;
  log: Logger;
}

/**
 * Recipients refused for being unknown (550 5.1.1), counted per client address in Redis so that
 * every receiver process shares them (FailureThrottle; each process counts on its own while
 * Redis is away). An address past its limit is turned away at connect until its window ends: a
 * directory harvest gets that many guesses per window, however many connections it opens, and
 * each guess no longer costs a database look-up. Mail to known recipients never counts.
 */
export class RcptThrottle {
  private readonly throttle: FailureThrottle;

  constructor(
    redis: Redis,
    private readonly options: RcptThrottleOptions,
  ) {
    this.throttle = new FailureThrottle(redis, { name: "MX unknown recipients", windowSeconds: options.windowSeconds, log: options.log });
  }

  /** Hashed so that Redis holds no client address in the clear. */
  private counter(clientAddress: string) {
    const digest = createHash("sha256").update(clientAddress).digest("hex").slice(0, 32);
    return { key: `${this.options.prefix}:{mx-rcpt-fail}:address:${digest}`, limit: this.options.maxFailures };
  }

  /** Seconds until the address may try again, or 0 when it may now. */
  waitSeconds(clientAddress: string): Promise<number> {
    return this.throttle.waitSeconds([this.counter(clientAddress)]);
  }

  countFailure(clientAddress: string): Promise<void> {
    return this.throttle.countFailure([this.counter(clientAddress).key]);
  }
}
