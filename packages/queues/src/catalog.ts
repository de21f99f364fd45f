import type { JobsOptions } from "bullmq";
import { z } from "zod";

/**
 * The job catalog: one schema per queue types both the producer's enqueue and the consumer's
 * handler. A job carries ids, never data: Postgres holds the truth, and a job lost with Redis
 * is re-created from the row by a sweeper.
 */
const deliveryIdSchema = z.string().startsWith("wd_");
const emailIdSchema = z.string().startsWith("email_");

/** The most fresh deliveries one webhook job carries (a fan-out's deliveries share jobs of this size). */
export const MAX_DELIVERIES_PER_JOB = 50;
/** The most emails one send job carries: a whole batch of POST /emails/batch. */
export const MAX_EMAILS_PER_SEND_JOB = 100;

export const QUEUES = {
  sendEmail: {
    name: "send-email",
    /**
     * One email (a single send, a scheduled one come due, a retry, the sweeper's), or emails a
     * workspace sent together (a batch, or single sends written in one statement) under the job
     * id their rows name (`sharedSendJobId`): one job for them saves the queue's work per email
     * in the API and the sender alike.
     */
    payload: z.union([
      z.object({ emailId: emailIdSchema }),
      z.object({ emailIds: z.array(emailIdSchema).min(1).max(MAX_EMAILS_PER_SEND_JOB) }),
    ]),
  },
  webhookDelivery: {
    name: "webhook-delivery",
    /**
     * One delivery (its retries, a manual re-send, a deferral), or the fresh deliveries of a
     * fan-out, all due now, together (`newDeliveryJobs`): one job for many saves the queue's
     * round trips per delivery, and the dispatcher claims and records them together anyway.
     */
    payload: z.union([
      z.object({ deliveryId: deliveryIdSchema, manual: z.boolean().optional() }),
      z.object({ deliveryIds: z.array(deliveryIdSchema).min(2).max(MAX_DELIVERIES_PER_JOB) }),
    ]),
    /**
     * Applied by every producer, so a delivery enqueued anywhere is retried the same way: the
     * dispatcher's custom backoff ("webhook-window") takes each delay from the delivery row and
     * stops at the end of the retry window; `attempts` is only a ceiling never reached first.
     */
    jobOptions: { attempts: 10_000, backoff: { type: "webhook-window" } },
  },
} as const;

export type QueueKey = keyof typeof QUEUES;
export type JobPayload<K extends QueueKey> = z.infer<(typeof QUEUES)[K]["payload"]>;

/** The queue's own job options (retry policy), if it declares any. */
export function queueJobOptions(key: QueueKey): JobsOptions {
  const entry = QUEUES[key];
  return "jobOptions" in entry ? { ...entry.jobOptions, backoff: { ...entry.jobOptions.backoff } } : {};
}
