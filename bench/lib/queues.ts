import { deliveriesOf, emailsOf, QUEUES, type QueueKey } from "@svc/queues";
import { Queue } from "bullmq";
import { Redis } from "ioredis";

/** What the jobs of a queue carry: a fan-out's deliveries share one job, as do a batch's emails. */
const CARRIED: { [K in QueueKey]: (data: unknown) => readonly string[] } = {
  webhookDelivery: (data) => deliveriesOf(QUEUES.webhookDelivery.payload.parse(data)),
  sendEmail: (data) => emailsOf(QUEUES.sendEmail.payload.parse(data)),
};

/** The rows (deliveries, emails) that a queue's queued jobs (waiting, prioritized, delayed) carry. */
export async function queuedRows(redisUrl: string, prefix: string, key: QueueKey): Promise<{ jobs: number; rows: number }> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUES[key].name, { connection, prefix });
  try {
    const jobs = await queue.getJobs(["waiting", "prioritized", "delayed"]);
    const rows = jobs.reduce((sum, job) => sum + CARRIED[key](job.data).length, 0);
    return { jobs: jobs.length, rows };
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
