import type { DbHandle, EventType } from "@svc/db";
import type { Pool } from "pg";
import { type SqlClient, sqlPool } from "../sql.ts";
import { recordEmailEvents } from "../stores/emailEvents.ts";

export interface NewEmailEvent {
  emailId: string;
  type: EventType;
  eventTimestamp: Date;
  /** The provider's raw event JSON, exactly as received. */
  payloadJson: string;
  /**
   * Identity of the provider event. The same notification again (or the same event re-published
   * under a new SNS MessageId) must produce the same key: the event's id is derived from it.
   */
  dedupeKey: string;
  /** Extra fields to set on the email when this event moves its status (e.g. errorMessage). */
  emailUpdate?: { errorMessage?: string; failedAt?: Date };
}

export interface RecordedEvent {
  /** False when the event was already stored: nothing was written. */
  created: boolean;
  eventId: string | null;
  /** Webhook deliveries created with the event, to enqueue after the transaction commits. */
  deliveryIds: string[];
}

/**
 * Stores one event of a known email and fans it out, atomically: the immutable event row, the
 * email's forward-only status change, and one webhook delivery row (body fixed now) per active
 * subscription of the workspace that lists the type. A duplicate (same dedupeKey) changes nothing.
 *
 * Enqueueing the deliveries is the caller's job, after commit: a job must never point at a row
 * that might still roll back.
 */
export async function recordEmailEvent(db: DbHandle, event: NewEmailEvent): Promise<RecordedEvent> {
  return recordEmailEventInTx(sqlPool(db), event);
}

/**
 * `recordEmailEvent` on the caller's connection (inside its transaction, if it has one). A batch
 * of one for `recordEmailEvents`, so the semantics have one definition.
 */
export async function recordEmailEventInTx(client: Pool | SqlClient, event: NewEmailEvent): Promise<RecordedEvent> {
  const { emailId, ...rest } = event;
  const result = (await recordEmailEvents(client, [{ ...rest, email: { emailId, providerMessageId: null } }]))[0]!;
  switch (result.outcome) {
    case "created":
      return { created: true, eventId: result.eventId, deliveryIds: result.deliveryIds };
    case "duplicate":
      return { created: false, eventId: null, deliveryIds: [] };
    case "unmatched":
      // The caller names an email that does not exist: a bug, as the foreign key would say.
      throw new Error(`Cannot record a ${event.type} event: email ${emailId} does not exist`);
  }
}
