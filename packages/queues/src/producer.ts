import { type JobsOptions, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { type JobPayload, QUEUES, type QueueKey, queueJobOptions } from "./catalog.ts";
import { type QueueLayout, shardOf, singleQueueLayout } from "./layout.ts";

/**
 * Typed producer for one queue, over all its shards (see layout.ts). The job id is the row id
 * (email id, delivery id) and picks the shard, so enqueueing the same row twice while a job for
 * it exists is a no-op wherever it is enqueued from: that is what makes the sweeper safe.
 */
export class Producer<K extends QueueKey> {
  readonly layout: QueueLayout;
  /** One BullMQ queue per shard, by shard number. */
  readonly queues: readonly Queue[];

  constructor(
    readonly key: K,
    connection: Redis,
    /** A QueueLayout, or a plain prefix for one unsharded queue. */
    layout: QueueLayout | string,
  ) {
    this.layout = typeof layout === "string" ? singleQueueLayout(layout) : layout;
    this.queues = this.layout.shardPrefixes.map((prefix) => {
      const queue = new Queue(QUEUES[key].name, {
        connection,
        prefix,
        defaultJobOptions: { removeOnComplete: true, removeOnFail: 1000 },
      });
      queue.on("error", () => {});
      return queue;
    });
  }

  /** The queue holding (or to hold) the job with this id. */
  queueOf(jobId: string): Queue {
    return this.queues[shardOf(this.layout, jobId)]!;
  }

  /** The queue when there is only one (tests and tools on an unsharded layout). */
  get queue(): Queue {
    if (this.queues.length !== 1) throw new Error("this producer has several shards: use queueOf(jobId) or queues");
    return this.queues[0]!;
  }

  async enqueue(jobId: string, payload: JobPayload<K>, options: JobsOptions = {}): Promise<void> {
    const data = QUEUES[this.key].payload.parse(payload);
    await this.queueOf(jobId).add(QUEUES[this.key].name, data, { ...queueJobOptions(this.key), ...options, jobId });
  }

  /** One bulk add per shard, in the given order within each. */
  async enqueueMany(jobs: Array<{ jobId: string; payload: JobPayload<K>; options?: JobsOptions }>): Promise<void> {
    if (jobs.length === 0) return;
    const byShard = new Map<Queue, Parameters<Queue["addBulk"]>[0]>();
    for (const { jobId, payload, options } of jobs) {
      const queue = this.queueOf(jobId);
      const bulk = byShard.get(queue) ?? [];
      bulk.push({
        name: QUEUES[this.key].name,
        data: QUEUES[this.key].payload.parse(payload),
        opts: { ...queueJobOptions(this.key), ...options, jobId },
      });
      byShard.set(queue, bulk);
    }
    await Promise.all([...byShard].map(([queue, bulk]) => queue.addBulk(bulk)));
  }

  /** Whether a job for this id exists in any state. */
  async has(jobId: string): Promise<boolean> {
    return (await this.queueOf(jobId).getJob(jobId)) != null;
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
