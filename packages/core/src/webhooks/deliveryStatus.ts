import type { DeliveryStatus } from "@svc/db";

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ["pending", "succeeded", "failed"];

/**
 * The one status in which a delivery is still being attempted on its schedule. Every other
 * status is final: no automatic attempt is made again (a manual re-send may still turn a failed
 * delivery into a succeeded one). The SQL statements of the webhook_deliveries store test for
 * this status by name (`status = 'pending'`), so that they keep their fixed text.
 */
export const UNFINISHED_DELIVERY_STATUS = "pending" satisfies DeliveryStatus;

/** Whether a delivery has ended (succeeded or failed) and gets no further automatic attempt. */
export function isDeliveryFinished(status: DeliveryStatus): boolean {
  return status !== UNFINISHED_DELIVERY_STATUS;
}

/** What a stopped delivery records when its subscription is disabled. */
export const DISABLED_DELIVERY_ERROR = "The subscription was disabled; no further attempts are made.";
