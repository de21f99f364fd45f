import type { Redis } from "ioredis";
import { type ScriptedRedis, withScripts } from "./scripts.ts";

/** BullMQ's largest priority. */
const MAX_PRIORITY = 2 ** 21 - 1;

export interface FairnessOptions {
  /** The sliding window over which a group's sends are counted. */
  windowMs?: number;
  /** Jobs a group may add per window at the best priority; each further step costs one level. */
  step?: number;
  /**
   * How long this process's counts wait before they are added to the shared ones in Redis (and
   * the other processes' counts are read back): how stale a group's estimate may be.
   */
  syncMs?: number;
}

/** What this process knows of one group's sends in the current and previous window. */
interface GroupCount {
  window: number;
  /** The shared count of `window` at the last sync, this process's synced adds included. */
  shared: number;
  /** The shared count of the window before, at the last sync. */
  previous: number;
  /** Adds of this process in `window` not yet synced. */
  unsynced: number;
}

/**
 * Send-queue priorities that keep one workspace's burst from delaying everyone else's mail.
 * A job's priority (BullMQ: lower runs first, FIFO within one level) grows with how many jobs its
 * workspace added over the last window: a workspace that queues 100,000 emails at once has its
 * later ones at level 1,000, while another workspace's occasional email is at level 1 and is taken
 * next. A steady sender stays at one level, so its mail keeps its order; a burst goes behind
 * mail that arrives after it from quieter workspaces (its own later mail included, once the
 * window has passed).
 *
 * The counts are estimated in the process and shared through Redis in the background, so that a
 * send pays no round trip for its priority: this process's own adds count at once, the other
 * processes' within `syncMs` (one script call per group with adds, per sync). Adds not yet synced
 * when a process dies are not counted: a priority is advice, never a limit.
 */
export class SendFairness {
  private readonly redis: ScriptedRedis;
  private readonly windowMs: number;
  private readonly step: number;
  private readonly syncMs: number;
  private readonly groups = new Map<string, GroupCount>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    options: FairnessOptions = {},
  ) {
    // A defined command runs by its hash (EVALSHA): every sync would otherwise ship the script.
    this.redis = withScripts(redis);
    this.windowMs = options.windowMs ?? 60_000;
    this.step = options.step ?? 100;
    this.syncMs = options.syncMs ?? 100;
  }

  /** Priorities for `count` jobs of `group` added now, in order. */
  priorities(group: string, count: number, now: number = Date.now()): number[] {
    const window = Math.floor(now / this.windowMs);
    const counted = this.countOf(group, window);
    // The previous window counts for the part of it still inside the sliding window.
    const elapsed = (now % this.windowMs) / this.windowMs;
    const before = counted.shared + counted.unsynced + counted.previous * (1 - elapsed);
    counted.unsynced += count;
    this.scheduleSync();
    return Array.from({ length: count }, (_, i) => Math.min(MAX_PRIORITY, 1 + Math.floor((before + i) / this.step)));
  }

  /** Adds this process's unsynced counts to Redis now and reads the shared ones back. */
  sync(): Promise<void> {
    this.syncing ??= this.syncAll().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** Syncs what is left and stops the timer. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sync().catch(() => {});
  }

  private countOf(group: string, window: number): GroupCount {
    const known = this.groups.get(group);
    if (known?.window === window) return known;
    // A new window: the one that ended is its previous (as far as this process knows it).
    const fresh: GroupCount = {
      window,
      shared: 0,
      previous: known?.window === window - 1 ? known.shared + known.unsynced : 0,
      unsynced: 0,
    };
    this.groups.set(group, fresh);
    return fresh;
  }

  private scheduleSync(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sync().catch(() => {});
    }, this.syncMs);
    this.timer.unref();
  }

  private async syncAll(): Promise<void> {
    // The group is the hash tag: the script reads both windows, which on a Redis Cluster must share a slot.
    const key = (group: string, window: number) => `${this.prefix}:send-fairness:{${group}}:${window}`;
    const current = Math.floor(Date.now() / this.windowMs);
    const work: Promise<void>[] = [];
    for (const [group, counted] of this.groups) {
      // Nothing to add, and nothing this process will ask about soon: forget it (memory stays
      // bounded by the groups that sent within the last window).
      if (counted.unsynced === 0) {
        if (counted.window < current) this.groups.delete(group);
        continue;
      }
      const adding = counted.unsynced;
      const { window } = counted;
      work.push(
        this.redis.svcSendFairness(key(group, window), key(group, window - 1), adding, this.windowMs * 2).then(
          ([after, previous]) => {
            counted.unsynced -= adding;
            // Another sync may have moved the group on to a later window meanwhile.
            if (this.groups.get(group) !== counted) return;
            counted.shared = after;
            counted.previous = previous;
          },
          () => {
            // Redis unavailable: the counts stay unsynced and go with the next sync.
            this.scheduleSync();
          },
        ),
      );
    }
    await Promise.all(work);
  }
}
