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
});
