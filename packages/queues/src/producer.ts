import { Batcher } from "@svc/runtime";
import { type JobsOptions, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { type JobPayload, QUEUES, type QueueKey, queueJobOptions } from "./catalog.ts";
import { type QueueLayout, shardOf, singleQueueLayout } from "./layout.ts";

/** One job as BullMQ's bulk add takes it. */
type BulkJob = Parameters<Queue["addBulk"]>[0][number];

/** Enqueue calls that share one bulk add at most (one write and one MULTI transaction in Redis). */
const MAX_CALLS_PER_ADD = 50;
/** Bulk adds in flight per shard; the jobs that arrive meanwhile gather into the next one. */
const MAX_CONCURRENT_ADDS = 2;

/**
 * Typed producer for one queue, over all its shards (see layout.ts). The job id is the row id
 * (email id, delivery id) and picks the shard, so enqueueing the same row twice while a job for
 * it exists is a no-op wherever it is enqueued from: that is what makes the sweeper safe.
 *
 * Concurrent enqueues of a shard share one bulk add (a Batcher, no linger): a request's one job
 * would otherwise pay a round trip of its own, and each bulk add builds an ioredis pipeline, whose
 * constructor copies every script command defined on the connection. A batch's jobs keep their
 * order, and the batches reach Redis in the order they were written, on one connection.
 */
export class Producer<K extends QueueKey> {
  readonly layout: QueueLayout;
  /** One BullMQ queue per shard, by shard number. */
  readonly queues: readonly Queue[];
  /** Per shard, the bulk adds that concurrent enqueues share. */
  private readonly adds: ReadonlyMap<Queue, Batcher<BulkJob[], undefined>>;

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
    this.adds = new Map(
      this.queues.map((queue) => [
        queue,
        new Batcher<BulkJob[], undefined>({
          maxSize: MAX_CALLS_PER_ADD,
          maxConcurrent: MAX_CONCURRENT_ADDS,
          run: (calls) => addTogether(queue, calls),
        }),
      ]),
    );
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
    await this.enqueueMany([{ jobId, payload, options }]);
  }

  /** Enqueues the jobs, in the given order within each shard. */
  async enqueueMany(jobs: Array<{ jobId: string; payload: JobPayload<K>; options?: JobsOptions }>): Promise<void> {
    const byShard = new Map<Queue, BulkJob[]>();
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
    await Promise.all([...byShard].map(([queue, bulk]) => this.adds.get(queue)!.submit(bulk)));
  }

  /** Whether a job for this id exists in any state. */
  async has(jobId: string): Promise<boolean> {
    return (await this.queueOf(jobId).getJob(jobId)) != null;
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}

/** Adds the calls' jobs in one round trip, in order; a lone job without the bulk add's pipeline. */
async function addTogether(queue: Queue, calls: BulkJob[][]): Promise<undefined[]> {
  const jobs = calls.flat();
  if (jobs.length === 1) {
    const [job] = jobs as [BulkJob];
    await queue.add(job.name, job.data, job.opts);
  } else {
    await queue.addBulk(jobs);
  }
  return calls.map(() => undefined);
}
