import type { Logger } from "@svc/logger";
import { withTimeout } from "@svc/runtime";
import type { Redis } from "ioredis";
import { type ScriptCommands, type ScriptedRedis, withScripts } from "./scripts.ts";

/** One counter of failed attempts and how many it allows within the window. */
export interface ThrottleCounter {
  key: string;
  limit: number;
  /** A successful attempt deletes this counter instead of only giving its slot back. */
  clearedBySuccess?: boolean;
}

export type ThrottleReservation =
  | {
      allowed: true;
      /** The attempt succeeded: counters `clearedBySuccess` are deleted, the others get the slot back. */
      succeeded(): Promise<void>;
      /** Nothing was checked after all (an error, a vanished invitation): the slot is given back. */
      release(): Promise<void>;
    }
  | {
      allowed: false;
      /** Seconds until another attempt is allowed (at least 1). */
      retryAfterSeconds: number;
    };

export interface FailureThrottleOptions {
  /** How long a counter lives, from its first attempt. */
  windowSeconds: number;
  /** What is throttled, for the logs ("dashboard login", "SMTP AUTH"). */
  name: string;
  log: Logger;
  /** The most counters the in-process fallback holds; the oldest give way beyond it. */
  maxLocalCounters?: number;
  clock?: () => number;
}

/** How long an attempt waits for Redis before the in-process counters decide. */
const REDIS_TIMEOUT_MS = 1_000;
/** While Redis fails, one warning per this interval, not one per attempt. */
const FAILURE_LOG_INTERVAL_MS = 60_000;
const DEFAULT_MAX_LOCAL_COUNTERS = 10_000;

/**
 * Counters of failed password attempts (dashboard login, SMTP AUTH), shared by every process
 * through Redis so that a guesser cannot spread attempts over processes. Each counter's window
 * starts at its first attempt and is not extended by later ones.
 *
 * Two ways to count, both atomic per call:
 * - `reserve` (reserve-then-verify): an attempt takes a slot on every counter before the password
 *   is checked, so a burst of parallel guesses gets at most the limit checked; the caller then
 *   says whether it `succeeded` or should `release` the slot. A failure keeps its slot.
 * - `waitSeconds` then `countFailure`: only failures are counted, after the fact (two steps, so a
 *   parallel burst may exceed the limit by the number in flight).
 *
 * When Redis cannot answer (down, unreachable, slower than a second), the throttle neither opens
 * the door to unthrottled guessing nor locks everyone out: it counts in a bounded in-process map
 * instead, with the same limits and windows, per process (so N processes allow up to N times the
 * limit while Redis is away). Those counts are not carried back to Redis when it returns, and the
 * map's oldest counters give way when it is full. The outage is logged when it starts, at most
 * once a minute while it lasts, and when it ends.
 *
 * The scripts (`lua/throttle*.lua`) use `EXPIRE … NX`, which needs Redis 7 or later; on an
 * older Redis every call fails and the in-process counters are all there is.
 */
export class FailureThrottle {
  private readonly redis: ScriptedRedis;
  private readonly local: LocalCounters;
  private readonly clock: () => number;
  private failingSince: number | null = null;
  private lastFailureLog = 0;

  constructor(
    redis: Redis,
    private readonly options: FailureThrottleOptions,
  ) {
    this.redis = withScripts(redis);
    this.clock = options.clock ?? Date.now;
    this.local = new LocalCounters(options.maxLocalCounters ?? DEFAULT_MAX_LOCAL_COUNTERS, this.clock);
  }

  /** Takes one slot on every counter if each is under its limit, or none. */
  async reserve(counters: ThrottleCounter[]): Promise<ThrottleReservation> {
    const keys = counters.map((counter) => counter.key);
    const [taken, ttl] = await this.decide(
      () => this.redis.svcThrottleReserve(keys.length, ...keys, this.options.windowSeconds, ...counters.map((counter) => counter.limit)),
      () => this.local.reserve(counters, this.options.windowSeconds),
    );
    if (taken !== 1) return { allowed: false, retryAfterSeconds: Math.max(1, ttl) };
    const cleared = counters.filter((counter) => counter.clearedBySuccess).map((counter) => counter.key);
    const released = counters.filter((counter) => !counter.clearedBySuccess).map((counter) => counter.key);
    return {
      allowed: true,
      succeeded: () =>
        this.decide(
          async () => {
            const steps = this.redis.multi();
            if (cleared.length > 0) steps.del(...cleared);
            // A defined command works in a transaction too (ioredis loads the script first).
            if (released.length > 0) (steps as unknown as ScriptCommands).svcThrottleRelease(released.length, ...released);
            await steps.exec();
          },
          () => {
            this.local.clear(cleared);
            this.local.release(released);
          },
        ),
      release: () =>
        this.decide(
          async () => {
            await this.redis.svcThrottleRelease(keys.length, ...keys);
          },
          () => this.local.release(keys),
        ),
    };
  }

