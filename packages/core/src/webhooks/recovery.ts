import type { Db } from "@svc/db";
import { selectDueWebhookDeliveryIds } from "../stores/webhookDeliveries.ts";

/**
 * Pending deliveries of active subscriptions that are due at `now`, the longest due first: what
 * the dispatcher's sweeper makes sure has a job. A delivery mid-attempt is not due (its claim
 * pushed nextAttemptAt out), so it is left alone.
 */
export function dueWebhookDeliveryIds(prisma: Db, now: Date, limit: number): Promise<string[]> {
  return selectDueWebhookDeliveryIds(prisma, now, limit);
}
