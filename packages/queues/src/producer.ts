import { type JobsOptions, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { type JobPayload, QUEUES, type QueueKey, queueJobOptions } from "./catalog.ts";

/**
 * Typed producer for one queue. The job id is the row id (email id, delivery id), so enqueueing
 * the same row twice while a job for it exists is a no-op: that is what makes the sweeper safe.
 */
export class Producer<K extends QueueKey> {
  readonly queue: Queue;

  constructor(
    readonly key: K,
    connection: Redis,
    prefix: string,
  ) {
    this.queue = new Queue(QUEUES[key].name, {
      connection,
      prefix,
      defaultJobOptions: { removeOnComplete: true, removeOnFail: 1000 },
    });
    this.queue.on("error", () => {});
  }

  async enqueue(jobId: string, payload: JobPayload<K>, options: JobsOptions = {}): Promise<void> {
    const data = QUEUES[this.key].payload.parse(payload);
    await this.queue.add(QUEUES[this.key].name, data, { ...queueJobOptions(this.key), ...options, jobId });
  }

  async enqueueMany(jobs: Array<{ jobId: string; payload: JobPayload<K>; options?: JobsOptions }>): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map(({ jobId, payload, options }) => ({
        name: QUEUES[this.key].name,
        data: QUEUES[this.key].payload.parse(payload),
        opts: { ...queueJobOptions(this.key), ...options, jobId },
      })),
    );
  }

  /** Whether a job for this id exists in any state. */
  async has(jobId: string): Promise<boolean> {
    return (await this.queue.getJob(jobId)) != null;
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
