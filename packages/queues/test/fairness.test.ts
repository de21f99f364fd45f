import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createProducerConnection, SendFairness } from "@svc/queues";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";

const redis = createProducerConnection(TEST_REDIS_URL);
// Nothing listens on port 1: every command fails at once, as with a Redis that is down.
const down = createProducerConnection("redis://127.0.0.1:1", { connectTimeout: 100, retryStrategy: () => null });
// A producer connection refuses commands until it is connected (no offline queue).
beforeAll(async () => {
  if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
});
afterAll(async () => {
  await redis.quit();
  down.disconnect();
});

/** Mid-window, so that the previous window's share is known: 30 s into a 60 s window. */
const NOW = 1_800_000_030_000;

describe("send fairness, estimated in the process and shared through Redis", () => {
  it("counts this process's own sends at once, without waiting for Redis", () => {
    const fairness = new SendFairness(down, uniquePrefix("fairness"), { syncMs: 60_000 });
    expect(fairness.priorities("ws_a", 3, NOW)).toEqual([1, 1, 1]);
    // 97 more reach the step of 100: the next job is one level down.
    expect(fairness.priorities("ws_a", 98, NOW)).toEqual([...Array(97).fill(1), 2]);
    expect(fairness.priorities("ws_a", 1, NOW)).toEqual([2]);
    // Another workspace is not affected.
    expect(fairness.priorities("ws_b", 1, NOW)).toEqual([1]);
    void fairness.close();
  });

  it("learns the other processes' sends once it has synced, and stays within the window", async () => {
    const prefix = uniquePrefix("fairness");
    const first = new SendFairness(redis, prefix, { syncMs: 60_000 });
    const second = new SendFairness(redis, prefix, { syncMs: 60_000 });
    const now = Date.now();
    first.priorities("ws_busy", 250, now);
    await first.sync();
    // Stale until it syncs: the second process has not heard of the burst yet.
    expect(second.priorities("ws_busy", 1, now)).toEqual([1]);
    await second.sync();
    // 250 from the first process and 1 of its own are counted before its next job.
    expect(second.priorities("ws_busy", 1, now)).toEqual([3]);
    const stored = await redis.get(`${prefix}:send-fairness:{ws_busy}:${Math.floor(now / 60_000)}`);
    expect(Number(stored)).toBe(251);
    await first.close();
    await second.close();
    // Closing syncs what was left: the second process's last add is shared too.
    expect(Number(await redis.get(`${prefix}:send-fairness:{ws_busy}:${Math.floor(now / 60_000)}`))).toBe(252);
  });

  it("keeps the counts it could not share while Redis is down, and is never late to answer", async () => {
    const fairness = new SendFairness(down, uniquePrefix("fairness"), { syncMs: 60_000 });
    fairness.priorities("ws_a", 150, NOW);
    await fairness.sync();
    expect(fairness.priorities("ws_a", 1, NOW)).toEqual([2]);
    await fairness.close();
  });
});
