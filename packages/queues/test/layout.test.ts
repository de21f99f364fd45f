import { afterAll, describe, expect, it } from "@jest/globals";
import {
  closeConnections,
  createProducerConnection,
  createShardWorkers,
  createWorkerConnection,
  Producer,
  queueLayout,
  shardOf,
} from "@svc/queues";
// ioredis's own key-slot function.
import clusterKeySlot from "cluster-key-slot";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";

describe("queueLayout", () => {
  it("keeps the unsharded keys on a single Redis with one shard", () => {
    expect(queueLayout({ QUEUE_PREFIX: "svc" })).toEqual({ prefix: "svc", shardPrefixes: ["svc"], consumed: [0] });
  });

  it("gives each shard its own hash tag, and a cluster's single queue one too", () => {
    expect(queueLayout({ QUEUE_PREFIX: "svc", QUEUE_SHARDS: 3 }).shardPrefixes).toEqual(["{svc:0}", "{svc:1}", "{svc:2}"]);
    expect(queueLayout({ QUEUE_PREFIX: "svc", REDIS_CLUSTER_NODES: ["127.0.0.1:7100"] }).shardPrefixes).toEqual(["{svc:0}"]);
    // An operator's own hash-tagged prefix already puts one queue in one slot.
    expect(queueLayout({ QUEUE_PREFIX: "{svc}", REDIS_CLUSTER_NODES: ["127.0.0.1:7100"] }).shardPrefixes).toEqual(["{svc}"]);
    // Distinct tags: BullMQ's keys of a shard share a slot, different shards need not.
    const slots = queueLayout({ QUEUE_PREFIX: "svc", QUEUE_SHARDS: 16 }).shardPrefixes.map((prefix) =>
      clusterKeySlot(`${prefix}:send-email:wait`),
    );
    expect(new Set(slots).size).toBeGreaterThan(8);
    expect(clusterKeySlot("{svc:3}:send-email:wait")).toBe(clusterKeySlot("{svc:3}:send-email:meta"));
  });

  it("refuses settings that would defeat the sharding or name shards that do not exist", () => {
    expect(() => queueLayout({ QUEUE_PREFIX: "{svc}", QUEUE_SHARDS: 2 })).toThrow(/QUEUE_PREFIX .* hash tag/);
    expect(() => queueLayout({ QUEUE_PREFIX: "svc", QUEUE_SHARDS: 2, QUEUE_SHARDS_CONSUMED: [2] })).toThrow(
      /QUEUE_SHARDS_CONSUMED names shard 2/,
    );
    expect(queueLayout({ QUEUE_PREFIX: "svc", QUEUE_SHARDS: 4, QUEUE_SHARDS_CONSUMED: [3, 1, 3] }).consumed).toEqual([1, 3]);
  });

  it("puts a job id in the same shard every time, and ids evenly over the shards", () => {
    const layout = queueLayout({ QUEUE_PREFIX: "svc", QUEUE_SHARDS: 4 });
    expect(shardOf(layout, "email_abc")).toBe(shardOf(queueLayout({ QUEUE_PREFIX: "other", QUEUE_SHARDS: 4 }), "email_abc"));
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[shardOf(layout, `email_${i.toString(36)}`)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });
});

describe("a sharded queue on one Redis", () => {
  const redis = createProducerConnection(TEST_REDIS_URL);
  const workerRedis = createWorkerConnection(TEST_REDIS_URL);
  const layout = queueLayout({ QUEUE_PREFIX: uniquePrefix("shards"), QUEUE_SHARDS: 3, QUEUE_SHARDS_CONSUMED: [0, 2] });
  const producer = new Producer("sendEmail", redis, layout);
  afterAll(async () => {
    await Promise.all(producer.queues.map((queue) => queue.obliterate({ force: true })));
    await producer.close();
    await closeConnections(redis, workerRedis);
  });

  it("enqueues each id once, in its shard, found there by the id alone", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `email_job${i}`);
    const jobs = ids.map((id) => ({ jobId: id, payload: { emailId: id } }));
    await producer.enqueueMany(jobs);
    await producer.enqueueMany(jobs);
    await producer.enqueue(ids[0]!, { emailId: ids[0]! });
    const perShard = await Promise.all(producer.queues.map((queue) => queue.getJobCountByTypes("wait")));
    expect(perShard.reduce((a, b) => a + b, 0)).toBe(30);
    for (const id of ids) {
      expect(await producer.has(id)).toBe(true);
      expect(await producer.queues[shardOf(layout, id)]!.getJob(id)).toBeDefined();
    }
    expect(() => producer.queue).toThrow(/several shards/);
  });

  it("has workers take jobs only from the shards the process consumes", async () => {
    const seen: string[] = [];
    const workers = createShardWorkers("sendEmail", layout, async (job) => void seen.push(job.id!), {
      connection: workerRedis,
      concurrency: 4,
    });
    try {
      expect(workers.map((worker) => worker.opts.prefix)).toEqual([layout.shardPrefixes[0], layout.shardPrefixes[2]]);
      expect(workers.map((worker) => worker.opts.concurrency)).toEqual([2, 2]);
      const expected = (await Promise.all([0, 2].map((shard) => producer.queues[shard]!.getJobCountByTypes("wait")))).reduce(
        (a, b) => a + b,
        0,
      );
      const deadline = Date.now() + 20_000;
      while (seen.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toHaveLength(expected);
      expect(seen.every((id) => shardOf(layout, id) !== 1)).toBe(true);
      expect(await producer.queues[1]!.getJobCountByTypes("wait")).toBeGreaterThan(0);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
  });
});
