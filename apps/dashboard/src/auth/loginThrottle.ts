import { createHash } from "node:crypto";
import type { Logger } from "@svc/logger";
import { FailureThrottle, type Redis, type ThrottleReservation } from "@svc/queues";

export type ThrottleDecision = ThrottleReservation;

/**
 * Password-attempt limiter (FailureThrottle, shared through Redis): at most `maxFailures`
 * attempts per (account, client address) within `windowSeconds`, counted from the first; and, so
 * that one address cannot spray many accounts, 20 times that per address alone. An attempt
 * reserves its slot before the password is verified (reserve-then-verify), so a burst of parallel
 * guesses gets at most the limit verified and the rest 429; a wrong password keeps its slot as
 * the failure count, a right one clears the pair's count.
 *
 * Losing Redis's data resets the counts, which only re-opens the window: acceptable for a
 * throttle. While Redis cannot be reached, each process counts on its own (see FailureThrottle).
 */
export class LoginThrottle {
  private readonly throttle: FailureThrottle;

  constructor(
    redis: Redis,
    private readonly options: { prefix: string; maxFailures: number; windowSeconds: number; log: Logger },
  ) {
    this.throttle = new FailureThrottle(redis, { name: "dashboard login", windowSeconds: options.windowSeconds, log: options.log });
  }

  private keys(email: string, ip: string): { pair: string; address: string } {
    // Hashed so that the keys do not spell out who is being attacked.
    const account = createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
    // One hash tag for both: the throttle's script reserves them together, so on a Redis Cluster they share a slot.
    return { pair: `${this.options.prefix}:{login-fail}:${account}:${ip}`, address: `${this.options.prefix}:{login-fail}:ip:${ip}` };
  }

  reserve(email: string, ip: string): Promise<ThrottleDecision> {
    const { pair, address } = this.keys(email, ip);
    const { maxFailures } = this.options;
    return this.throttle.reserve([
      { key: pair, limit: maxFailures, clearedBySuccess: true },
      { key: address, limit: maxFailures * 20 },
    ]);
  }
}
