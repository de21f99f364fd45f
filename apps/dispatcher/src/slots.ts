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
 *
 * A job that finds its subscription at the cap may wait here, briefly, for one of this process's
 * own attempts to that subscription to end, and then try again, rather than going back to the
 * queue for a second: under bursts above the cap that second would be most of a webhook's
 * latency. At most `maxWaiters` jobs wait per
 * subscription, so a hanging endpoint holds no more than `limit + maxWaiters` worker slots.
 */
export class SubscriptionSlots {
  /** Per subscription, the wake-up calls of the jobs waiting for a local release, oldest first. */
  private readonly waiters = new Map<string, Array<() => void>>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    /** Longer than any attempt can take (the attempt deadline plus a margin). */
    private readonly leaseMs: number,
    private readonly maxWaiters = 0,
  ) {}

  private key(subscriptionId: string): string {
    return `${this.prefix}:webhook-slots:${subscriptionId}`;
  }

  /**
   * Takes a slot for `holder`. When none is free, waits up to `waitMs` for this process to
   * release one of the subscription's slots (if fewer than `maxWaiters` already wait), trying
   * again after each release. False when no slot was had in time.
   */
  async acquire(subscriptionId: string, holder: string, waitMs = 0): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const taken = await this.redis.eval(ACQUIRE, 1, this.key(subscriptionId), this.limit, this.leaseMs, holder);
      if (taken === 1) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0 || !(await this.localRelease(subscriptionId, remaining))) return false;
    }
  }

  async release(subscriptionId: string, holder: string): Promise<void> {
    const removed = this.redis.zrem(this.key(subscriptionId), holder);
    // After the ZREM is queued: commands on one connection run in order, so the woken job's
    // EVAL finds the slot free (unless another process took it first; then it waits again).
    this.waiters.get(subscriptionId)?.shift()?.();
    await removed;
  }

  /** Resolves true when this process releases a slot of the subscription, false after `ms` or at once when enough jobs wait. */
  private localRelease(subscriptionId: string, ms: number): Promise<boolean> {
    const queue = this.waiters.get(subscriptionId) ?? [];
    if (queue.length >= this.maxWaiters) return Promise.resolve(false);
    this.waiters.set(subscriptionId, queue);
    return new Promise<boolean>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.forget(subscriptionId, queue);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = queue.indexOf(wake);
        if (index >= 0) queue.splice(index, 1);
        this.forget(subscriptionId, queue);
        resolve(false);
      }, ms);
      queue.push(wake);
    });
  }

  private forget(subscriptionId: string, queue: Array<() => void>): void {
    if (queue.length === 0 && this.waiters.get(subscriptionId) === queue) this.waiters.delete(subscriptionId);
  }
}
