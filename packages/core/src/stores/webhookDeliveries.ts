import type { DeliveryStatus, EventType, Prisma, WebhookAttempt, WebhookDelivery } from "@svc/db";
import type { Queryable, SqlClient } from "../sql.ts";
import { DISABLED_DELIVERY_ERROR, UNFINISHED_DELIVERY_STATUS } from "../webhooks/deliveryStatus.ts";

/**
 * The webhook_deliveries table: one row per event and subscription, holding the exact body
 * POSTed on every attempt and the delivery's schedule. The statements that record an attempt
 * (`recordClaimedWebhookAttempts`, `recordWebhookAttempt`) also insert into webhook_attempts,
 * in the same statement: the attempt is numbered after the delivery's attempt count, which the
 * same statement increments. The rows made for a stored event are inserted with the event, by
 * the event store (one group-commit statement).
 *
 * The dispatcher's statements are on pg with fixed text (the claim, its release and the claimed
 * record are named, so each connection prepares them once), as is the insert of an inbound
 * record's `received` rows (in the transaction that stores the record); the dashboard's, the
 * CLI's and the sweeper's are on Prisma. `status = 'pending'` in the SQL is UNFINISHED_DELIVERY_STATUS.
 */

type PrismaTx = Prisma.TransactionClient;

export type WebhookDeliveryWithAttempts = WebhookDelivery & { attempts: WebhookAttempt[] };

export interface NewWebhookDeliveryRow {
  id: string;
  subscriptionId: string;
  eventId: string | null;
  /** A `received` delivery's inbound record (its eventId is null). */
  inboundEmailId?: string | null;
  eventType: EventType;
  body: string;
  createdAt: Date;
  nextAttemptAt: Date;
}

export function insertWebhookDelivery(prisma: PrismaTx, row: NewWebhookDeliveryRow): Promise<WebhookDelivery> {
  return prisma.webhookDelivery.create({ data: row });
}

