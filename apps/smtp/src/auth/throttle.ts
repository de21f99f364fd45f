import { createHash } from "node:crypto";
import type { Logger } from "@svc/logger";
import { FailureThrottle, type Redis, type ThrottleCounter } from "@svc/queues";

/**
 * The part of a presented password that names a key family: `svc_live_` or `svc_test_` and the
 * first eight random characters. Counting failures per prefix stops a guesser who spreads one
 * partly known key over many addresses.
 */
const PREFIX_LENGTH = "svc_live_".length + 8;

export interface AuthThrottleOptions {
  /** Key namespace in Redis (the install's QUEUE_PREFIX). */
  prefix: string;
  maxFailures: number;
  windowSeconds: number;
  log: Logger;
}

/**
 * Failed SMTP AUTH attempts (FailureThrottle, counted in Redis so that every relay process shares
 * them): at most `maxFailures` per client address, and per key prefix, within the window from the
 * first. While Redis cannot be reached, each process counts on its own.
 *
 * Only failures count, and a success clears nothing: a busy client opening many connections
 * with a right key is never slowed, and a right key cannot be used to reset an address's count.
 * Checking and counting are two steps, so a burst of parallel attempts from one address may
 * exceed the limit by the number in flight; with keys of 190 random bits that buys a guesser
 * nothing, and the counters still stop a sustained attempt.
 */
export class AuthThrottle {
  private readonly throttle: FailureThrottle;

  constructor(
    redis: Redis,
    private readonly options: AuthThrottleOptions,
  ) {
    this.throttle = new FailureThrottle(redis, { name: "SMTP AUTH", windowSeconds: options.windowSeconds, log: options.log });
  }

  /** Hashed so that Redis holds neither addresses in the clear nor any part of a key. */
  private counters(clientAddress: string, password: string): ThrottleCounter[] {
    const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);
    return [
      { key: `${this.options.prefix}:smtp-auth-fail:address:${digest(clientAddress)}`, limit: this.options.maxFailures },
      { key: `${this.options.prefix}:smtp-auth-fail:key:${digest(password.slice(0, PREFIX_LENGTH))}`, limit: this.options.maxFailures },
    ];
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  waitSeconds(clientAddress: string, password: string): Promise<number> {
    return this.throttle.waitSeconds(this.counters(clientAddress, password));
  }

  countFailure(clientAddress: string, password: string): Promise<void> {
    return this.throttle.countFailure(this.counters(clientAddress, password).map((counter) => counter.key));
  }
}
