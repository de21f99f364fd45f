import type { EmailEvent, EmailStatus, EventType } from "@svc/db";
import { ID_PREFIXES, Prisma, TIME_PART_LENGTH } from "@svc/db";
import type { Pool } from "pg";
import { statusForEvent, statusMayMoveSql, statusRank } from "../emails/status.ts";
import { buildDeliveryBody } from "../events/deliveryBody.ts";
import type { Queryable, SqlClient } from "../sql.ts";

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
   * under a new SNS MessageId) must produce the same key: the event's id is derived from it (see
   * eventIdSql), so storing it again conflicts on the primary key.
   */
  dedupeKey: string;
  /** Extra fields to set on the email when this event moves its status (e.g. errorMessage). */
  emailUpdate?: { errorMessage?: string; failedAt?: Date };
  /** The SES region whose topic reported it; events of one email from two regions are one timeline all the same. */
  region?: string;
  /**
   * Addresses (bare, lower-cased) the event puts on the email's workspace's suppression list:
   * a permanent bounce's or a complaint's recipients. Added only when the event itself is
   * stored now, so a replayed notification adds nothing.
   */
  suppress?: { reason: "hard_bounce" | "complaint"; addresses: string[] };
  /** A bounce's cause (deliverability/bounceCause.ts), stored on the event for the breakdowns. */
  bounceCause?: string;
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

const EVENT_ID_SLOT = "__svc_event_id__";

/**
 * In SQL, the id `derivedId(kind, relatedId, key)` (@svc/db) makes: the kind's prefix, the time
 * part of the related row's id (so that it lands in the partitions of its email's month) and 16 hex
 * characters of MD5(key).
 */
function derivedIdSql(prefix: string, relatedId: string, key: string): string {
  return `'${prefix}_' || substr(${relatedId}, strpos(${relatedId}, '_') + 1, ${TIME_PART_LENGTH}) || substr(md5(${key}), 1, 16)`;
}

/** An event's id, from its email's id and its dedupe key. */
const eventIdSql = (emailId: string, dedupeKey: string) => derivedIdSql(ID_PREFIXES.event, emailId, dedupeKey);

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
    const target = statusForEvent(event.type);
    return {
      n,
      tagged_id: event.email.emailId,
      pmid: event.email.providerMessageId,
      type: event.type,
      ts: event.eventTimestamp,
      payload: event.payloadJson,
      dedupe_key: event.dedupeKey,
      region: event.region ?? null,
      cause: event.bounceCause ?? null,
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
        eventId: EVENT_ID_SLOT,
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
      now,
    ],
  });
  const byItem = rows as Array<{ emailId: string | null; eventId: string | null; deliveryIds: string[] | null }>;
  return byItem.map((row): RecordOutcome => {
    if (row.emailId === null) return { outcome: "unmatched" };
    if (row.eventId === null) return { outcome: "duplicate", emailId: row.emailId };
    return { outcome: "created", emailId: row.emailId, eventId: row.eventId, deliveryIds: row.deliveryIds ?? [] };
  });
}

/**
 * The fan-out of stored events, as two CTEs (`fanout`, `deliveries`): one webhook delivery per
 * active subscription of the email's workspace that lists the event's type, its body the event's
 * template with the delivery id, email id and tags in their slots. A delivery's id is derived from
 * its subscription and event (one per pair, in its email's month). `created` names a CTE of the
 * events stored now (n, event_id, email_id, workspace_id, email_tags, type, template); `now` the
 * parameter of the creation time.
 */