/** A `received` delivery of an inbound record, on pg: it is inserted in the transaction that stores the record. */
export async function insertReceivedWebhookDelivery(
  db: Queryable,
  row: { id: string; subscriptionId: string; inboundEmailId: string; body: string; createdAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "inboundEmailId", "eventType", body, "createdAt", "nextAttemptAt")
     VALUES ($1, $2, NULL, $3, 'received', $4, $5, $5)`,
    [row.id, row.subscriptionId, row.inboundEmailId, row.body, row.createdAt],
  );
}

/** A subscription's most recent deliveries, newest first, each with its attempts (oldest first). */
export function selectWebhookDeliveries(
  prisma: PrismaTx,
  subscriptionId: string,
  options: { status?: DeliveryStatus; limit: number },
): Promise<WebhookDeliveryWithAttempts[]> {
  return prisma.webhookDelivery.findMany({
    where: { subscriptionId, ...(options.status ? { status: options.status } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit,
    include: { attempts: { orderBy: { number: "asc" } } },
  });
}

/** A delivery, only if its subscription belongs to `workspaceId` when one is given. */
export function selectWebhookDelivery(prisma: PrismaTx, deliveryId: string, workspaceId?: string): Promise<WebhookDelivery | null> {
  return prisma.webhookDelivery.findFirst({
    where: { id: deliveryId, ...(workspaceId ? { subscription: { workspaceId } } : {}) },
  });
}

export function selectWebhookDeliveryWithAttempts(prisma: PrismaTx, deliveryId: string): Promise<WebhookDeliveryWithAttempts> {
  return prisma.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    include: { attempts: { orderBy: { number: "asc" } } },
  });
}

/**
 * Ends a subscription's pending deliveries as failed. Not async: the returned Prisma promise
 * joins the batch `$transaction` that disables the subscription.
 */
export function failPendingWebhookDeliveriesOfSubscription(
  prisma: PrismaTx,
  subscriptionId: string,
  completedAt: Date,
): Prisma.PrismaPromise<Prisma.BatchPayload> {
  return prisma.webhookDelivery.updateMany({
    where: { subscriptionId, status: UNFINISHED_DELIVERY_STATUS },
    data: { status: "failed", nextAttemptAt: null, completedAt, lastError: DISABLED_DELIVERY_ERROR },
  });
}

/** A due delivery's place in the due order: when it fell due (null: from the start), then its id. */
export interface DueDeliveryPosition {
  dueAt: Date | null;
  id: string;
}

/**
 * Pending deliveries of active subscriptions that are due at `now`, the longest due first (never
 * scheduled ones first of all), after `after` in that order: keyset paging, so that a caller can
 * walk past a page of rows it has nothing to do for.
 */
export async function selectDueWebhookDeliveries(
  db: Queryable,
  options: { now: Date; after: DueDeliveryPosition | null; limit: number },
): Promise<DueDeliveryPosition[]> {
  const { now, after, limit } = options;
  const { rows } = await db.query(
    `SELECT d.id, d."nextAttemptAt" AS "dueAt"
       FROM webhook_deliveries d
       JOIN webhook_subscriptions s ON s.id = d."subscriptionId" AND s."isActive"
      WHERE d.status = '${UNFINISHED_DELIVERY_STATUS}'
        AND (d."nextAttemptAt" IS NULL OR d."nextAttemptAt" <= $1)
        AND ($2::boolean OR (COALESCE(d."nextAttemptAt", '-infinity'::timestamptz), d.id) > (COALESCE($3::timestamptz, '-infinity'::timestamptz), $4::text))
      ORDER BY COALESCE(d."nextAttemptAt", '-infinity'::timestamptz), d.id
      LIMIT $5`,
    [now, after === null, after?.dueAt ?? null, after?.id ?? "", limit],
  );
  return rows as DueDeliveryPosition[];
}

/** What a claimed delivery's attempt needs: the request, and the inputs of the retry schedule. */
export interface ClaimedDelivery {
  id: string;
  body: string;
  eventType: EventType;
  subscriptionId: string;
  /** The subscription's workspace: a process shares its slots out by workspace. */
  workspaceId: string;
  url: string;
  secretEncrypted: string;
  /** The subscription's rate limit (automatic attempts per second); null: none. */
  maxDeliveriesPerSecond: number | null;
  firstAttemptAt: Date | null;
  /** Attempts recorded when the claim was made: the record checks that none came in between. */
  attemptCount: number;
  /**
   * Automatic (not manual) attempts recorded so far; for a delivery a replay re-armed, those of
   * its fresh retry window only (since `firstAttemptAt`, none while it is null), so its doubling
   * schedule starts again too.
   */
  automaticAttempts: number;
  /** The claim: nextAttemptAt as the claim set it. Whoever finds it changed lost the claim. */
  leaseUntil: Date;
}

/**
 * Load and claim in one statement: pushes nextAttemptAt out by the lease, only if the delivery is
 * pending, due and its subscription active, and returns what the attempt needs. Concurrent jobs'
 * claims leave in one statement: each Postgres round trip costs the caller CPU, and a claim and
 * a load apiece would double them.
 */
const CLAIM = `
UPDATE webhook_deliveries d SET "nextAttemptAt" = $3
  FROM webhook_subscriptions s
 WHERE d.id = ANY($1::text[]) AND s.id = d."subscriptionId" AND s."isActive"
   AND d.status = 'pending' AND (d."nextAttemptAt" IS NULL OR d."nextAttemptAt" <= $2)
RETURNING d.id, d.body, d."eventType", d."subscriptionId", s."workspaceId", s.url, s."secretEncrypted", s."maxDeliveriesPerSecond",
          d."firstAttemptAt", d."attemptCount", d."nextAttemptAt" AS "leaseUntil",
          (SELECT count(*)::int FROM webhook_attempts a WHERE a."deliveryId" = d.id AND NOT a.manual AND (d."replayId" IS NULL OR a."startedAt" >= d."firstAttemptAt")) AS "automaticAttempts"`;

/**
 * Claims the automatic attempts of these deliveries until `leaseUntil`: one answer per id, in
 * order, null for a delivery that could not be claimed. The same id twice (a duplicate job) is
 * claimed once: the first of them gets the claim.
 */
export async function claimWebhookDeliveries(
  db: Queryable,
  deliveryIds: readonly string[],
  now: Date,
  leaseUntil: Date,
): Promise<Array<ClaimedDelivery | null>> {
  const { rows } = await db.query({ name: "dispatcher-claim", text: CLAIM, values: [deliveryIds, now, leaseUntil] });
  const byId = new Map((rows as ClaimedDelivery[]).map((row) => [row.id, row]));
  return deliveryIds.map((id) => {
    const row = byId.get(id) ?? null;
    byId.delete(id);
    return row;
  });
}

/** Gives claims back (no slot was free): due again at once, untouched if the claim was lost. */
const RELEASE = `
UPDATE webhook_deliveries d SET "nextAttemptAt" = $3
  FROM unnest($1::text[], $2::timestamptz[]) AS r(id, "leaseUntil")
 WHERE d.id = r.id AND d.status = 'pending' AND d."nextAttemptAt" = r."leaseUntil"`;

/** Makes claimed deliveries due at `dueAt` again, each only while its claim is still the row's. */
export async function releaseWebhookDeliveryClaims(
  db: Queryable,
  claims: ReadonlyArray<Pick<ClaimedDelivery, "id" | "leaseUntil">>,
  dueAt: Date,
): Promise<void> {
  await db.query({
    name: "dispatcher-release-claim",
    text: RELEASE,
    values: [claims.map((c) => c.id), claims.map((c) => c.leaseUntil), dueAt],
  });
}

/** Why a delivery could not be claimed: its status and schedule, and its subscription's state. */
export interface DeliveryDispatchState {
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  isActive: boolean;
}

const DISPATCH_STATE = `
SELECT d.status, d."nextAttemptAt", s."isActive"
  FROM webhook_deliveries d
  JOIN webhook_subscriptions s ON s.id = d."subscriptionId"
 WHERE d.id = $1`;

export async function selectWebhookDeliveryDispatchState(db: Queryable, deliveryId: string): Promise<DeliveryDispatchState | null> {
  const { rows } = await db.query(DISPATCH_STATE, [deliveryId]);
  return (rows[0] as DeliveryDispatchState | undefined) ?? null;
}

/** What a manual attempt needs, whatever the delivery's status or schedule. */
export interface DeliveryToSend {
  id: string;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  body: string;
  eventType: EventType;
  subscriptionId: string;
  workspaceId: string;
  url: string;
  isActive: boolean;
  secretEncrypted: string;
}

export async function selectWebhookDeliveryToSend(db: Queryable, deliveryId: string): Promise<DeliveryToSend | null> {
  const { rows } = await db.query(
    `SELECT d.id, d.status, d."nextAttemptAt", d.body, d."eventType", d."subscriptionId",
            s."workspaceId", s.url, s."isActive", s."secretEncrypted"
       FROM webhook_deliveries d
       JOIN webhook_subscriptions s ON s.id = d."subscriptionId"
      WHERE d.id = $1`,
    [deliveryId],
  );
  return (rows[0] as DeliveryToSend | undefined) ?? null;
}

/**
 * Ends one pending delivery of a disabled subscription as failed: the dispatcher's side of
 * `failPendingWebhookDeliveriesOfSubscription`, for a job that finds its subscription disabled.
 */
export async function failWebhookDeliveryOfDisabledSubscription(db: Queryable, deliveryId: string): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries
        SET status = 'failed', "nextAttemptAt" = NULL, "completedAt" = now(), "lastError" = $2
      WHERE id = $1 AND status = 'pending'`,
    [deliveryId, DISABLED_DELIVERY_ERROR],
  );
}

