import type { EmailEvent, EventType } from "@svc/db";
import { ID_PREFIXES, Prisma, newId, randomAlphanumeric } from "@svc/db";
import { statusForEvent, statusMayMoveSql, statusRank } from "../emails/status.ts";
import { buildDeliveryBody } from "../events/deliveryBody.ts";
import type { Pool } from "pg";
import type { SqlClient } from "../sql.ts";

/**
 * The `email_events` table: immutable provider events of an email.
 *
 * `recordEmailEvents` is one statement that also writes `emails` (the status move the event
 * causes) and `webhook_deliveries` (the event's fan-out), so that an event, its effect and its
 * deliveries commit together in one round trip.
 */

/** One provider event to store, with what identifies its email. */
export interface EmailEventToRecord {
  /**
   * Which email the event belongs to: the row with id `emailId` if there is one (our tag, which
   * works even before the sender has stored the provider's message id), else the row with
   * `providerMessageId`.
   */
  email: { emailId: string | null; providerMessageId: string | null };
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
  /**
   * Addresses (bare, lower-cased) the event puts on the email's workspace's suppression list:
   * a permanent bounce's or a complaint's recipients. Added only when the event itself is
   * stored now, so a replayed notification adds nothing.
   */
  suppress?: { reason: "hard_bounce" | "complaint"; addresses: string[] };
}

export type RecordOutcome =
  /** Stored; `deliveryIds` are the webhook deliveries to enqueue once the statement has committed. */
  | { outcome: "created"; emailId: string; eventId: string; deliveryIds: string[] }
  /** The event was already stored (earlier, or by another item of the same batch): nothing written. */
  | { outcome: "duplicate"; emailId: string }
  /** No email matches: nothing written. */
  | { outcome: "unmatched" };

/** Stand in for each delivery's id and the matched email's id in the body template; nothing else in a body can contain them. */
const DELIVERY_ID_SLOT = "__svc_delivery_id__";
const EMAIL_ID_SLOT = "__svc_email_id__";
/** Written as a JSON string in the template; the statement puts the email's tags (a JSON array) in its place, quotes included. */
const TAGS_SLOT = "__svc_email_tags__";

/**
 * Delivery ids handed to the statement (a workspace has at most 20 subscriptions, and most
 * events fan out to one or two); past them the statement mints its own.
 */
const PREPARED_DELIVERY_IDS = 20;
const PREPARED_DELIVERY_IDS_PER_EVENT = 2;
const ID_LENGTH = 24;

/**
 * Stores a batch of events and fans them out, as one statement (data-modifying CTEs, so one
 * commit when autocommitted, or part of the caller's transaction). For each event: find its
 * email (tag id first, then provider message id), insert the immutable event row unless its
 * dedupeKey is already stored, move the email's status forward only, and create one webhook
 * delivery row (body fixed now) per active subscription of the workspace that lists the type.
 *
 * Why one statement: every round trip and every commit costs the caller a socket write and
 * Postgres a WAL flush. Concurrent notifications are grouped by a `Batcher` and recorded here
 * together.
 *
 * Several events of one email in one batch: an UPDATE changes a row once per statement, so the
 * status move applied is the batch's highest-ranked target for that email (the first in batch
 * order among equal ranks), guarded by the same forward-only condition. That equals applying
 * the events one by one in batch order: lower targets are overtaken, and once a final status is
 * reached nothing moves it. `emailUpdate` comes with the move that is applied.
 *
 * Enqueueing the deliveries is the caller's job, after commit: a job must never point at a row
 * that might still roll back.
 */
export async function recordEmailEvents(db: Pool | SqlClient, events: EmailEventToRecord[]): Promise<RecordOutcome[]> {
  if (events.length === 0) return [];
  const now = new Date();
  const items = events.map((event, n) => {
    const eventId = newId("event");
    const target = statusForEvent(event.type);
    return {
      n,
      event_id: eventId,
      tagged_id: event.email.emailId,
      pmid: event.email.providerMessageId,
      type: event.type,
      ts: event.eventTimestamp,
      payload: event.payloadJson,
      dedupe_key: event.dedupeKey,
      target,
      target_rank: target ? statusRank(target) : null,
      error_message: event.emailUpdate?.errorMessage ?? null,
      failed_at: event.emailUpdate?.failedAt ?? null,
      sup_reason: event.suppress && event.suppress.addresses.length > 0 ? event.suppress.reason : null,
      sup_addresses: event.suppress?.addresses ?? [],
      // The body format has one definition; SQL only puts the ids into their slots.
      template: buildDeliveryBody({
        deliveryId: DELIVERY_ID_SLOT,
        createdAt: now,
        emailId: EMAIL_ID_SLOT,
        tags: TAGS_SLOT,
        eventId,
        eventType: event.type,
        eventTimestamp: event.eventTimestamp,
      }),
    };
  });
  const { rows } = await db.query({
    // Named, so each connection parses and plans this large statement once rather than per
    // batch: a lone event (the sender recording a rejection) then costs little more than a
    // statement written for one.
    name: "svc_record_email_events",
    text: RECORD_EVENTS_SQL,
    values: [
      // One JSON parameter: JSON.stringify escapes the payloads natively, and the statement's
      // text stays the same for every batch size.
      JSON.stringify(items),
      preparedDeliveryIds(Math.max(PREPARED_DELIVERY_IDS, PREPARED_DELIVERY_IDS_PER_EVENT * events.length)),
      now,
    ],
  });
  const byItem = rows as Array<{ emailId: string | null; created: boolean; deliveryIds: string[] | null }>;
  return byItem.map((row, n): RecordOutcome => {
    if (row.emailId === null) return { outcome: "unmatched" };
    if (!row.created) return { outcome: "duplicate", emailId: row.emailId };
    return { outcome: "created", emailId: row.emailId, eventId: items[n]!.event_id, deliveryIds: row.deliveryIds ?? [] };
  });
}

