import type { DbHandle } from "@svc/db";
import { sqlPool } from "../sql.ts";
import { type DueDeliveryPosition, selectDueWebhookDeliveries } from "../stores/webhookDeliveries.ts";

/**
 * One page of the pending deliveries of active subscriptions that are due at `now`, the longest
 * due first, after `after` (null: from the start): what the dispatcher's sweeper makes sure has a
 * job. A delivery mid-attempt is not due (its claim pushed nextAttemptAt out), so it is left alone.
 */
export function dueWebhookDeliveries(
  db: DbHandle,
  options: { now: Date; after: DueDeliveryPosition | null; limit: number },
): Promise<DueDeliveryPosition[]> {
  return selectDueWebhookDeliveries(sqlPool(db), options);
}