export interface DeliveryScheduleState {
  status: DeliveryStatus;
  firstAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  completedAt: Date | null;
  /** Automatic (not manual) attempts recorded so far. */
  automaticAttempts: number;
}

/** Locks the delivery row for the rest of the transaction and reads what the schedule needs. */
export async function lockWebhookDeliverySchedule(client: SqlClient, deliveryId: string): Promise<DeliveryScheduleState | null> {
  const { rows } = await client.query<DeliveryScheduleState>(
    `SELECT d.status, d."firstAttemptAt", d."nextAttemptAt", d."completedAt",
            (SELECT count(*)::int FROM webhook_attempts a WHERE a."deliveryId" = d.id AND NOT a.manual AND (d."replayId" IS NULL OR a."startedAt" >= d."firstAttemptAt")) AS "automaticAttempts"
       FROM webhook_deliveries d
      WHERE d.id = $1
        FOR UPDATE OF d`,
    [deliveryId],
  );
  return rows[0] ?? null;
}

/** One attempt of a delivery, as recorded on its webhook_attempts row. */
export interface WebhookAttemptRow {
  attemptId: string;
  deliveryId: string;
  manual: boolean;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

/** The delivery columns an attempt sets. */
export interface DeliveryScheduleUpdate {
  status: DeliveryStatus;
  firstAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  completedAt: Date | null;
}

const INSERT_NUMBERED_AFTER = `
     INSERT INTO webhook_attempts (id, "deliveryId", number, manual, "startedAt", "durationMs", "statusCode", "responseExcerpt", error)
     SELECT $2, $1, updated."attemptCount", $3, $4, $5, $6, $7, $8 FROM updated`;

/**
 * One statement: the delivery's new state and the attempt row numbered after it. A null `next`
 * leaves the delivery's state as it is and only counts the attempt (an attempt whose claim was
 * lost). Run it on the client that holds the row's lock (`lockWebhookDeliverySchedule`).
 */
export async function recordWebhookAttempt(db: Queryable, attempt: WebhookAttemptRow, next: DeliveryScheduleUpdate | null): Promise<void> {
  const values = [
    attempt.deliveryId,
    attempt.attemptId,
    attempt.manual,
    attempt.startedAt,
    attempt.durationMs,
    attempt.statusCode,
    attempt.responseExcerpt,
    attempt.error,
  ];
  if (!next) {
    await db.query(
      `WITH updated AS (UPDATE webhook_deliveries SET "attemptCount" = "attemptCount" + 1 WHERE id = $1 RETURNING "attemptCount")${INSERT_NUMBERED_AFTER}`,
      values,
    );
    return;
  }
  await db.query(
    `WITH updated AS (
       UPDATE webhook_deliveries
          SET "attemptCount" = "attemptCount" + 1, status = $9::"DeliveryStatus", "firstAttemptAt" = $10,
              "nextAttemptAt" = $11, "completedAt" = $12, "lastStatusCode" = $6, "lastError" = $8
        WHERE id = $1
        RETURNING "attemptCount")${INSERT_NUMBERED_AFTER}`,
    [...values, next.status, next.firstAttemptAt, next.nextAttemptAt, next.completedAt],
  );
}

/** An automatic attempt made under a claim, with the delivery's state decided from the claim. */
export interface ClaimedAttemptRow {
  attempt: WebhookAttemptRow;
  claim: Pick<ClaimedDelivery, "leaseUntil" | "attemptCount">;
  next: DeliveryScheduleUpdate;
}

/**
 * Records claimed (automatic) attempts in one autocommit statement: each delivery is updated
 * only while it is exactly as its claim left it (still pending, nextAttemptAt still the claim's
 * lease, no attempt recorded since), so the state decided from the claim's values is still
 * right; the attempt row is numbered after it. The subscription's `failingSince` follows: set by
 * the first failure of a run, cleared by a success (what automatic disabling measures).
 */
const RECORD_CLAIMED = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::"DeliveryStatus"[], $6::timestamptz[],
                       $7::timestamptz[], $8::timestamptz[], $9::int[], $10::text[], $11::text[], $12::timestamptz[], $13::int[])
    AS i("deliveryId", "attemptId", "leaseUntil", "claimedCount", status, "firstAttemptAt",
         "nextAttemptAt", "completedAt", "statusCode", error, "responseExcerpt", "startedAt", "durationMs")
), updated AS (
  UPDATE webhook_deliveries d
     SET "attemptCount" = d."attemptCount" + 1, status = i.status, "firstAttemptAt" = i."firstAttemptAt",
         "nextAttemptAt" = i."nextAttemptAt", "completedAt" = i."completedAt", "lastStatusCode" = i."statusCode", "lastError" = i.error
    FROM input i
   WHERE d.id = i."deliveryId" AND d.status = 'pending' AND d."nextAttemptAt" = i."leaseUntil" AND d."attemptCount" = i."claimedCount"
  RETURNING i."attemptId", d."attemptCount", d."subscriptionId", d.status, i."startedAt"
), health AS (
  SELECT "subscriptionId", bool_or(status = 'succeeded') AS ok, min("startedAt") AS "firstFailure" FROM updated GROUP BY 1
), subscriptions_health AS (
  -- Writes only when a subscription starts failing or recovers, not on every attempt.
  UPDATE webhook_subscriptions s SET "failingSince" = CASE WHEN h.ok THEN NULL ELSE h."firstFailure" END
    FROM health h
   WHERE s.id = h."subscriptionId" AND (CASE WHEN h.ok THEN s."failingSince" IS NOT NULL ELSE s."failingSince" IS NULL END)
)
INSERT INTO webhook_attempts (id, "deliveryId", number, manual, "startedAt", "durationMs", "statusCode", "responseExcerpt", error)
SELECT i."attemptId", i."deliveryId", u."attemptCount", false, i."startedAt", i."durationMs", i."statusCode", i."responseExcerpt", i.error
  FROM updated u JOIN input i ON i."attemptId" = u."attemptId"
