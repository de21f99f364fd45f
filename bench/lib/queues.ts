import { deliveriesOf, QUEUES, type QueueKey } from "@svc/queues";
import { Queue } from "bullmq";
import { Redis } from "ioredis";

/** Jobs of one queue by state, read straight from Redis (for the "nothing lost" checks). */
export async function jobCounts(redisUrl: string, prefix: string, key: QueueKey): Promise<Record<string, number>> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES[key].name, { connection, prefix });
  try {
    return await queue.getJobCounts("waiting", "active", "delayed", "prioritized", "completed", "failed");
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** The webhook deliveries that the queued (waiting, prioritized, delayed) jobs carry: a fan-out's share one job. */
export async function queuedDeliveries(redisUrl: string, prefix: string): Promise<{ jobs: number; deliveries: number }> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES.webhookDelivery.name, { connection, prefix });
  try {
    const jobs = await queue.getJobs(["waiting", "prioritized", "delayed"]);
    const deliveries = jobs.reduce((sum, job) => sum + deliveriesOf(QUEUES.webhookDelivery.payload.parse(job.data)).length, 0);
    return { jobs: jobs.length, deliveries };
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
