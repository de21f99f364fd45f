import type { DbHandle } from "@svc/db";
import { sqlPool } from "../sql.ts";
import { insertUnmatchedNotification } from "../stores/unmatchedNotifications.ts";

/** A verified provider notification the ingester could not turn into an event of ours. */
export interface UnmatchedNotification {
  snsMessageId: string;
  eventType: string | null;
  providerMessageId: string | null;
  body: string;
}

/**
 * Keeps a notification that matches no email of ours (or that could not be read) for inspection,
 * bounded per hour and idempotent by SNS MessageId (see insertUnmatchedNotification). True when
 * it was kept now.
 */
export function keepUnmatchedNotification(db: DbHandle, notification: UnmatchedNotification): Promise<boolean> {
  return insertUnmatchedNotification(sqlPool(db), notification);
}
