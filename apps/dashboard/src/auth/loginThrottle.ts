import { createHash } from "node:crypto";
import type { Logger } from "@svc/logger";
import { FailureThrottle, type Redis, type ThrottleReservation } from "@svc/queues";
import { withTimeout } from "@svc/runtime";
import { clientNetwork } from "./clientNetwork.ts";

export type ThrottleDecision = ThrottleReservation;

export interface LoginThrottleOptions {
  prefix: string;
  /** Failed attempts per (account, client network) within the window. */
  maxFailures: number;
  /** Failed attempts per account from networks it has never signed in from, within the window. */
  maxAccountFailures: number;
  windowSeconds: number;
  /** How long a network an account signed in from stays known to it. */
  knownNetworkSeconds: number;
  log: Logger;
}

/** How long a login waits for Redis to say whether its network is known before treating it as new. */
const KNOWN_LOOKUP_TIMEOUT_MS = 1_000;

/**
 * Password-attempt limiter (FailureThrottle, shared through Redis). Clients are counted by network
 * (an IPv6 client by its /64, so one host's 2^64 addresses are one guesser). Per window:
 * - `maxFailures` per (account, network);
 * - 20 times that per network alone, so that one network cannot spray many accounts;
 * - `maxAccountFailures` per account over every network it has not signed in from before, so that
 *   many networks together cannot guess one password. A network the account signed in from
 *   within `knownNetworkSeconds` skips this counter: an attack from elsewhere slows strangers and
 *   new devices, never the owner at their usual place.
 * An attempt reserves its slots before the password is verified (reserve-then-verify), so a burst
 * of parallel guesses gets at most the limits verified and the rest 429; a wrong password keeps
 * its slots as the failure count, a right one clears the pair's count and gives the others back.
 *
 * Losing Redis's data resets the counts (and forgets known networks), which only re-opens the
 * window. While Redis cannot be reached, each process counts on its own (see FailureThrottle).
 */
export class LoginThrottle {
  private readonly throttle: FailureThrottle;

  constructor(
    private readonly redis: Redis,
    private readonly options: LoginThrottleOptions,
  ) {
    this.throttle = new FailureThrottle(redis, { name: "dashboard login", windowSeconds: options.windowSeconds, log: options.log });
  }

  private keys(email: string, ip: string) {
    // Hashed so that the keys do not spell out who is being attacked.
    const account = createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
    const network = clientNetwork(ip);
    // One hash tag for all: the throttle's script reserves them together, so on a Redis Cluster they share a slot.
    const base = `${this.options.prefix}:{login-fail}`;
    return {
      pair: `${base}:${account}:${network}`,
      network: `${base}:ip:${network}`,
      account: `${base}:account:${account}`,
      known: `${base}:known:${account}:${network}`,
    };
  }

  async reserve(email: string, ip: string): Promise<ThrottleDecision> {
    const keys = this.keys(email, ip);
    const { maxFailures, maxAccountFailures } = this.options;
    const counters = [
      { key: keys.pair, limit: maxFailures, clearedBySuccess: true },
      { key: keys.network, limit: maxFailures * 20 },
    ];
    if (!(await this.isKnown(keys.known))) counters.push({ key: keys.account, limit: maxAccountFailures });
    const decision = await this.throttle.reserve(counters);
    if (!decision.allowed) return decision;
    return {
      ...decision,
      succeeded: async () => {
        await decision.succeeded();
        await this.redis.set(keys.known, "1", "EX", this.options.knownNetworkSeconds).catch((error: unknown) => {
          this.options.log.warn({ err: error }, "could not remember a login's network");
        });
      },
    };
  }

  private async isKnown(key: string): Promise<boolean> {
    try {
      return (await withTimeout(this.redis.exists(key), KNOWN_LOOKUP_TIMEOUT_MS, "known-network lookup timed out")) === 1;
    } catch {
      return false;
    }
  }
}