/** `count` delivery ids (as `newId("delivery")` makes them) from one draw of random characters. */
function preparedDeliveryIds(count: number): string[] {
  const random = randomAlphanumeric(count * ID_LENGTH);
  return Array.from({ length: count }, (_, i) => `${ID_PREFIXES.delivery}_${random.slice(i * ID_LENGTH, (i + 1) * ID_LENGTH)}`);
}

const RECORD_EVENTS_SQL = `
WITH input AS (
  SELECT *
    FROM json_to_recordset($1::json) AS i(
      n int, event_id text, tagged_id text, pmid text, type "EventType", ts timestamptz, payload text,
      dedupe_key text, target "EmailStatus", target_rank int, error_message text, failed_at timestamptz, template text,
      sup_reason "SuppressionReason", sup_addresses json)
),
matched AS (
  SELECT i.*, found.id AS email_id, found."organizationId" AS workspace_id, found.tags AS email_tags
    FROM input i
    LEFT JOIN LATERAL (
      SELECT id, "organizationId", tags FROM (
        SELECT id, "organizationId", tags, 0 AS rank FROM emails WHERE id = i.tagged_id
        UNION ALL
        SELECT id, "organizationId", tags, 1 AS rank FROM emails WHERE "providerMessageId" = i.pmid
      ) candidates ORDER BY rank LIMIT 1
    ) found ON true
),
ev AS (
  -- In dedupeKey order, so that two batches sharing keys wait on each other in one order rather
  -- than deadlock; the same key twice in one batch stores the first item.
  INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey")
  SELECT event_id, email_id, type, ts, payload, dedupe_key FROM matched WHERE email_id IS NOT NULL ORDER BY dedupe_key, n
  ON CONFLICT ("dedupeKey") DO NOTHING
  RETURNING id
),
created AS (
  SELECT m.* FROM matched m JOIN ev ON ev.id = m.event_id
),
winners AS (
  SELECT DISTINCT ON (email_id) email_id, target, target_rank, error_message, failed_at
    FROM created
   WHERE target IS NOT NULL
   ORDER BY email_id, target_rank DESC, n
),
moved AS (
  -- The row lock and READ COMMITTED's re-check of the WHERE clause make concurrent moves of one
  -- email apply in turn, each only forward.
  UPDATE emails e
     SET status = w.target, "errorMessage" = COALESCE(w.error_message, e."errorMessage"), "failedAt" = COALESCE(w.failed_at, e."failedAt")
    FROM winners w
   WHERE e.id = w.email_id AND ${statusMayMoveSql("e.status", "w.target_rank")}
),
fanout AS (
  SELECT c.event_id, c.email_id, c.email_tags, c.type, c.template, s.id AS subscription_id, row_number() OVER (ORDER BY c.n, s.id)::int AS k
    FROM created c
    JOIN webhook_subscriptions s ON s."workspaceId" = c.workspace_id AND s."isActive" AND c.type = ANY (s.events)
),
suppressed AS (
  -- The suppression list learns from the event in the same statement (and commit) that stores
  -- it. One row per address and workspace (an UPDATE may touch a row once per statement): a
  -- complaint wins over a bounce. An existing entry is kept as it is, except that a provider's
  -- verdict replaces a manual entry (making it permanent) and a complaint replaces a hard bounce:
  -- the stronger reason is the one shown and the one removal has to confirm.
  INSERT INTO suppressions (id, "workspaceId", address, reason, "emailId", "eventId", "createdAt")
  SELECT 'sup_' || substr(md5(random()::text || clock_timestamp()::text || s.address), 1, 24), s.workspace_id, s.address, s.sup_reason, s.email_id, s.event_id, $3
    FROM (SELECT DISTINCT ON (c.workspace_id, a.address) c.workspace_id, a.address, c.sup_reason, c.email_id, c.event_id
            FROM created c CROSS JOIN LATERAL json_array_elements_text(c.sup_addresses) AS a(address)
           WHERE c.sup_reason IS NOT NULL
           ORDER BY c.workspace_id, a.address, (c.sup_reason = 'complaint') DESC, c.n) s
   ORDER BY s.workspace_id, s.address
  ON CONFLICT ("workspaceId", address) DO UPDATE
     SET reason = EXCLUDED.reason, "emailId" = EXCLUDED."emailId", "eventId" = EXCLUDED."eventId", "expiresAt" = NULL
   WHERE suppressions.reason = 'manual' OR (suppressions.reason = 'hard_bounce' AND EXCLUDED.reason = 'complaint')
),
deliveries AS (
  INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "eventType", body, "createdAt", "nextAttemptAt")
  SELECT d.id, d.subscription_id, d.event_id, d.type,
         replace(replace(replace(d.template, '${DELIVERY_ID_SLOT}', d.id), '${EMAIL_ID_SLOT}', d.email_id), '"${TAGS_SLOT}"', COALESCE(d.email_tags, '[]'::jsonb)::text), $3, $3
    FROM (SELECT f.*,
                 -- More deliveries than prepared ids: mint one here.
                 COALESCE(($2::text[])[f.k], 'wd_' || substr(md5(random()::text || clock_timestamp()::text), 1, 24)) AS id
            FROM fanout f) d
  RETURNING id, "eventId"
)
SELECT m.email_id AS "emailId", c.event_id IS NOT NULL AS created, d.ids AS "deliveryIds"
  FROM matched m
  LEFT JOIN created c ON c.event_id = m.event_id
  LEFT JOIN (SELECT "eventId", array_agg(id) AS ids FROM deliveries GROUP BY "eventId") d ON d."eventId" = m.event_id
 ORDER BY m.n`;

