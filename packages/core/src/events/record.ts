import type { DbHandle, EventType } from "@svc/db";
import { newId } from "@svc/db";
import { sqlPool, type Queryable } from "../sql.ts";
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
 * Stores one event and fans it out, atomically: the immutable event row, the email's
 * forward-only status change, and one webhook delivery row (body fixed now) per active
 * subscription of the workspace that lists the type. A duplicate (same dedupeKey) changes nothing.
 *
 * Enqueueing the deliveries is the caller's job, after commit: a job must never point at a row
 * that might still roll back.
 *
 * Raw SQL on purpose: this runs for every provider event (several per email); through Prisma's
 * interactive transaction the same work cost about ten times the CPU (BENCHMARKS.md).
 */
export async function recordEmailEvent(handle: DbHandle, event: NewEmailEvent): Promise<RecordedEvent> {
  return recordEmailEventInTx(sqlPool(handle), event);
}

/** Stands in for each delivery's id in the body template; nothing else in a body can contain it. */
const DELIVERY_ID_SLOT = "__svc_delivery_id__";

/** Ids handed to the statement for the deliveries it may create (a workspace has at most 20 subscriptions). */
const PREPARED_DELIVERY_IDS = 20;

/**
 * The whole record as ONE statement (data-modifying CTEs, atomic on their own or inside the
 * caller's transaction): every round trip to Postgres costs a socket write and a wake-up, and
 * those dominated the ingester's profile (BENCHMARKS.md). The body format still has one
 * definition, `buildDeliveryBody`: SQL only puts each delivery's id into its slot.
 */
export async function recordEmailEventInTx(client: Queryable, event: NewEmailEvent): Promise<RecordedEvent> {
  const eventId = newId("event");
  const now = new Date();
  const template = buildDeliveryBody({
    deliveryId: DELIVERY_ID_SLOT,
    createdAt: now,
    emailId: event.emailId,
    eventId,
    eventType: event.type,
    eventTimestamp: event.eventTimestamp,
  });
  const deliveryIds = Array.from({ length: PREPARED_DELIVERY_IDS }, () => newId("delivery"));
  const target = statusForEvent(event.type);
  // A forward-only status move: one guarded UPDATE; the row lock and READ COMMITTED's re-check
  // of the WHERE clause make concurrent events for one email apply in turn.
  const moveStatus = target
    ? `, moved AS (
         UPDATE emails
            SET status = $10::"EmailStatus", "errorMessage" = COALESCE($11, "errorMessage"), "failedAt" = COALESCE($12, "failedAt")
          WHERE id = $2 AND ${statusMayMoveToSql(target)} AND EXISTS (SELECT 1 FROM ev))`
    : "";
  const { rows } = await client.query(
    `WITH ev AS (
       INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey")
       VALUES ($1, $2, $3::"EventType", $4, $5, $6)
       ON CONFLICT ("dedupeKey") DO NOTHING
       RETURNING id)${moveStatus},
     subscriptions AS (
       SELECT s.id, row_number() OVER (ORDER BY s.id)::int AS n
         FROM webhook_subscriptions s
         JOIN emails e ON e."organizationId" = s."workspaceId"
        WHERE e.id = $2 AND s."isActive" AND $3::"EventType" = ANY (s.events) AND EXISTS (SELECT 1 FROM ev)),
     deliveries AS (
       INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "eventType", body, "createdAt", "nextAttemptAt")
       SELECT d.id, d."subscriptionId", $1, $3::"EventType", replace($9, '${DELIVERY_ID_SLOT}', d.id), $8, $8
         FROM (SELECT s.id AS "subscriptionId",
                      -- More subscriptions than prepared ids (over the per-workspace cap): mint one here.
                      COALESCE(($7::text[])[s.n], 'wd_' || substr(md5(random()::text || clock_timestamp()::text), 1, 24)) AS id
                 FROM subscriptions s) d
       RETURNING id)
     SELECT EXISTS (SELECT 1 FROM ev) AS created, ARRAY(SELECT id FROM deliveries) AS "deliveryIds"`,
    [
      eventId,
      event.emailId,
      event.type,
      event.eventTimestamp,
      event.payloadJson,
      event.dedupeKey,
      deliveryIds,
      now,
      template,
      ...(target ? [target, event.emailUpdate?.errorMessage ?? null, event.emailUpdate?.failedAt ?? null] : []),
    ],
  );
  const row = rows[0] as { created: boolean; deliveryIds: string[] };
  if (!row.created) return { created: false, eventId: null, deliveryIds: [] };
  return { created: true, eventId, deliveryIds: row.deliveryIds };
}
