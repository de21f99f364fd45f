import { readdirSync } from "node:fs";
import { afterAll, describe, expect, it } from "@jest/globals";
import { createLogger } from "@svc/logger";
import { createProducerConnection, createWorkerConnection, FailureThrottle, withScripts } from "@svc/queues";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";

const redis = createWorkerConnection(TEST_REDIS_URL);
// Nothing listens on port 1: every command fails at once, as with a Redis that is down.
const down = createProducerConnection("redis://127.0.0.1:1", { connectTimeout: 100, retryStrategy: () => null });
const log = createLogger("test", "silent");
afterAll(async () => {
  await redis.quit();
  down.disconnect();
});

describe("Redis scripts", () => {
  it("defines every file of lua/ as a command svc<Name>, taking its number of keys from the name", async () => {
    const files = readdirSync(new URL("../src/lua/", import.meta.url)).filter((file) => file.endsWith(".lua"));
    expect(files.length).toBeGreaterThanOrEqual(7);
    const scripted = withScripts(redis);
    for (const file of files) {
      const name = file.replace(/(-\d+)?\.lua$/, "");
      expect(typeof (scripted as unknown as Record<string, unknown>)[`svc${name[0]!.toUpperCase()}${name.slice(1)}`]).toBe("function");
    }
    const key = `${uniquePrefix("scripts")}:bucket`;
    const [allowed, remaining] = await scripted.svcGcra(key, "1000", "5");
    expect([allowed, remaining]).toEqual([1, 4]);
  });
});

/** The same steps, against Redis and against the in-process fallback: the answers agree. */
for (const [where, connection] of [
  ["in Redis", () => redis],
  ["in the process while Redis is down", () => down],
] as const) {
  describe(`FailureThrottle ${where}`, () => {
    const throttle = () => new FailureThrottle(connection(), { name: "test", windowSeconds: 60, log });

    it("reserves a slot on every counter until one is full, then answers the time left", async () => {
      const prefix = uniquePrefix("throttle");
      const subject = throttle();
      const counters = [
        { key: `${prefix}:pair`, limit: 2, clearedBySuccess: true },
        { key: `${prefix}:address`, limit: 3 },
      ];
      expect((await subject.reserve(counters)).allowed).toBe(true);
      expect((await subject.reserve(counters)).allowed).toBe(true);
      const refused = await subject.reserve(counters);
      expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(50);
      // Another pair from the same address has one slot left on the address counter.
      const other = [{ key: `${prefix}:other`, limit: 2 }, counters[1]!];
      const last = await subject.reserve(other);
      expect(last.allowed).toBe(true);
      expect((await subject.reserve(other)).allowed).toBe(false);
      // Released, the slot is free again; a success clears the pair and releases the address.
      if (last.allowed) await last.release();
      const again = await subject.reserve(other);
      expect(again.allowed).toBe(true);
      if (again.allowed) await again.succeeded();
      expect((await subject.reserve(other)).allowed).toBe(true);
    });

    it("counts failures and answers the longest wait of the full counters", async () => {
      const prefix = uniquePrefix("throttle");
      const subject = throttle();
      const counters = [
        { key: `${prefix}:address`, limit: 2 },
        { key: `${prefix}:key`, limit: 3 },
      ];
      expect(await subject.waitSeconds(counters)).toBe(0);
      await subject.countFailure(counters.map((counter) => counter.key));
      expect(await subject.waitSeconds(counters)).toBe(0);
      await subject.countFailure(counters.map((counter) => counter.key));
      expect(await subject.waitSeconds(counters)).toBeGreaterThan(50);
      expect(await subject.waitSeconds([counters[1]!])).toBe(0);
    });
  });
}

describe("FailureThrottle while Redis is down", () => {
  it("keeps the in-process counters bounded, dropping the oldest", async () => {
    const subject = new FailureThrottle(down, { name: "test", windowSeconds: 60, log, maxLocalCounters: 3 });
    for (const key of ["a", "b", "c", "d"]) await subject.countFailure([key]);
    const full = (key: string) => subject.waitSeconds([{ key, limit: 1 }]);
    expect(await Promise.all(["a", "b", "c", "d"].map(full))).toEqual([0, 60, 60, 60]);
  });

  it("lets a window end: a counter expires with its window", async () => {
    let now = 1_000_000;
    const subject = new FailureThrottle(down, { name: "test", windowSeconds: 10, log, clock: () => now });
    await subject.countFailure(["x"]);
    expect(await subject.waitSeconds([{ key: "x", limit: 1 }])).toBe(10);
    now += 10_000;
    expect(await subject.waitSeconds([{ key: "x", limit: 1 }])).toBe(0);
  });
});