function fanOutSql(created: string, now: string): string {
  return `fanout AS (
  SELECT c.event_id, c.email_id, c.email_tags, c.type, c.template, s.id AS subscription_id
    FROM ${created} c
    JOIN webhook_subscriptions s ON s."workspaceId" = c.workspace_id AND s."isActive" AND c.type = ANY (s.events)
),
deliveries AS (
  INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "eventType", body, "createdAt", "nextAttemptAt")
  SELECT d.id, d.subscription_id, d.event_id, d.type,
         replace(replace(replace(d.template, '${DELIVERY_ID_SLOT}', d.id), '${EMAIL_ID_SLOT}', d.email_id), '"${TAGS_SLOT}"', COALESCE(d.email_tags, '[]'::jsonb)::text), ${now}, ${now}
    FROM (SELECT f.*, ${derivedIdSql(ID_PREFIXES.delivery, "f.event_id", "f.subscription_id || ':' || f.event_id")} AS id
            FROM fanout f) d
  RETURNING id, "eventId"
)`;
}

/** The winning event moves the email's status (see statusMayMoveSql). */
const MAY_MOVE = `(w.target_rank IS NOT NULL AND ${statusMayMoveSql("e.status", "w.target_rank")})`;

const RECORD_EVENTS_SQL = `
WITH input AS (
  SELECT *
    FROM json_to_recordset($1::json) AS i(
      n int, tagged_id text, pmid text, type "EventType", ts timestamptz, payload text,
      dedupe_key text, region text, cause text, target "EmailStatus", target_rank int, error_message text, failed_at timestamptz, template text,
      sup_reason "SuppressionReason", sup_addresses json)
),
matched AS (
  SELECT i.*, found.id AS email_id, found."organizationId" AS workspace_id, found.tags AS email_tags,
         ${eventIdSql("found.id", "i.dedupe_key")} AS event_id
    FROM input i
    LEFT JOIN LATERAL (
      -- The tag first (one partition, by id); the provider message id (an index probe in every
      -- partition) only when the tag names no email: the limit stops the append at the first row.
      SELECT id, "organizationId", tags FROM emails WHERE id = i.tagged_id
      UNION ALL
      SELECT id, "organizationId", tags FROM emails
       WHERE "providerMessageId" = i.pmid AND NOT EXISTS (SELECT 1 FROM emails t WHERE t.id = i.tagged_id)
      LIMIT 1
    ) found ON true
),
ev AS (
  -- In id order, so that two batches sharing keys wait on each other in one order rather than
  -- deadlock; the same key twice in one batch (the same id) stores the first item.
  INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey", region, "bounceCause")
  SELECT event_id, email_id, type, ts, payload, dedupe_key, region, cause FROM matched WHERE email_id IS NOT NULL ORDER BY event_id, n
  ON CONFLICT (id) DO NOTHING
  RETURNING id
),
created AS (
  SELECT DISTINCT ON (m.event_id) m.n, m.event_id, m.email_id, m.workspace_id, m.email_tags, m.type, m.target, m.target_rank,
         m.error_message, m.failed_at, m.sup_reason, m.sup_addresses, replace(m.template, '${EVENT_ID_SLOT}', m.event_id) AS template
    FROM matched m JOIN ev ON ev.id = m.event_id
   ORDER BY m.event_id, m.n
),
winners AS (
  -- One row per email with an event stored now: its highest-ranked target, if any moves it.
  SELECT DISTINCT ON (email_id) email_id, target, target_rank, error_message, failed_at
    FROM created
   ORDER BY email_id, target_rank DESC NULLS LAST, n
),
moved AS (
  -- The row lock and READ COMMITTED's re-check of the WHERE clause make concurrent moves of one
  -- email apply in turn, each only forward. The email's last activity (retention counts from it)
  -- follows every move, and other events of a finished email at most once a day, so that opens
  -- and clicks do not rewrite the row each time.
  UPDATE emails e
     SET status = CASE WHEN ${MAY_MOVE} THEN w.target ELSE e.status END,
         "errorMessage" = CASE WHEN ${MAY_MOVE} THEN COALESCE(w.error_message, e."errorMessage") ELSE e."errorMessage" END,
         "failedAt" = CASE WHEN ${MAY_MOVE} THEN COALESCE(w.failed_at, e."failedAt") ELSE e."failedAt" END,
         "lastActivityAt" = $2
    FROM winners w
   WHERE e.id = w.email_id AND (${MAY_MOVE} OR e."lastActivityAt" < $2::timestamptz - interval '1 day')
),
suppressed AS (
  -- The suppression list learns from the event in the same statement (and commit) that stores
  -- it. One row per address and workspace (an UPDATE may touch a row once per statement): a
  -- complaint wins over a bounce. An existing entry is kept as it is, except that a provider's
  -- verdict replaces a manual entry (making it permanent) and a complaint replaces a hard bounce:
  -- the stronger reason is the one shown and the one removal has to confirm.
  INSERT INTO suppressions (id, "workspaceId", address, reason, "emailId", "eventId", "createdAt")
  SELECT 'sup_' || substr(md5(random()::text || clock_timestamp()::text || s.address), 1, 24), s.workspace_id, s.address, s.sup_reason, s.email_id, s.event_id, $2
    FROM (SELECT DISTINCT ON (c.workspace_id, a.address) c.workspace_id, a.address, c.sup_reason, c.email_id, c.event_id
            FROM created c CROSS JOIN LATERAL json_array_elements_text(c.sup_addresses) AS a(address)
           WHERE c.sup_reason IS NOT NULL
           ORDER BY c.workspace_id, a.address, (c.sup_reason = 'complaint') DESC, c.n) s
   ORDER BY s.workspace_id, s.address
  ON CONFLICT ("workspaceId", address) DO UPDATE
     SET reason = EXCLUDED.reason, "emailId" = EXCLUDED."emailId", "eventId" = EXCLUDED."eventId", "expiresAt" = NULL
   WHERE suppressions.reason = 'manual' OR (suppressions.reason = 'hard_bounce' AND EXCLUDED.reason = 'complaint')
),
${fanOutSql("created", "$2")}
SELECT m.email_id AS "emailId", c.event_id AS "eventId", d.ids AS "deliveryIds"
  FROM matched m
  LEFT JOIN created c ON c.n = m.n
  LEFT JOIN (SELECT "eventId", array_agg(id) AS ids FROM deliveries GROUP BY "eventId") d ON d."eventId" = c.event_id
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

/** Which emails a failure statement ends: these ids, or those of a from-domain of a workspace. */
export type FailureTargets = { emailIds: readonly string[] } | { workspaceId: string; domain: string; limit: number };

export interface EmailFailureToRecord {
  /** Only emails in one of these statuses are ended (the status machine's move). */
  from: readonly EmailStatus[];
  errorMessage: string;
  /** The `failed` event's payload (JSON): ours, not a provider's. */
  payload: Record<string, unknown>;
  /** The same reason, as the webhook body of a `failed` event carries it. */
  reason?: { code: string; text: string };
  /** The provider that was asked, when one was. */
  provider: string | null;
  /** The event recorded: ours (`failed`), or `rendering_failed` for a template that did not render. */
  eventType?: "failed" | "rendering_failed";
}

export interface FailedEmail {
  emailId: string;
  /** Webhook deliveries of its `failed` event, to enqueue once the statement has committed. */
  deliveryIds: string[];
}

/**
 * Ends emails `failed` with an event of type `failed` (our payload) and its webhook deliveries,
 * and deletes their attachment bytes: one statement, so the status, the event, its fan-out and
 * the files go together. Only emails still in one of `failure.from` are ended (a race lost to the
 * sender, a cancel or an event ends nothing). By domain, at most `limit` of the workspace's
 * emails from it, skipping rows another transaction holds; the caller repeats until fewer come
 * back. Answers the emails it ended.
 */
export async function failEmailsWithEvents(db: Queryable, targets: FailureTargets, failure: EmailFailureToRecord): Promise<FailedEmail[]> {
  const now = new Date();
  const byIds = "emailIds" in targets;
  const limit = byIds ? new Set(targets.emailIds).size : targets.limit;
  if (limit === 0) return [];
  const template = buildDeliveryBody({
    deliveryId: DELIVERY_ID_SLOT,
    createdAt: now,
    emailId: EMAIL_ID_SLOT,
    tags: TAGS_SLOT,
    eventId: EVENT_ID_SLOT,
    eventType: failure.eventType ?? "failed",
    eventTimestamp: now,
    ...(failure.reason ? { reason: failure.reason } : {}),
  });
  // A template fails at its own email's handoff only, by id.
  const renderingFailed = failure.eventType === "rendering_failed" && byIds;
  const { rows } = await db.query({
    name: renderingFailed ? "svc_fail_emails_rendering" : byIds ? "svc_fail_emails_by_id" : "svc_fail_emails_by_domain",
    text: renderingFailed ? RENDERING_FAILED_BY_IDS_SQL : byIds ? FAIL_BY_IDS_SQL : FAIL_BY_DOMAIN_SQL,
    values: [
      byIds ? [...new Set(targets.emailIds)] : targets.workspaceId,
      [...failure.from],
      now,
      failure.errorMessage,
      failure.provider,
      JSON.stringify(failure.payload),
      template,
      ...(byIds ? [] : [targets.domain, targets.limit]),
    ],
  });
  return (rows as Array<{ emailId: string; deliveryIds: string[] }>).map((row) => ({ emailId: row.emailId, deliveryIds: row.deliveryIds }));
}

/**
 * The failure statement after its `targets` CTE (ids to end). $1 the targets' parameter (ids, or
 * the workspace with the domain in $8 and the limit in $9), $2 the
 * statuses it ends from, $3 now, $4 the error message, $5 the provider, $6 the payload, $7 the
 * delivery body template. The event's dedupe key is the type and the email id, so an email ends
 * with one such event.
 */
function failSql(targets: string, type: "failed" | "rendering_failed" = "failed"): string {
  return `
