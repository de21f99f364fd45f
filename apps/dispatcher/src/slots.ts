import { randomBytes } from "node:crypto";
import type { Logger } from "@svc/logger";
import { recordSlotWait } from "@svc/metrics/dispatcher";
import { type Redis, type ScriptedRedis, withScripts } from "@svc/queues";
import { every, type PeriodicTask } from "@svc/runtime";

/** How long a process's liveness key outlives its last refresh, and how often it is refreshed. */
export const LIVENESS_TTL_MS = 6_000;
export const LIVENESS_REFRESH_MS = 2_000;
/** How long a subscription's last slot movement is remembered: longer than any job waits for a slot. */
const ACTIVITY_MEMORY_MS = 60_000;

/**
 * Per-subscription concurrency cap across every dispatcher process: at most `limit` attempts
 * to one subscription are in flight at once, so a slow or dead endpoint ties up at most that
 * many of the worker's slots and the others keep serving other subscriptions.
 *
 * A job that finds its subscription at the cap may wait here, briefly, for one of this process's
 * own attempts to that subscription to end, and then try again, rather than going back to the
 * queue for a second: under bursts above the cap that second would be most of a webhook's
 * latency. At most `maxWaiters` jobs wait per
 * subscription, so a hanging endpoint holds no more than `limit + maxWaiters` worker slots. And
 * only for a subscription this process took or released a slot of within the wait: one whose
 * attempts all hang frees nothing locally before their deadline, and a job waiting for it would
 * hold a worker slot for nothing that another subscription, or another workspace, could use.
 *
 * A released slot may be kept a moment (`keeping`) for this process's next attempt to the same
 * subscription, which then takes it without asking Redis: a busy subscription's attempts cost no
 * round trip for their slot, where each would otherwise cost two (take and give back). A kept slot
 * still counts against the cap, so the other processes see it held until it is given back, which
 * is at most `keeping.holdMs` after its last attempt ended. It is reused only while its lease has
 * time for a whole attempt (taken less than `keeping.reuseWithinMs` ago).
 *
 * Each process is one instance with a liveness key refreshed while it runs (`start()`); its
 * slots are reclaimed by the others once that key is gone. A process that stalls longer than the
 * key's lifetime may briefly see the cap exceeded: the cap protects endpoints and the worker's
 * slots, and no delivery depends on it.
 */
export interface SlotKeeping {
  /** How long a released slot is kept for the next attempt to its subscription before it is given back. */
  holdMs: number;
  /** A kept slot is reused only this soon after it was taken (its lease must outlast the attempt). */
  reuseWithinMs: number;
}

/** A slot this process holds in Redis: its member, and when (local time, before asking) it was taken. */
interface HeldSlot {
  member: string;
  takenAtMs: number;
}

interface KeptSlot extends HeldSlot {
  giveBack: NodeJS.Timeout;
}

