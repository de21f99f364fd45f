import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

export interface ThrottleDecision {
  allowed: boolean;
  /** Seconds until another attempt is allowed (when not allowed). */
  retryAfterSeconds: number;
}

/**
 * Failed-login limiter in Redis: at most `maxFailures` failures per (account, client address)
 * within `windowSeconds`, counted from the first failure; and, so that one address cannot spray
 * many accounts, 20 times that per address alone. A successful login clears the pair's count.
 *
 * Losing Redis resets the counts, which only re-opens the window: acceptable for a throttle.
 * If Redis cannot be reached the check throws, and the login answers 503 rather than letting
 * unthrottled guesses through.
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

  async check(email: string, ip: string): Promise<ThrottleDecision> {
    const { pair, address } = this.keys(email, ip);
    const results = await this.redis.multi().get(pair).ttl(pair).get(address).ttl(address).exec();
    if (!results) throw new Error("login throttle: Redis transaction aborted");
    const [pairCount, pairTtl, addressCount, addressTtl] = results.map(([error, value]) => {
      if (error) throw error;
      return Number(value ?? 0);
    }) as [number, number, number, number];
    if (pairCount >= this.options.maxFailures) return { allowed: false, retryAfterSeconds: Math.max(1, pairTtl) };
    if (addressCount >= this.options.maxFailures * 20) return { allowed: false, retryAfterSeconds: Math.max(1, addressTtl) };
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const { pair, address } = this.keys(email, ip);
    const window = this.options.windowSeconds;
    // EXPIRE … NX: the window starts at the first failure and is not extended by later ones.
    await this.redis.multi().incr(pair).expire(pair, window, "NX").incr(address).expire(address, window, "NX").exec();
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.redis.del(this.keys(email, ip).pair);
  }
}
