import { createHash } from "node:crypto";
import type { Logger } from "@svc/logger";
import { FailureThrottle, type Redis, type ThrottleCounter } from "@svc/queues";

export interface AuthThrottleOptions {
  /** Key namespace in Redis (the install's QUEUE_PREFIX). */
  prefix: string;
  maxFailures: number;
  windowSeconds: number;
  log: Logger;
}

/** Who failed: the client's address (from the PROXY header when one is read), and the API key once the presented key is known to be it. */
export interface AuthFailureSource {
  clientAddress: string;
  keyId?: string;
}

/**
 * Failed SMTP AUTH attempts (FailureThrottle, counted in Redis so that every relay process shares
 * them): at most `maxFailures` per client address, and per API key, within the window from the
 * first. While Redis cannot be reached, each process counts on its own.
 *
 * A key's counter is only ever touched by someone who presented that very key (its hash matched):
 * nothing a stranger can guess or read, such as a key's first characters, locks it out. The
 * address is the client's own, so behind a load balancer the relay must be told it (PROXY
 * protocol, or `externalTrafficPolicy: Local`), or one stale client would lock out everyone.
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

  /** Hashed so that Redis holds no client address in the clear. */
  private counters({ clientAddress, keyId }: AuthFailureSource): ThrottleCounter[] {
    const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);
    // One hash tag for every counter: the throttle's script takes them together, so on a Redis Cluster they share a slot.
    const counters = [{ key: `${this.options.prefix}:{smtp-auth-fail}:address:${digest(clientAddress)}`, limit: this.options.maxFailures }];
    if (keyId !== undefined)
      counters.push({ key: `${this.options.prefix}:{smtp-auth-fail}:key-id:${keyId}`, limit: this.options.maxFailures });
    return counters;
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  waitSeconds(source: AuthFailureSource): Promise<number> {
    return this.throttle.waitSeconds(this.counters(source));
  }

  countFailure(source: AuthFailureSource): Promise<void> {
    return this.throttle.countFailure(this.counters(source).map((counter) => counter.key));
  }
}