RETURNING id`;

/**
 * Answers, per attempt in order, whether it was recorded. One that was not found its delivery
 * changed since the claim (or gone) and nothing of it was written.
 */
export async function recordClaimedWebhookAttempts(db: Queryable, rows: readonly ClaimedAttemptRow[]): Promise<boolean[]> {
  const column = <T>(pick: (row: ClaimedAttemptRow) => T) => rows.map(pick);
  const result = await db.query({
    name: "dispatcher-record-claimed",
    text: RECORD_CLAIMED,
    values: [
      column((r) => r.attempt.deliveryId),
      column((r) => r.attempt.attemptId),
      column((r) => r.claim.leaseUntil),
      column((r) => r.claim.attemptCount),
      column((r) => r.next.status),
      column((r) => r.next.firstAttemptAt),
      column((r) => r.next.nextAttemptAt),
      column((r) => r.next.completedAt),
      column((r) => r.attempt.statusCode),
      column((r) => r.attempt.error),
      column((r) => r.attempt.responseExcerpt),
      column((r) => r.attempt.startedAt),
      column((r) => r.attempt.durationMs),
    ],
  });
  const recorded = new Set((result.rows as Array<{ id: string }>).map((row) => row.id));
  return rows.map((r) => recorded.has(r.attempt.attemptId));
}

// Replays ----------------------------------------------------------------------------------------

/** Which of a subscription's finished deliveries a replay sends again (`kind` in webhook_replays). */
export type ReplaySelection =
  | { kind: "delivery"; deliveryId: string }
  | { kind: "email"; emailId: string }
  | { kind: "failed_since"; since: Date }
  | { kind: "range"; since: Date; until: Date };

export interface ReplayCandidate {
  id: string;
  status: DeliveryStatus;
}

/**
 * A subscription's finished deliveries matching `selection`, oldest first, at most `limit`.
 * Pending ones are left out: they are still being attempted on their own schedule.
 */
export async function selectReplayCandidates(
  db: Queryable,
  subscriptionId: string,
  selection: ReplaySelection,
  limit: number,
): Promise<ReplayCandidate[]> {
  const filters = {
    delivery: `d.id = $3`,
    email: `d."eventId" IN (SELECT e.id FROM email_events e WHERE e."emailId" = $3)`,
    failed_since: `d.status = 'failed' AND d."createdAt" >= $3`,
    range: `d."createdAt" >= $3 AND d."createdAt" < $4`,
  } as const;
  const bounds =
    selection.kind === "delivery"
      ? [selection.deliveryId]
      : selection.kind === "email"
        ? [selection.emailId]
        : selection.kind === "failed_since"
          ? [selection.since]
          : [selection.since, selection.until];
  const { rows } = await db.query(
    `SELECT d.id, d.status FROM webhook_deliveries d
      WHERE d."subscriptionId" = $1 AND d.status <> 'pending' AND ${filters[selection.kind]}
      ORDER BY d."createdAt", d.id
      LIMIT $2`,
    [subscriptionId, limit, ...bounds],
  );
  return rows as ReplayCandidate[];
}

/**
 * Makes failed deliveries pending again under their own id, each due at its paced time, with a
 * fresh retry window (`firstAttemptAt` cleared) and the replay recorded. Only rows still failed
 * change; answers how many did.
 */
export async function rearmFailedWebhookDeliveries(
  db: Queryable,
  replayId: string,
  ids: readonly string[],
  dueAts: readonly Date[],
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE webhook_deliveries d
        SET status = 'pending', "firstAttemptAt" = NULL, "nextAttemptAt" = r.due, "completedAt" = NULL, "replayId" = $3
       FROM unnest($1::text[], $2::timestamptz[]) AS r(id, due)
      WHERE d.id = r.id AND d.id = ANY ($1::text[]) AND d.status = 'failed'`,
    [ids, dueAts, replayId],
  );
  return rowCount ?? 0;
}

