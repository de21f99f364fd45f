import type { Redis } from "ioredis";
import { type ScriptedRedis, withScripts } from "./scripts.ts";

/** BullMQ's largest priority. */
const MAX_PRIORITY = 2 ** 21 - 1;

export interface FairnessOptions {
  /** The sliding window over which a group's sends are counted. */
  windowMs?: number;
  /** Jobs a group may add per window at the best priority; each further step costs one level. */
  step?: number;
}

/**
 * Send-queue priorities that keep one workspace's burst from delaying everyone else's mail.
 * A job's priority (BullMQ: lower runs first, FIFO within one level) grows with how many jobs its
 * workspace added over the last window: a workspace that queues 100,000 emails at once has its
 * later ones at level 1,000, while another workspace's occasional email is at level 1 and is taken
 * next. A steady sender stays at one level, so its mail keeps its order; a burst goes behind
 * mail that arrives after it from quieter workspaces (its own later mail included, once the
 * window has passed).
 */
export class SendFairness {
  private readonly redis: ScriptedRedis;
  private readonly windowMs: number;
  private readonly step: number;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    options: FairnessOptions = {},
  ) {
    // A defined command runs by its hash (EVALSHA): every send would otherwise ship the script.
    this.redis = withScripts(redis);
    this.windowMs = options.windowMs ?? 60_000;
    this.step = options.step ?? 100;
  }

  /** Priorities for `count` jobs of `group` added now, in order. */
  async priorities(group: string, count: number, now: number = Date.now()): Promise<number[]> {
    const window = Math.floor(now / this.windowMs);
    // The group is the hash tag: the script reads both windows, which on a Redis Cluster must share a slot.
    const key = (n: number) => `${this.prefix}:send-fairness:{${group}}:${n}`;
    const [after, previous] = await this.redis.svcSendFairness(key(window), key(window - 1), count, this.windowMs * 2);
    // The previous window counts for the part of it still inside the sliding window.
    const elapsed = (now % this.windowMs) / this.windowMs;
    const before = after - count + previous * (1 - elapsed);
    return Array.from({ length: count }, (_, i) => Math.min(MAX_PRIORITY, 1 + Math.floor((before + i) / this.step)));
  }
}
