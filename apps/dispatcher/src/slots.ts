import type { Redis } from "ioredis";

/**
 * Take a slot if fewer than ARGV[2] unexpired holders exist. Holders are members of a sorted
 * set scored by their expiry, so a process that dies mid-attempt frees its slot when the
 * lease runs out. Time comes from Redis, so every dispatcher host agrees on it.
 */
const ACQUIRE = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], nowMs + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
  return 1
end
return 0
`;

/**
 * Per-subscription concurrency cap across every dispatcher process: at most `limit` attempts
 * to one subscription are in flight at once, so a slow or dead endpoint ties up at most that
 * many of the worker's slots and the others keep serving other subscriptions.
 */
export class SubscriptionSlots {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    /** Longer than any attempt can take (the attempt deadline plus a margin). */
    private readonly leaseMs: number,
  ) {}

  private key(subscriptionId: string): string {
    return `${this.prefix}:webhook-slots:${subscriptionId}`;
  }

  async acquire(subscriptionId: string, holder: string): Promise<boolean> {
    const taken = await this.redis.eval(ACQUIRE, 1, this.key(subscriptionId), this.limit, this.leaseMs, holder);
    return taken === 1;
  }

  async release(subscriptionId: string, holder: string): Promise<void> {
    await this.redis.zrem(this.key(subscriptionId), holder);
  }
}