/**
 * Copies succeeded deliveries as new deliveries (`newIds`), due at their paced times: the same
 * body but for its `id`, which becomes the new one, followed by `"replayOf": <the original id>`
 * (replacing the original's own `replayOf`, when it was a copy itself).
 * A copy stands for no stored event of its own (`eventId` null, like a test event), so the
 * one-delivery-per-event-and-subscription rule still holds for the originals. A copy of a
 * `received` delivery keeps its received message: it goes with it, and loses its subject with it.
 */
export async function insertReplayCopiesOfWebhookDeliveries(
  db: Queryable,
  replayId: string,
  originals: readonly string[],
  newIds: readonly string[],
  dueAts: readonly Date[],
  now: Date,
): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "inboundEmailId", "eventType", body, "createdAt", "nextAttemptAt", "replayId", "replayOf")
     SELECT r.new_id, d."subscriptionId", NULL, d."inboundEmailId", d."eventType",
            '{"id":' || to_json(r.new_id)::text || ',"replayOf":' || to_json(d.id)::text || ',' ||
              regexp_replace(substr(d.body, length('{"id":' || to_json(d.id)::text || ',') + 1), '^"replayOf":"[^"]*",', ''),
            $5, r.due, $4, d.id
       FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS r(old_id, new_id, due)
       JOIN webhook_deliveries d ON d.id = r.old_id AND d.id = ANY ($1::text[]) AND d.status = 'succeeded'
      WHERE starts_with(d.body, '{"id":' || to_json(d.id)::text || ',')`,
    [originals, newIds, dueAts, replayId, now],
  );
  return rowCount ?? 0;
}

/** A replay's deliveries by status (the ones a later replay took over count there). */
export async function countWebhookDeliveriesOfReplay(db: Queryable, replayId: string): Promise<Record<DeliveryStatus, number>> {
  const { rows } = await db.query(`SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE "replayId" = $1 GROUP BY status`, [
    replayId,
  ]);
  const counts: Record<DeliveryStatus, number> = { pending: 0, succeeded: 0, failed: 0 };
  for (const row of rows as Array<{ status: DeliveryStatus; n: number }>) counts[row.status] = row.n;
  return counts;
}

/** The workspace of a delivery's subscription (the audit log names it for a change made by id alone), or null. */
export async function selectWebhookDeliveryWorkspaceId(db: Queryable, deliveryId: string): Promise<string | null> {
  const { rows } = await db.query(
    `SELECT s."workspaceId" FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d."subscriptionId" WHERE d.id = $1`,
    [deliveryId],
  );
  return (rows[0] as { workspaceId: string } | undefined)?.workspaceId ?? null;
}

/** Deliveries of the emails' events. */
const DELIVERIES_OF_EMAILS = `"eventId" IN (SELECT e.id FROM email_events e WHERE e."emailId" = ANY ($1::text[]))`;

/** Deletes the webhook deliveries of the emails' events (an erasure; their attempts first); answers how many. */
export async function deleteDeliveriesOfEmails(db: Queryable, emailIds: readonly string[]): Promise<number> {
  if (emailIds.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM webhook_deliveries WHERE ${DELIVERIES_OF_EMAILS}`, [emailIds]);
  return rowCount ?? 0;
}

