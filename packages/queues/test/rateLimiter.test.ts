import { afterAll, describe, expect, it } from "@jest/globals";
import { createLogger } from "@svc/logger";
import { createWorkerConnection, leaseSizeFor, type RateLimitPolicy, RedisRateLimiter } from "@svc/queues";
import type { Redis } from "ioredis";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";
import { countCalls } from "./countCalls.ts";

const connections: Redis[] = [];
const log = createLogger("rate-limiter-test", "silent");
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.quit()));
});

/**
 * These tests count round trips and requests let through, not what happens when Redis is slow
 * (apps/api/test/rateLimit.test.ts does): a loaded machine's first round trip (connecting,
 * loading the script) may pass the production deadline, and the requests would pass unlimited.
 */
const PATIENT_MS = 30_000;

/** A limiter on a connection of its own, and the count of its round trips to Redis. */
function limiter(prefix: string, clock: () => number = Date.now) {
  const redis = createWorkerConnection(TEST_REDIS_URL);
  connections.push(redis);
  const made = new RedisRateLimiter(redis, prefix, log, { clock, decisionTimeoutMs: PATIENT_MS });
  return { limiter: made, counter: countCalls(redis, "svcGcra") };
}

describe("RedisRateLimiter", () => {
  it("pays for a tenth of a busy key's rate or burst in one round trip, at most 20, and for a slow key's requests one by one", () => {
    expect(leaseSizeFor({ perSecond: 50, burst: 100 })).toBe(5);
    expect(leaseSizeFor({ perSecond: 1_000, burst: 30 })).toBe(3);
    expect(leaseSizeFor({ perSecond: 100_000, burst: 1_000_000 })).toBe(20);
    expect(leaseSizeFor({ perSecond: 19, burst: 100 })).toBe(1);
  });

  it("spends what it paid for ahead without asking Redis again, counting the remaining requests down", async () => {
    const { limiter: one, counter } = limiter(uniquePrefix("lease"));
    const policy: RateLimitPolicy = { perSecond: 100, burst: 1_000 };
    const decisions = [];
    for (let i = 0; i < 10; i++) decisions.push(await one.take("key", policy));
    expect(counter.calls).toBe(1);
    expect(decisions.map((decision) => decision?.allowed)).toEqual(Array(10).fill(true));
    expect(decisions.map((decision) => decision?.remaining)).toEqual([999, 998, 997, 996, 995, 994, 993, 992, 991, 990]);
    await one.take("key", policy);
    expect(counter.calls).toBe(2);
    // Another key has a bucket (and a lease) of its own.
    expect((await one.take("other", policy))?.remaining).toBe(999);
    expect(counter.calls).toBe(3);
  });

  it("asks Redis for each request of a slow key, even one made the moment the last was answered", async () => {
    const { limiter: one, counter } = limiter(uniquePrefix("slow"));
    const policy: RateLimitPolicy = { perSecond: 1, burst: 5 };
    const remaining = [];
    for (let i = 0; i < 3; i++) remaining.push((await one.take("key", policy))?.remaining);
    expect(remaining).toEqual([4, 3, 2]);
    expect(counter.calls).toBe(3);
  });

  it("drops what it paid for ahead and did not spend within a second", async () => {
    let now = 1_000_000;
    const { limiter: one, counter } = limiter(uniquePrefix("expiry"), () => now);
    const policy: RateLimitPolicy = { perSecond: 100, burst: 1_000 };
    await one.take("key", policy);
    await one.take("key", policy);
    expect(counter.calls).toBe(1);
    now += 1_000;
    await one.take("key", policy);
    expect(counter.calls).toBe(2);
  });

  it("pays for a burst of concurrent requests in a few round trips, letting exactly the bucket's worth through", async () => {
    const { limiter: one, counter } = limiter(uniquePrefix("burst"));
    const policy: RateLimitPolicy = { perSecond: 100, burst: 100 };
    const started = performance.now();
    const decisions = await Promise.all(Array.from({ length: 300 }, () => one.take("key", policy)));
    const elapsedMs = performance.now() - started;
    const allowed = decisions.filter((decision) => decision?.allowed);
    expect(allowed.length).toBeGreaterThanOrEqual(100);
    expect(allowed.length).toBeLessThanOrEqual(100 + Math.ceil(elapsedMs / 10) + 1);
    expect(counter.calls).toBeLessThanOrEqual(4);
    // Each answer counts the bucket down; what the rate refills between two round trips raises
    // it again, so at most that many (those let through beyond the burst) repeat a number.
    expect(new Set(allowed.map((decision) => decision?.remaining)).size).toBeGreaterThanOrEqual(100);
    for (const decision of decisions.filter((d) => !d?.allowed)) {
      expect(decision).toMatchObject({ remaining: 0, limit: 100 });
      expect(decision?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
  });

  it("never lets more through than the bucket allows, with two processes paying ahead at once", async () => {
    const prefix = uniquePrefix("shared");
    const [a, b] = [limiter(prefix).limiter, limiter(prefix).limiter];
    const policy: RateLimitPolicy = { perSecond: 100, burst: 100 };
    const started = performance.now();
    const decisions = await Promise.all(Array.from({ length: 300 }, (_, n) => (n % 2 === 0 ? a : b).take("key", policy)));
    const elapsedMs = performance.now() - started;
    const allowed = decisions.filter((decision) => decision?.allowed).length;
    // The burst, and what the rate refills while the requests run.
    expect(allowed).toBeLessThanOrEqual(100 + Math.ceil(elapsedMs / 10) + 1);
    // Each process may hold back at most one lease (10) that the other could have used.
    expect(allowed).toBeGreaterThanOrEqual(100 - 2 * 10);
    for (const decision of decisions.filter((d) => !d?.allowed)) expect(decision?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});