export interface EventCountPerDay {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  type: EventType;
  count: number;
}

/**
 * How many events of each of `types` the workspace's emails had per UTC day since `since`
 * (reads `emails`). Only emails created up to `emailsLookback` before `since` are scanned, which
 * bounds the read by the emails index: an event that long after its email is rare.
 */
export async function countEventsPerDay(
  db: Prisma.TransactionClient,
  input: { workspaceId: string; since: Date; emailsLookbackMs: number; types: readonly EventType[] },
): Promise<EventCountPerDay[]> {
  const rows = await db.$queryRaw<Array<{ day: string; type: EventType; count: bigint }>>`
    SELECT to_char(ev."eventTimestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, ev.type::text AS type, count(*) AS count
    FROM email_events ev JOIN emails e ON e.id = ev."emailId"
    WHERE e."organizationId" = ${input.workspaceId}
      AND e."createdAt" >= ${new Date(input.since.getTime() - input.emailsLookbackMs)}
      AND ev."eventTimestamp" >= ${input.since}
      AND ev.type IN (${Prisma.raw(input.types.map((type) => `'${type}'`).join(", "))})
    GROUP BY 1, 2`;
  return rows.map((row) => ({ day: row.day, type: row.type, count: Number(row.count) }));
}

/** An event's place in its email's oldest-first order: (eventTimestamp, createdAt, id). */
export interface EventPosition {
  eventTimestamp: Date;
  createdAt: Date;
  id: string;
}

/** Where the event `eventId` of the email `emailId` stands in its order; null when the email has no such event. */
export async function findEventPosition(db: Prisma.TransactionClient, emailId: string, eventId: string): Promise<EventPosition | null> {
  return db.emailEvent.findFirst({ where: { id: eventId, emailId }, select: { eventTimestamp: true, createdAt: true, id: true } });
}

/**
 * Up to `limit` events of one email, oldest first, after `after` when given: keyset paging on the
 * (emailId, eventTimestamp) index, so a late page of an email with many opens and clicks costs
 * what the first does. The caller has checked that the email is the workspace's.
 */
export async function selectEventsOfEmail(db: Prisma.TransactionClient, emailId: string, after: EventPosition | null, limit: number): Promise<EmailEvent[]> {
  const past = after
    ? {
        OR: [
          { eventTimestamp: { gt: after.eventTimestamp } },
          { eventTimestamp: after.eventTimestamp, createdAt: { gt: after.createdAt } },
          { eventTimestamp: after.eventTimestamp, createdAt: after.createdAt, id: { gt: after.id } },
        ],
      }
    : {};
  return db.emailEvent.findMany({
    where: { emailId, ...past },
    orderBy: [{ eventTimestamp: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take: limit,
  });
}