/** Deletes the `received` deliveries of the received messages; answers how many. */
export async function deleteDeliveriesOfInbound(db: Queryable, inboundIds: readonly string[]): Promise<number> {
  if (inboundIds.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM webhook_deliveries WHERE "inboundEmailId" = ANY ($1::text[])`, [inboundIds]);
  return rowCount ?? 0;
}

/**
 * The subject in a `received` delivery's saved body (the one piece of the message's body it
 * carries), matched with the key that always follows it, so that a string merely containing it
 * cannot match. Edited as text, not JSON: the body keeps its bytes and key order (a replay copies
 * it and relies on its leading `"id"`).
 */
const RECEIVED_SUBJECT = String.raw`"subject":(?:"(?:[^"\\]|\\.)*"|null),"messageId":`;

/**
 * A statement clearing the subject of every `received` delivery (replay copies included) of the
 * received messages in `source` (a column `id`): composed into the statement that clears their bodies.
 */
export function clearInboundDeliverySubjectsSql(source: string): string {
  return `UPDATE webhook_deliveries d SET body = regexp_replace(d.body, '${RECEIVED_SUBJECT}', '"subject":null,"messageId":')
     WHERE d."inboundEmailId" IN (SELECT id FROM ${source})`;
}

/** A delivery's text an erasure redacts: the body it POSTs and the last error seen. */
export interface DeliveryTexts {
  id: string;
  body: string;
  lastError: string | null;
}

export async function selectDeliveryTextsOfEmails(db: Queryable, emailIds: readonly string[]): Promise<DeliveryTexts[]> {
  if (emailIds.length === 0) return [];
  const { rows } = await db.query(`SELECT id, body, "lastError" FROM webhook_deliveries WHERE ${DELIVERIES_OF_EMAILS}`, [emailIds]);
  return rows as DeliveryTexts[];
}

export async function updateDeliveryTexts(db: Queryable, rows: readonly DeliveryTexts[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE webhook_deliveries d SET body = v.body, "lastError" = v.error
       FROM unnest($1::text[], $2::text[], $3::text[]) AS v(id, body, error) WHERE d.id = v.id`,
    [rows.map((row) => row.id), rows.map((row) => row.body), rows.map((row) => row.lastError)],
  );
}
