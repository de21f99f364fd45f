import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

export type ThrottleDecision =
  | {
      allowed: true;
      /** The password was right: the pair's failures are cleared and this attempt uncounted. */
      succeeded(): Promise<void>;
      /** Nothing was checked after all (an error, a vanished invitation): this attempt is uncounted. */
      release(): Promise<void>;
    }
  | {
      allowed: false;
      /** Seconds until another attempt is allowed. */
      retryAfterSeconds: number;
    };

/**
 * Takes one attempt slot if both counters are under their limits, in one atomic step: two
 * concurrent attempts can never both see the last free slot. Answers {1, 0} when taken, or
 * {0, ttl} of the counter that is full. EXPIRE … NX: the window starts at the first attempt and
 * is not extended by later ones.
 */
const RESERVE = `
local pair = tonumber(redis.call('GET', KEYS[1]) or '0')
local address = tonumber(redis.call('GET', KEYS[2]) or '0')
if pair >= tonumber(ARGV[1]) then return {0, redis.call('TTL', KEYS[1])} end
if address >= tonumber(ARGV[2]) then return {0, redis.call('TTL', KEYS[2])} end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[3], 'NX')
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[3], 'NX')
return {1, 0}
`;

/** Gives a slot back, never below zero (the key may have expired in between). */
const RELEASE = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0
`;

/**
 * Password-attempt limiter in Redis: at most `maxFailures` attempts per (account, client
 * address) within `windowSeconds`, counted from the first; and, so that one address cannot spray
 * many accounts, 20 times that per address alone. An attempt reserves its slot before the
 * password is verified (reserve-then-verify), so a burst of parallel guesses gets at most the
 * limit verified and the rest 429; a wrong password keeps its slot as the failure count, a right
 * one clears the pair's count.
 *
 * Losing Redis resets the counts, which only re-opens the window: acceptable for a throttle.
 * If Redis cannot be reached the reservation throws, and the login answers 503 rather than
 * letting unthrottled guesses through.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly options: { prefix: string; maxFailures: number; windowSeconds: number },
  ) {}

  private keys(email: string, ip: string): { pair: string; address: string } {
    // Hashed so that the keys do not spell out who is being attacked.
    const account = createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
    return { pair: `${this.options.prefix}:login-fail:${account}:${ip}`, address: `${this.options.prefix}:login-fail-ip:${ip}` };
  }

  async reserve(email: string, ip: string): Promise<ThrottleDecision> {
    const { pair, address } = this.keys(email, ip);
    const { maxFailures, windowSeconds } = this.options;
    const [taken, ttl] = (await this.redis.eval(RESERVE, 2, pair, address, maxFailures, maxFailures * 20, windowSeconds)) as [number, number];
    if (taken !== 1) return { allowed: false, retryAfterSeconds: Math.max(1, ttl) };
    return {
      allowed: true,
      succeeded: async () => {
        await this.redis.multi().del(pair).eval(RELEASE, 1, address).exec();
      },
      release: async () => {
        await this.redis.eval(RELEASE, 2, pair, address);
      },
    };
  }
}