export class SubscriptionSlots {
  /** Per subscription, the wake-up calls of the jobs waiting for a local release, oldest first. */
  private readonly waiters = new Map<string, Array<() => void>>();
  /** Per subscription, when this process last took or released one of its slots, least recent first. */
  private readonly lastActive = new Map<string, number>();
  /** The slots attempts hold now, by subscription and holder. */
  private readonly held = new Map<string, HeldSlot>();
  /** Per subscription, released slots kept for its next attempt, newest last. */
  private readonly kept = new Map<string, KeptSlot[]>();
  /** This process's name in slot members: random, so a restarted process is a new instance. */
  readonly instance = randomBytes(12).toString("base64url");
  private heartbeat: PeriodicTask | undefined;
  private readonly redis: ScriptedRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    /** Longer than any attempt can take (the attempt deadline plus a margin). */
    private readonly leaseMs: number,
    private readonly maxWaiters = 0,
    private readonly keeping: SlotKeeping = { holdMs: 0, reuseWithinMs: 0 },
  ) {
    // The slot script (`slotAcquire-1.lua` in @svc/queues) runs by its hash.
    this.redis = withScripts(redis);
  }

  // The slot script reads liveness keys besides the subscription's set: one install-wide hash tag
  // keeps them all in one slot of a Redis Cluster.
  private key(subscriptionId: string): string {
    return `${this.prefix}:{webhook-slots}:${subscriptionId}`;
  }

  private get livenessPrefix(): string {
    return `${this.prefix}:{webhook-slots}:dispatcher-alive:`;
  }

  private member(holder: string): string {
    return `${this.instance}|${holder}`;
  }

  private async beat(): Promise<void> {
    await this.redis.set(this.livenessPrefix + this.instance, "1", "PX", LIVENESS_TTL_MS);
  }

  /** Writes this process's liveness key and keeps it fresh; before the first acquire. */
  async start(log: Logger): Promise<void> {
    await this.beat();
    this.heartbeat = every("dispatcher liveness", LIVENESS_REFRESH_MS, () => this.beat(), log);
  }

  /** After the last release: gives back the kept slots; the others need not wait for the key to expire. */
  async stop(): Promise<void> {
    await this.heartbeat?.stop();
    const giveBacks: Array<Promise<unknown>> = [];
    for (const [subscriptionId, slots] of this.kept) {
      for (const slot of slots) {
        clearTimeout(slot.giveBack);
        giveBacks.push(this.redis.zrem(this.key(subscriptionId), slot.member));
      }
    }
    this.kept.clear();
    await Promise.all(giveBacks);
    await this.redis.del(this.livenessPrefix + this.instance);
  }

  private heldKey(subscriptionId: string, holder: string): string {
    return `${subscriptionId}\n${holder}`;
  }

  /** A kept slot of the subscription whose lease still has time for an attempt, taken off the kept list. */
  private takeKept(subscriptionId: string): HeldSlot | undefined {
    const slots = this.kept.get(subscriptionId);
    const slot = slots?.pop();
    if (!slot) return undefined;
    if (slots!.length === 0) this.kept.delete(subscriptionId);
    clearTimeout(slot.giveBack);
    if (Date.now() - slot.takenAtMs < this.keeping.reuseWithinMs) return slot;
    this.removeFromRedis(subscriptionId, slot.member);
    return undefined;
  }

  /** Gives a kept slot back in the background: a failed ZREM leaves it to its lease. */
  private removeFromRedis(subscriptionId: string, member: string): void {
    void this.redis.zrem(this.key(subscriptionId), member).catch(() => {});
  }

  private keep(subscriptionId: string, slot: HeldSlot): void {
    const slots = this.kept.get(subscriptionId) ?? [];
    this.kept.set(subscriptionId, slots);
    const kept: KeptSlot = {
      ...slot,
      giveBack: setTimeout(() => {
        const index = slots.indexOf(kept);
        if (index < 0) return;
        slots.splice(index, 1);
        if (slots.length === 0 && this.kept.get(subscriptionId) === slots) this.kept.delete(subscriptionId);
        this.removeFromRedis(subscriptionId, slot.member);
      }, this.keeping.holdMs),
    };
    kept.giveBack.unref();
    slots.push(kept);
  }

  /**
   * Takes a slot for `holder`. When none is free, waits up to `waitMs` for this process to
   * release one of the subscription's slots (if fewer than `maxWaiters` already wait), trying
   * again after each release. False when no slot was had in time.
   */
  async acquire(subscriptionId: string, holder: string, waitMs = 0): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (let waited = false; ; waited = true) {
      const slot = this.takeKept(subscriptionId) ?? (await this.takeFromRedis(subscriptionId, holder));
      if (slot) {
        this.held.set(this.heldKey(subscriptionId, holder), slot);
        this.noteActivity(subscriptionId);
        if (waited) recordSlotWait("acquired");
        return true;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0 || !this.activeWithin(subscriptionId, waitMs) || !(await this.localRelease(subscriptionId, remaining))) {
        recordSlotWait("deferred");
        return false;
      }
    }
  }

  private async takeFromRedis(subscriptionId: string, holder: string): Promise<HeldSlot | undefined> {
    const takenAtMs = Date.now();
    const member = this.member(holder);
    const taken = await this.redis.svcSlotAcquire(
      this.key(subscriptionId),
      this.limit,
      this.leaseMs,
      member,
      this.livenessPrefix,
      this.instance,
    );
    return taken === 1 ? { member, takenAtMs } : undefined;
  }

  /**
   * Notes that the subscription's slots moved here now. The map stays ordered by time, so entries
   * too old to matter to any wait are dropped from its front as new ones come.
   */
  private noteActivity(subscriptionId: string): void {
    const now = Date.now();
    this.lastActive.delete(subscriptionId);
    this.lastActive.set(subscriptionId, now);
    for (const [oldest, at] of this.lastActive) {
      if (now - at <= ACTIVITY_MEMORY_MS) break;
      this.lastActive.delete(oldest);
    }
  }

  private activeWithin(subscriptionId: string, ms: number): boolean {
    const at = this.lastActive.get(subscriptionId);
    return at !== undefined && Date.now() - at <= ms;
  }

  async release(subscriptionId: string, holder: string): Promise<void> {
    this.noteActivity(subscriptionId);
    const heldKey = this.heldKey(subscriptionId, holder);
    const slot = this.held.get(heldKey) ?? { member: this.member(holder), takenAtMs: Number.NEGATIVE_INFINITY };
    this.held.delete(heldKey);
    if (this.keeping.holdMs > 0 && Date.now() - slot.takenAtMs < this.keeping.reuseWithinMs) {
      this.keep(subscriptionId, slot);
      this.waiters.get(subscriptionId)?.shift()?.();
      return;
    }
    const removed = this.redis.zrem(this.key(subscriptionId), slot.member);
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