WITH targets AS (${targets}),
failed AS (
  UPDATE emails e
     SET status = 'failed', "failedAt" = $3, "errorMessage" = $4, "claimedAt" = NULL,
         provider = COALESCE($5::text, e.provider), "lastActivityAt" = $3
    FROM targets t
   WHERE e.id = t.id AND e.status = ANY ($2::"EmailStatus"[])
  RETURNING e.id AS email_id, e."organizationId" AS workspace_id, e.tags AS email_tags
),
numbered AS (
  SELECT f.*, row_number() OVER (ORDER BY f.email_id)::int AS n FROM failed f
),
ev AS (
  INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey")
  SELECT ${eventIdSql("nb.email_id", `'${type}:' || nb.email_id`)}, nb.email_id, '${type}', $3, $6, '${type}:' || nb.email_id
    FROM numbered nb ORDER BY nb.email_id
  ON CONFLICT (id) DO NOTHING
  RETURNING id, "emailId"
),
created AS (
  SELECT nb.n, ev.id AS event_id, nb.email_id, nb.workspace_id, nb.email_tags, '${type}'::"EventType" AS type,
         replace($7::text, '${EVENT_ID_SLOT}', ev.id) AS template
    FROM numbered nb JOIN ev ON ev."emailId" = nb.email_id
),
files AS (
  DELETE FROM email_attachments WHERE "emailId" IN (SELECT email_id FROM failed)
),
${fanOutSql("created", "$3")}
SELECT nb.email_id AS "emailId", COALESCE(d.ids, '{}') AS "deliveryIds"
  FROM numbered nb
  LEFT JOIN created c ON c.email_id = nb.email_id
  LEFT JOIN (SELECT "eventId", array_agg(id) AS ids FROM deliveries GROUP BY "eventId") d ON d."eventId" = c.event_id
 ORDER BY nb.n`;
}

const FAIL_BY_IDS_SQL = failSql(`SELECT unnest($1::text[]) AS id`);

const RENDERING_FAILED_BY_IDS_SQL = failSql(`SELECT unnest($1::text[]) AS id`, "rendering_failed");

const FAIL_BY_DOMAIN_TARGETS = `
  SELECT e.id FROM emails e
   WHERE e."organizationId" = $1::text AND e.status = ANY ($2::"EmailStatus"[]) AND e."fromDomain" = $8::text
   ORDER BY e."createdAt", e.id
   LIMIT $9::int
   FOR UPDATE SKIP LOCKED`;

const FAIL_BY_DOMAIN_SQL = failSql(FAIL_BY_DOMAIN_TARGETS);

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
export async function selectEventsOfEmail(
  db: Prisma.TransactionClient,
  emailId: string,
  after: EventPosition | null,
  limit: number,
): Promise<EmailEvent[]> {
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

/** Deletes the emails' events (an erasure; their deliveries first); answers how many. */
export async function deleteEventsOfEmails(db: Queryable, emailIds: readonly string[]): Promise<number> {
  if (emailIds.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM email_events WHERE "emailId" = ANY ($1::text[])`, [emailIds]);
  return rowCount ?? 0;
}

