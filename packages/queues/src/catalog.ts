import { z } from "zod";

/**
 * The job catalog: one schema per queue types both the producer's enqueue and the consumer's
 * handler. A job carries ids, never data: Postgres holds the truth, and a job lost with Redis
 * is re-created from the row by a sweeper.
 */
export const QUEUES = {
  sendEmail: {
    name: "send-email",
    payload: z.object({ emailId: z.string().startsWith("email_") }),
  },
  webhookDelivery: {
    name: "webhook-delivery",
    payload: z.object({ deliveryId: z.string().startsWith("wd_"), manual: z.boolean().optional() }),
  },
} as const;

export type QueueKey = keyof typeof QUEUES;
export type JobPayload<K extends QueueKey> = z.infer<(typeof QUEUES)[K]["payload"]>;
