import { afterAll, describe, expect, it } from "@jest/globals";
import { createLogger } from "@svc/logger";
import { createWorkerConnection } from "@svc/queues";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";
import { SubscriptionSlots } from "../src/slots.ts";

const redis = createWorkerConnection(TEST_REDIS_URL);
afterAll(() => redis.quit());

/** Resolves to "pending" if `promise` has not settled within `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), ms))]);

describe("SubscriptionSlots", () => {
  it("hands a slot released by this process to a job waiting for it", async () => {
    const slots = new SubscriptionSlots(redis, uniquePrefix("slots"), 1, 60_000, 1);
    expect(await slots.acquire("sub", "a")).toBe(true);
    const waiting = slots.acquire("sub", "b", 10_000);
    expect(await within(waiting, 100)).toBe("pending");
    await slots.release("sub", "a");
    expect(await within(waiting, 2_000)).toBe(true);
  });

  it("lets at most maxWaiters jobs wait per subscription; the others are refused at once", async () => {
    const slots = new SubscriptionSlots(redis, uniquePrefix("slots"), 1, 60_000, 1);
    expect(await slots.acquire("sub", "a")).toBe(true);
    const first = slots.acquire("sub", "b", 10_000);
    expect(await within(slots.acquire("sub", "c", 10_000), 500)).toBe(false);
    // Another subscription has its own cap and its own waiters.
    expect(await slots.acquire("other", "d")).toBe(true);
    await slots.release("sub", "a");
    expect(await first).toBe(true);
  });

  it("gives up when no slot is released in time, and does not wait at all without waitMs", async () => {
    const slots = new SubscriptionSlots(redis, uniquePrefix("slots"), 1, 60_000, 4);
    expect(await slots.acquire("sub", "a")).toBe(true);
    expect(await within(slots.acquire("sub", "b"), 500)).toBe(false);
    const started = Date.now();
    expect(await slots.acquire("sub", "c", 150)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    // The timed-out waiter is gone: a release now wakes nobody, and the slot is simply free.
    await slots.release("sub", "a");
    expect(await slots.acquire("sub", "e")).toBe(true);
  });

  it("does not wait for a subscription whose slots have not moved here within the wait (its attempts hang)", async () => {
    const slots = new SubscriptionSlots(redis, uniquePrefix("slots"), 1, 60_000, 4);
    expect(await slots.acquire("sub", "a")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // Nothing taken or released for longer than the job would wait: refused at once.
    let started = Date.now();
    expect(await slots.acquire("sub", "b", 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(100);
    // A release is movement again: the next job waits, and gets the slot released after it.
    await slots.release("sub", "a");
    expect(await slots.acquire("sub", "c")).toBe(true);
    started = Date.now();
    const waiting = slots.acquire("sub", "d", 2_000);
    expect(await within(waiting, 100)).toBe("pending");
    await slots.release("sub", "c");
    expect(await waiting).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("does not wait for a slot another process holds: no release here would wake the job", async () => {
    const prefix = uniquePrefix("slots");
    const holder = new SubscriptionSlots(redis, prefix, 1, 60_000, 4);
    const other = new SubscriptionSlots(redis, prefix, 1, 60_000, 4);
    await holder.start(createLogger("slots-test", "silent"));
    try {
      expect(await holder.acquire("sub", "a")).toBe(true);
      const started = Date.now();
      expect(await other.acquire("sub", "b", 1_000)).toBe(false);
      expect(Date.now() - started).toBeLessThan(500);
    } finally {
      await holder.stop();
    }
  });

  it("reclaims the slots of a process whose liveness key is gone, and only those", async () => {
    const prefix = uniquePrefix("slots");
    const log = createLogger("slots-test", "silent");
    const alive = new SubscriptionSlots(redis, prefix, 2, 60_000);
    const dead = new SubscriptionSlots(redis, prefix, 2, 60_000);
    const other = new SubscriptionSlots(redis, prefix, 2, 60_000);
    await alive.start(log);
    await dead.start(log);
    await other.start(log);
    try {
      expect(await alive.acquire("sub", "a")).toBe(true);
      expect(await dead.acquire("sub", "d")).toBe(true);
      // Full, and both holders are alive: refused.
      expect(await other.acquire("sub", "o")).toBe(false);
      // The process dies: its key is no longer refreshed and ends (stop() deletes it at once).
      await dead.stop();
      expect(await other.acquire("sub", "o")).toBe(true);
      const members = await redis.zrange(`${prefix}:{webhook-slots}:sub`, 0, -1);
      expect(members.sort()).toEqual([`${alive.instance}|a`, `${other.instance}|o`].sort());
      // Full again with live holders only: the cap holds.
      expect(await other.acquire("sub", "p")).toBe(false);
    } finally {
      await alive.stop();
      await other.stop();
    }
  });

  describe("keeping released slots for the next attempt", () => {
    const keeping = { holdMs: 300, reuseWithinMs: 5_000 };
    const membersOf = (prefix: string) => redis.zrange(`${prefix}:{webhook-slots}:sub`, 0, -1);

    it("reuses a kept slot without taking another, and gives it back after the hold", async () => {
      const prefix = uniquePrefix("slots");
      const slots = new SubscriptionSlots(redis, prefix, 1, 60_000, 0, keeping);
      const other = new SubscriptionSlots(redis, prefix, 1, 60_000);
      // Alive, so that the other process's refusal is for the cap, not a dead holder's slot.
      await slots.start(createLogger("slots-test", "silent"));
      expect(await slots.acquire("sub", "a")).toBe(true);
      await slots.release("sub", "a");
      // Kept: still counted against the cap, so another process is refused…
      expect(await membersOf(prefix)).toEqual([`${slots.instance}|a`]);
      expect(await other.acquire("sub", "o")).toBe(false);
      // …while this process's next attempt takes it as it is, with no second member.
      expect(await slots.acquire("sub", "b")).toBe(true);
      expect(await membersOf(prefix)).toEqual([`${slots.instance}|a`]);
      await slots.release("sub", "b");
      await new Promise((resolve) => setTimeout(resolve, keeping.holdMs + 200));
      expect(await membersOf(prefix)).toEqual([]);
      expect(await other.acquire("sub", "o")).toBe(true);
      await slots.stop();
    });

    it("does not reuse a slot whose lease may not outlast an attempt: it takes a fresh one", async () => {
      const prefix = uniquePrefix("slots");
      const slots = new SubscriptionSlots(redis, prefix, 1, 60_000, 0, { holdMs: 5_000, reuseWithinMs: 100 });
      expect(await slots.acquire("sub", "a")).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 150));
      await slots.release("sub", "a");
      expect(await membersOf(prefix)).toEqual([]);
      expect(await slots.acquire("sub", "b")).toBe(true);
      expect(await membersOf(prefix)).toEqual([`${slots.instance}|b`]);
      await slots.release("sub", "b");
    });

    it("hands a kept slot to a job of this process waiting for one", async () => {
      const prefix = uniquePrefix("slots");
      const slots = new SubscriptionSlots(redis, prefix, 1, 60_000, 1, keeping);
      expect(await slots.acquire("sub", "a")).toBe(true);
      const waiting = slots.acquire("sub", "b", 10_000);
      expect(await within(waiting, 100)).toBe("pending");
      await slots.release("sub", "a");
      expect(await within(waiting, 2_000)).toBe(true);
      expect(await membersOf(prefix)).toEqual([`${slots.instance}|a`]);
    });

    it("gives back every kept slot when the process stops", async () => {
      const prefix = uniquePrefix("slots");
      const slots = new SubscriptionSlots(redis, prefix, 2, 60_000, 0, { holdMs: 60_000, reuseWithinMs: 60_000 });
      await slots.start(createLogger("slots-test", "silent"));
      expect(await slots.acquire("sub", "a")).toBe(true);
      expect(await slots.acquire("sub", "b")).toBe(true);
      await slots.release("sub", "a");
      await slots.release("sub", "b");
      expect((await membersOf(prefix)).length).toBe(2);
      await slots.stop();
      expect(await membersOf(prefix)).toEqual([]);
    });
  });
});