export async function selectEventPayloadsOfEmails(
  db: Queryable,
  emailIds: readonly string[],
): Promise<Array<{ id: string; payloadJson: string }>> {
  if (emailIds.length === 0) return [];
  const { rows } = await db.query(`SELECT id, "payloadJson" FROM email_events WHERE "emailId" = ANY ($1::text[])`, [emailIds]);
  return rows as Array<{ id: string; payloadJson: string }>;
}

/** Rewrites events' payloads: only an erasure may (everything else about an event is immutable). */
export async function updateEventPayloads(db: Queryable, rows: ReadonlyArray<{ id: string; payloadJson: string }>): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE email_events e SET "payloadJson" = v.payload FROM unnest($1::text[], $2::text[]) AS v(id, payload) WHERE e.id = v.id`,
    [rows.map((row) => row.id), rows.map((row) => row.payloadJson)],
  );
}

export interface OutcomeCount {
  /** The first recipient's domain (lower-cased); null for the domains past `topDomains`, together. */
  domain: string | null;
  type: "sent" | "delivered" | "bounced" | "complained";
  /** A bounce's cause; null for other events, and for bounces stored before causes were. */
  cause: string | null;
  count: number;
}

/**
 * The workspace's sent, delivered, bounced and complained events in [since, until), by the
 * domain of their email's first recipient and by a bounce's cause. The `topDomains` busiest
 * domains are named; the rest are counted together, so the answer stays small for any number of
 * domains. Reads `emails` created up to `emailsLookbackMs` before `since`.
 */
export async function countOutcomesByDomain(
  db: Prisma.TransactionClient,
  input: { workspaceId: string; since: Date; until: Date; emailsLookbackMs: number; topDomains: number },
): Promise<OutcomeCount[]> {
  const rows = await db.$queryRaw<Array<{ domain: string | null; type: OutcomeCount["type"]; cause: string | null; count: number }>>`
    WITH outcomes AS (
      SELECT lower(substring(e."to"[1] from '@([^@<>\\s]+)>?\\s*$')) AS domain, ev.type::text AS type, ev."bounceCause" AS cause
        FROM email_events ev JOIN emails e ON e.id = ev."emailId"
       WHERE e."organizationId" = ${input.workspaceId}
         AND e."createdAt" >= ${new Date(input.since.getTime() - input.emailsLookbackMs)}
         AND ev."eventTimestamp" >= ${input.since} AND ev."eventTimestamp" < ${input.until}
         AND ev.type IN ('sent', 'delivered', 'bounced', 'complained')
    ),
    ranked AS (
      SELECT domain, row_number() OVER (ORDER BY count(*) DESC, domain) AS rank FROM outcomes GROUP BY domain
    )
    SELECT CASE WHEN r.rank <= ${input.topDomains} THEN o.domain END AS domain, o.type, o.cause, count(*)::int AS count
      FROM outcomes o JOIN ranked r ON r.domain IS NOT DISTINCT FROM o.domain
     GROUP BY 1, 2, 3`;
  return rows;
}
