import { describe, expect, it, jest } from "@jest/globals";
import { Batcher, KeyedBatcher } from "@svc/runtime";

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A batcher whose run records each batch and answers when the test says so. */
function recordingBatcher(options: { maxSize: number; maxConcurrent: number; lingerMs?: number }, fail?: (items: number[]) => boolean) {
  const batches: number[][] = [];
  const release: Array<() => void> = [];
  const batcher = new Batcher<number, string>({
    ...options,
    run: async (items) => {
      batches.push(items);
      await new Promise<void>((resolve) => release.push(resolve));
      if (fail?.(items)) throw new Error(`refused ${items.join(",")}`);
      return items.map((item) => `r${item}`);
    },
  });
  const releaseAll = async () => {
    while (release.length > 0) release.shift()!();
    // Settling takes a few turns: the batch's promise chain, then the next batch's setImmediate.
    for (let i = 0; i < 3; i++) await tick();
  };
  return { batcher, batches, releaseAll };
}

describe("Batcher", () => {
  it("serves calls made together in one batch, each caller getting its own result", async () => {
    const { batcher, batches, releaseAll } = recordingBatcher({ maxSize: 10, maxConcurrent: 1 });
    const results = Promise.all([1, 2, 3].map((n) => batcher.submit(n)));
    await tick();
    await releaseAll();
    expect(await results).toEqual(["r1", "r2", "r3"]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("queues items while the batches in flight are busy, and sends them together, at most maxSize at a time", async () => {
    const { batcher, batches, releaseAll } = recordingBatcher({ maxSize: 3, maxConcurrent: 1 });
    const first = batcher.submit(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const later = [2, 3, 4, 5, 6, 7].map((n) => batcher.submit(n));
    await tick();
    expect(batcher.pending).toEqual({ queued: 6, inFlight: 1 });
    await releaseAll(); // 1 done; [2,3,4] starts
    await releaseAll(); // [2,3,4] done; [5,6,7] starts
    await releaseAll();
    expect(await first).toBe("r1");
    expect(await Promise.all(later)).toEqual(["r2", "r3", "r4", "r5", "r6", "r7"]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
    expect(batcher.pending).toEqual({ queued: 0, inFlight: 0 });
  });

  it("runs up to maxConcurrent batches at once", async () => {
    const { batcher, batches, releaseAll } = recordingBatcher({ maxSize: 2, maxConcurrent: 2 });
    const all = Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)));
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await releaseAll();
    await releaseAll();
    await all;
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("when a batch fails, retries its items one by one so only the bad one fails", async () => {
    const { batcher, batches, releaseAll } = recordingBatcher({ maxSize: 10, maxConcurrent: 1 }, (items) => items.includes(2));
    const outcomes = Promise.allSettled([1, 2, 3].map((n) => batcher.submit(n)));
    for (let i = 0; i < 5; i++) await releaseAll();
    const settled = await outcomes;
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((settled[1] as PromiseRejectedResult).reason.message).toBe("refused 2");
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("treats a batch answering with the wrong number of results as failed (then retried item by item)", async () => {
    const batcher = new Batcher<number, number>({ maxSize: 5, maxConcurrent: 1, run: async () => [1] });
    const settled = await Promise.allSettled([batcher.submit(1), batcher.submit(2)]);
    expect(settled[0]!.status).toBe("fulfilled"); // alone, one result for one item
    expect(settled[1]!.status).toBe("fulfilled");
    const lone = new Batcher<number, number>({ maxSize: 5, maxConcurrent: 1, run: async () => [] });
    await expect(lone.submit(1)).rejects.toThrow("Batch returned 0 results for 1 items");
  });

  describe("with a linger", () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it("groups items that arrive a few milliseconds apart, which without it would go one by one", async () => {
      // On the test's own clock: on a loaded machine real 5 ms sleeps drift, and so would the batches.
      jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask"] });
      try {
        for (const lingerMs of [0, 200]) {
          // Each batch takes a millisecond, so that every item arrives with none in flight.
          const batches: number[][] = [];
          const batcher = new Batcher<number, string>({
            maxSize: 10,
            maxConcurrent: 10,
            lingerMs,
            run: async (items) => {
              batches.push(items);
              await sleep(1);
              return items.map((item) => `r${item}`);
            },
          });
          const results: Array<Promise<string>> = [];
          for (let n = 1; n <= 6; n++) {
            results.push(batcher.submit(n));
            await jest.advanceTimersByTimeAsync(5);
          }
          await jest.runAllTimersAsync();
          expect(await Promise.all(results)).toEqual(["r1", "r2", "r3", "r4", "r5", "r6"]);
          if (lingerMs === 0) expect(batches).toEqual([[1], [2], [3], [4], [5], [6]]);
          // The first item went alone (nothing said company was coming); the next waited for
          // about four more at their rate (20 ms), not for the whole linger; the last came
          // while that batch was in flight, and goes at once.
          else expect(batches).toEqual([[1], [2, 3, 4, 5], [6]]);
        }
      } finally {
        jest.useRealTimers();
      }
    });

    it("sends a lone item at light load at once: it does not wait for company that is not coming", async () => {
      const { batcher, batches, releaseAll } = recordingBatcher({ maxSize: 10, maxConcurrent: 1, lingerMs: 50 });
      const first = batcher.submit(1);
      await tick();
      expect(batches).toEqual([[1]]);
      await releaseAll();
      await sleep(400);
      // Gaps of many lingers: the next item goes at once too, not after the linger.
      const second = batcher.submit(2);
      await tick();
      expect(batches).toEqual([[1], [2]]);
      await releaseAll();
      expect(await Promise.all([first, second])).toEqual(["r1", "r2"]);
    });

    it("does not hold back an item that arrives while a batch is in flight (a closed loop at high load)", async () => {
      const { batcher, batches, releaseAll } = recordingBatcher({ maxSize: 10, maxConcurrent: 2, lingerMs: 60_000 });
      const first = batcher.submit(1);
      await tick();
      expect(batches).toEqual([[1]]);
      // A millisecond later: company is frequent, but a batch is in flight, so this one goes at once.
      await sleep(1);
      const second = batcher.submit(2);
      await tick();
      expect(batches).toEqual([[1], [2]]);
      await releaseAll();
      expect(await Promise.all([first, second])).toEqual(["r1", "r2"]);
    });

    it("does not wait after a batch that gathered company by itself (a closed loop at high load)", async () => {
      const { batcher, batches, releaseAll } = recordingBatcher({ maxSize: 10, maxConcurrent: 2, lingerMs: 60_000 });
      const together = [1, 2, 3, 4, 5].map((n) => batcher.submit(n));
      await tick();
      await releaseAll();
      expect(await Promise.all(together)).toEqual(["r1", "r2", "r3", "r4", "r5"]);
      // Company is frequent and nothing is in flight, but batches are already large: no wait.
      const next = batcher.submit(6);
      await tick();
      expect(batches).toEqual([[1, 2, 3, 4, 5], [6]]);
      await releaseAll();
      expect(await next).toBe("r6");
    });

    it("does not wait once the batch is full", async () => {
      const { batcher, batches, releaseAll } = recordingBatcher({ maxSize: 3, maxConcurrent: 2, lingerMs: 60_000 });
      const results = [batcher.submit(1)];
      await tick();
      for (let n = 2; n <= 4; n++) results.push(batcher.submit(n));
      await tick();
      expect(batches).toEqual([[1], [2, 3, 4]]);
      await releaseAll();
      expect(await Promise.all(results)).toEqual(["r1", "r2", "r3", "r4"]);
    });
  });
});

describe("KeyedBatcher", () => {
  it("batches items only with items of the same key, and drops a key's batcher once it falls idle", async () => {
    const batches: Array<{ key: string; items: number[] }> = [];
    const release: Array<() => void> = [];
    const keyed = new KeyedBatcher<number, string>((key) => ({
      maxSize: 10,
      maxConcurrent: 1,
      run: async (items) => {
        batches.push({ key, items });
        await new Promise<void>((resolve) => release.push(resolve));
        return items.map((item) => `${key}${item}`);
      },
    }));
    const results = Promise.all([keyed.submit("a", 1), keyed.submit("b", 2), keyed.submit("a", 3)]);
    await tick();
    expect(batches).toEqual([
      { key: "a", items: [1, 3] },
      { key: "b", items: [2] },
    ]);
    expect(keyed.activeKeys).toBe(2);
    // A key's next item waits for its batch in flight; the other key's batch is not held up.
    const later = keyed.submit("a", 4);
    release.shift()!();
    for (let i = 0; i < 3; i++) await tick();
    expect(batches.at(-1)).toEqual({ key: "a", items: [4] });
    while (release.length > 0) release.shift()!();
    expect(await results).toEqual(["a1", "b2", "a3"]);
    expect(await later).toBe("a4");
    for (let i = 0; i < 3; i++) await tick();
    expect(keyed.activeKeys).toBe(0);
  });
});