  /** The longest remaining window of the counters that are full, or 0 when none is. */
  waitSeconds(counters: ThrottleCounter[]): Promise<number> {
    const keys = counters.map((counter) => counter.key);
    return this.decide(
      () => this.redis.svcThrottleWait(keys.length, ...keys, ...counters.map((counter) => counter.limit)),
      () => this.local.waitSeconds(counters),
    );
  }

  /** Counts one failure on every counter. */
  countFailure(keys: string[]): Promise<void> {
    return this.decide(
      async () => {
        await this.redis.svcThrottleCount(keys.length, ...keys, this.options.windowSeconds);
      },
      () => this.local.count(keys, this.options.windowSeconds),
    );
  }

  /** Redis's answer, or the in-process counters' when Redis cannot give one. */
  private async decide<T>(inRedis: () => Promise<T>, inProcess: () => T): Promise<T> {
    let answer: T;
    try {
      answer = await withTimeout(inRedis(), REDIS_TIMEOUT_MS, `Redis took longer than ${REDIS_TIMEOUT_MS} ms`);
    } catch (error) {
      this.failed(error);
      return inProcess();
    }
    this.recovered();
    return answer;
  }

  private failed(error: unknown): void {
    const now = this.clock();
    if (this.failingSince === null) this.failingSince = now;
    if (now - this.lastFailureLog < FAILURE_LOG_INTERVAL_MS) return;
    this.lastFailureLog = now;
    this.options.log.warn(
      { err: error, failingForMs: now - this.failingSince },
      `${this.options.name} throttle: Redis unavailable, attempts are counted in this process only`,
    );
  }

  private recovered(): void {
    if (this.failingSince === null) return;
    this.options.log.info({ failedForMs: this.clock() - this.failingSince }, `${this.options.name} throttle: Redis available again`);
    this.failingSince = null;
    this.lastFailureLog = 0;
  }
}

interface LocalCounter {
  count: number;
  expiresAt: number;
}

/** The Lua scripts' rules over a Map, for while Redis is away. At most `capacity` counters. */
export class LocalCounters {
  private readonly counters = new Map<string, LocalCounter>();

  constructor(
    private readonly capacity: number,
    private readonly clock: () => number,
  ) {}

  get size(): number {
    return this.counters.size;
  }

  reserve(counters: ThrottleCounter[], windowSeconds: number): [number, number] {
    for (const { key, limit } of counters) {
      const counter = this.live(key);
      if (counter && counter.count >= limit) return [0, this.ttlSeconds(counter)];
    }
    this.count(
      counters.map((counter) => counter.key),
      windowSeconds,
    );
    return [1, 0];
  }

  release(keys: string[]): void {
    for (const key of keys) {
      const counter = this.live(key);
      if (counter && counter.count > 0) counter.count -= 1;
    }
  }

  clear(keys: string[]): void {
    for (const key of keys) this.counters.delete(key);
  }

  waitSeconds(counters: ThrottleCounter[]): number {
    let wait = 0;
    for (const { key, limit } of counters) {
      const counter = this.live(key);
      if (counter && counter.count >= limit) wait = Math.max(wait, this.ttlSeconds(counter));
    }
    return wait;
  }

  count(keys: string[], windowSeconds: number): void {
    for (const key of keys) {
      const counter = this.live(key);
      if (counter) counter.count += 1;
      else this.add(key, { count: 1, expiresAt: this.clock() + windowSeconds * 1000 });
    }
  }

  private live(key: string): LocalCounter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.expiresAt <= this.clock()) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  /** Expired counters go first; if none has, the oldest gives way. */
  private add(key: string, counter: LocalCounter): void {
    if (this.counters.size >= this.capacity) {
      const now = this.clock();
      for (const [name, existing] of this.counters) if (existing.expiresAt <= now) this.counters.delete(name);
      if (this.counters.size >= this.capacity) this.counters.delete(this.counters.keys().next().value!);
    }
    this.counters.set(key, counter);
  }

  private ttlSeconds(counter: LocalCounter): number {
    return Math.max(1, Math.ceil((counter.expiresAt - this.clock()) / 1000));
  }
}
