import { QUEUES, type QueueKey } from "@svc/queues";
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
