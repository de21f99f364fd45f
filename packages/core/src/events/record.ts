import type { DbHandle, EventType } from "@svc/db";
import { newId } from "@svc/db";
import { inTransaction, type SqlClient } from "../sql.ts";
import { buildDeliveryBody } from "./deliveryBody.ts";
import { statusForEvent, statusMayMoveToSql } from "./types.ts";

export interface NewEmailEvent {
  emailId: string;
  type: EventType;
  eventTimestamp: Date;
  /** The provider's raw event JSON, exactly as received. */
  payloadJson: string;
  /**
   * Identity of the provider event. The same notification again (or the same event re-published
   * under a new SNS MessageId) must produce the same key: it is unique in the database.
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
 * Stores one event and fans it out, in one transaction: the immutable event row, the email's
 * forward-only status change, and one webhook delivery row (body fixed now) per active
 * subscription of the workspace that lists the type. A duplicate (same dedupeKey) changes nothing.
 *
 * Enqueueing the deliveries is the caller's job, after commit: a job must never point at a row
 * that might still roll back.
 *
 * Raw SQL on purpose: this runs for every provider event (several per email), and the same work
 * through Prisma's interactive transaction cost ~10x the CPU (bench/, BENCHMARKS.md).
 */
export async function recordEmailEvent(handle: DbHandle, event: NewEmailEvent): Promise<RecordedEvent> {
  return inTransaction(handle, (client) => recordEmailEventInTx(client, event));
}

export async function recordEmailEventInTx(client: SqlClient, event: NewEmailEvent): Promise<RecordedEvent> {
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey")
     VALUES ($1, $2, $3::"EventType", $4, $5, $6)
     ON CONFLICT ("dedupeKey") DO NOTHING
     RETURNING id`,
    [newId("event"), event.emailId, event.type, event.eventTimestamp, event.payloadJson, event.dedupeKey],
  );
  const eventId = inserted.rows[0]?.id;
  if (!eventId) return { created: false, eventId: null, deliveryIds: [] };

  // One guarded UPDATE: the row lock and READ COMMITTED's re-check of the WHERE clause make
  // concurrent events for one email apply in turn, and a status never moves backwards.
  const target = statusForEvent(event.type);
  if (target) {
    await client.query(
      `UPDATE emails
          SET status = $2::"EmailStatus",
              "errorMessage" = COALESCE($3, "errorMessage"),
              "failedAt" = COALESCE($4, "failedAt")
        WHERE id = $1 AND ${statusMayMoveToSql(target)}`,
      [event.emailId, target, event.emailUpdate?.errorMessage ?? null, event.emailUpdate?.failedAt ?? null],
    );
  }

  const subscriptions = await client.query<{ id: string }>(
    `SELECT s.id
       FROM webhook_subscriptions s
       JOIN emails e ON e."organizationId" = s."workspaceId"
      WHERE e.id = $1 AND s."isActive" AND $2::"EventType" = ANY (s.events)`,
    [event.emailId, event.type],
  );
  const deliveryIds = subscriptions.rows.map(() => newId("delivery"));
  if (deliveryIds.length > 0) {
    const now = new Date();
    // Per row: id, subscription, body. Then shared: event id, type, creation time (also the first nextAttemptAt).
    const perRow = subscriptions.rows.flatMap((subscription, index) => {
      const id = deliveryIds[index]!;
      const body = buildDeliveryBody({ deliveryId: id, createdAt: now, emailId: event.emailId, eventId, eventType: event.type, eventTimestamp: event.eventTimestamp });
      return [id, subscription.id, body];
    });
    const shared = perRow.length;
    const tuples = deliveryIds.map((_, index) => {
      const n = index * 3;
      return `($${n + 1}, $${n + 2}, $${shared + 1}, $${shared + 2}::"EventType", $${n + 3}, $${shared + 3}, $${shared + 3})`;
    });
    await client.query(
      `INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "eventType", body, "createdAt", "nextAttemptAt")
       VALUES ${tuples.join(", ")}`,
      [...perRow, eventId, event.type, now],
    );
  }
  return { created: true, eventId, deliveryIds };
}
