/**
 * The `inbound_emails` table: received messages, one row per message and workspace, with the
 * raw bytes, the parsed parts and the verdicts. Their attachment bytes (`inbound_attachments`)
 * are inserted here, with the row, and read by `stores/inboundAttachments.ts`.
 */
import { type InboundSource, type Plan, Prisma } from "@svc/db";
import type { Queryable } from "../sql.ts";
import { recordInboundFilesSql } from "./fileDeletions.ts";
import { clearInboundDeliverySubjectsSql } from "./webhookDeliveries.ts";

type PrismaTx = Prisma.TransactionClient;

export interface NewInboundEmailRow {
  id: string;
  workspaceId: string;
  source: InboundSource;
  sourceKey: string | null;
  mailFrom: string;
  rcptTo: string[];
  from: string | null;
  to: unknown[];
  cc: unknown[];
  subject: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  text: string | null;
  html: string | null;
  headers: unknown[];
  attachments: unknown[];
  /** Null when the object store holds the raw bytes (FILE_STORE=s3). */
  raw: Buffer | null;
  size: number;
  verdicts: Record<string, unknown>;
  parseError: string | null;
  replyToEmailId: string | null;
  receivedAt: Date;
}

/**
 * Inserts the record and its attachment bytes, on pg (the caller's transaction); null when a
 * record with this id exists (a replayed SES notification derives the same id), which then stores
 * nothing. The conflict is skipped, not raised, so that the caller's transaction (every workspace
 * of one arrival) goes on.
 *
 * Each large value (the text, the HTML, the raw bytes, each large attachment) goes in a statement of its
 * own, as its last parameter: pg builds a statement's parameters in one buffer that grows by half
 * again and copies itself whenever a parameter does not fit, so two large values in one statement
 * cost several times their size, one costs its size. Bytes are Buffer parameters, which pg sends
 * in binary as they are. Setting a column of the fresh row rewrites only the row's small part
 * (the large ones are stored out of line and kept). Small attachments go several to a statement.
 */
export async function insertInboundEmail(db: Queryable, row: NewInboundEmailRow, files: readonly Buffer[]): Promise<{ id: string } | null> {
  const { rowCount } = await db.query(
    `INSERT INTO inbound_emails (id, "workspaceId", source, "sourceKey", "mailFrom", "rcptTo", "from", "to", cc, subject,
       "messageId", "inReplyTo", "references", headers, attachments, size, verdicts, "parseError", "replyToEmailId",
       "receivedAt", text)
     VALUES ($1, $2, $3::"InboundSource", $4, $5, $6::text[], $7, $8::jsonb, $9::jsonb, $10,
       $11, $12, $13::text[], $14::jsonb, $15::jsonb, $16, $17::jsonb, $18, $19,
       $20::timestamptz, $21)
     ON CONFLICT DO NOTHING`,
    [
      row.id,
      row.workspaceId,
      row.source,
      row.sourceKey,
      row.mailFrom,
      row.rcptTo,
      row.from,
      JSON.stringify(row.to),
      JSON.stringify(row.cc),
      row.subject,
      row.messageId,
      row.inReplyTo,
      row.references,
      JSON.stringify(row.headers),
      JSON.stringify(row.attachments),
      row.size,
      JSON.stringify(row.verdicts),
      row.parseError,
      row.replyToEmailId,
      row.receivedAt,
      row.text,
    ],
  );
  if (rowCount === 0) return null;
  if (row.html !== null) await db.query(`UPDATE inbound_emails SET html = $2 WHERE id = $1`, [row.id, row.html]);
  if (row.raw !== null) await db.query(`UPDATE inbound_emails SET raw = $2::bytea WHERE id = $1`, [row.id, row.raw]);
  for (const batch of attachmentBatches(files)) {
    if (batch.length === 1)
      await db.query(`INSERT INTO inbound_attachments ("inboundEmailId", position, content) VALUES ($1, $2, $3::bytea)`, [
        row.id,
        batch[0]!.position,
        batch[0]!.content,
      ]);
    else
      await db.query(
        `INSERT INTO inbound_attachments ("inboundEmailId", position, content)
         SELECT $1, f.position, f.content FROM unnest($2::int[], $3::bytea[]) AS f(position, content)`,
        [row.id, batch.map((file) => file.position), batch.map((file) => file.content)],
      );
  }
  return { id: row.id };
}

/** Small attachments go this many bytes at a time, in one statement (pg sends an array of them as hex text). */
const ATTACHMENT_BATCH_BYTES = 256 * 1024;

/**
 * The attachments in statement-sized groups: a large one alone (sent in binary as it is), small
 * ones together up to ATTACHMENT_BATCH_BYTES, so that a message of thousands of tiny parts is a
 * few statements, not thousands.
 */
function attachmentBatches(files: readonly Buffer[]): Array<Array<{ position: number; content: Buffer }>> {
  const batches: Array<Array<{ position: number; content: Buffer }>> = [];
  let open: Array<{ position: number; content: Buffer }> = [];
  let openBytes = 0;
  for (const [position, content] of files.entries()) {
    if (content.length > ATTACHMENT_BATCH_BYTES) {
      batches.push([{ position, content }]);
      continue;
    }
    if (openBytes + content.length > ATTACHMENT_BATCH_BYTES && open.length > 0) {
      batches.push(open);
      open = [];
      openBytes = 0;
    }
    open.push({ position, content });
    openBytes += content.length;
  }
  if (open.length > 0) batches.push(open);
  return batches;
}

/** The fields listed and shown (everything but the raw bytes). */
const LISTED = {
  id: true,
  workspaceId: true,
  source: true,
  mailFrom: true,
  rcptTo: true,
  from: true,
  to: true,
  cc: true,
  subject: true,
  messageId: true,
  inReplyTo: true,
  references: true,
  attachments: true,
  size: true,
  verdicts: true,
  parseError: true,
  replyToEmailId: true,
  receivedAt: true,
} as const satisfies Prisma.InboundEmailSelect;

export type ListedInboundEmail = Prisma.InboundEmailGetPayload<{ select: typeof LISTED }>;
export type InboundEmailDetail = Prisma.InboundEmailGetPayload<{ select: typeof LISTED & { text: true; html: true; headers: true } }>;

/** A workspace's records, newest first, after the cursor (the last id of the previous page). */
export async function selectInboundEmails(
  prisma: PrismaTx,
  workspaceId: string,
  options: { limit: number; after?: { receivedAt: Date; id: string } },
): Promise<ListedInboundEmail[]> {
  const after = options.after;
  return prisma.inboundEmail.findMany({
    where: {
      workspaceId,
      ...(after ? { OR: [{ receivedAt: { lt: after.receivedAt } }, { receivedAt: after.receivedAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: options.limit,
    select: LISTED,
  });
}

export function selectInboundEmail(prisma: PrismaTx, workspaceId: string, inboundId: string): Promise<InboundEmailDetail | null> {
  return prisma.inboundEmail.findFirst({
    where: { id: inboundId, workspaceId },
    select: { ...LISTED, text: true, html: true, headers: true },
  });
}

export function selectInboundCursor(
  prisma: PrismaTx,
  workspaceId: string,
  inboundId: string,
): Promise<{ id: string; receivedAt: Date } | null> {
  return prisma.inboundEmail.findFirst({ where: { id: inboundId, workspaceId }, select: { id: true, receivedAt: true } });
}

/** The record's attachment list (name, type, size), without its bodies; null when there is no such record. */
export async function selectInboundAttachmentList(prisma: PrismaTx, workspaceId: string, inboundId: string): Promise<unknown[] | null> {
  const row = await prisma.inboundEmail.findFirst({ where: { id: inboundId, workspaceId }, select: { attachments: true } });
  return row ? (row.attachments as unknown[]) : null;
}

/** The size of the record's raw bytes (null when the object store holds them), or null when there is no such record. */
export async function selectInboundRawSize(
  prisma: PrismaTx,
  workspaceId: string,
  inboundId: string,
): Promise<{ rawBytes: number | null; bodyRemoved: boolean } | null> {
  const rows = await prisma.$queryRaw<Array<{ rawBytes: number | null; bodyRemoved: boolean }>>`
    SELECT octet_length(raw) AS "rawBytes", "bodyRemovedAt" IS NOT NULL AS "bodyRemoved"
      FROM inbound_emails WHERE id = ${inboundId} AND "workspaceId" = ${workspaceId}`;
  return rows[0] ?? null;
}

/** `length` bytes of the record's raw bytes from `offset`: a download reads the message a piece at a time. */
export async function selectInboundRawChunk(
  db: Queryable,
  workspaceId: string,
  inboundId: string,
  offset: number,
  length: number,
): Promise<Buffer | null> {
  const { rows } = await db.query(
    `SELECT substring(raw FROM $3::int FOR $4::int) AS chunk FROM inbound_emails WHERE id = $1 AND "workspaceId" = $2`,
    [inboundId, workspaceId, offset + 1, length],
  );
  return (rows[0] as { chunk: Buffer | null } | undefined)?.chunk ?? null;
}

/** Which of these records exist (the object store's leftover sweep asks). */
export async function existingInboundEmails(prisma: PrismaTx, inboundIds: readonly string[]): Promise<Set<string>> {
  if (inboundIds.length === 0) return new Set();
  const rows = await prisma.inboundEmail.findMany({ where: { id: { in: [...inboundIds] } }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}

/** Replies to a sent email (the dashboard's timeline), oldest first. */
export function selectRepliesToEmail(prisma: PrismaTx, workspaceId: string, emailId: string): Promise<ListedInboundEmail[]> {
  return prisma.inboundEmail.findMany({
    where: { workspaceId, replyToEmailId: emailId },
    orderBy: { receivedAt: "asc" },
    take: 100,
    select: LISTED,
  });
}

/**
 * Retention: deletes up to `limit` records of workspaces on `plan` received before `cutoff`
 * (attachment bytes and deliveries go with them by cascade; files in an object store are recorded
 * in `file_deletions` by the same statement).
 */
export async function deleteInboundEmailsReceivedBefore(
  prisma: PrismaTx,
  plan: Plan,
  at: { cutoff: Date; now: Date },
  limit: number,
): Promise<number> {
  // A workspace's own metadata retention is at most its plan's: GREATEST keeps the plan's cutoff
  // when a plan changed to a shorter one since the setting was made.
  const rows = await prisma.$queryRaw<Array<{ deleted: number }>>`
    WITH gone AS (
      DELETE FROM inbound_emails WHERE id IN (
        SELECT i.id FROM inbound_emails i JOIN workspaces w ON w.id = i."workspaceId"
        WHERE w.plan = ${plan}::"Plan"
          AND i."receivedAt" < CASE WHEN w."metadataRetentionDays" IS NULL THEN ${at.cutoff}::timestamptz
                ELSE GREATEST(${at.cutoff}::timestamptz, ${at.now}::timestamptz - make_interval(days => w."metadataRetentionDays")) END
        LIMIT ${limit})
      RETURNING id, "workspaceId", attachments, raw IS NULL AND "bodyRemovedAt" IS NULL AS "inStore"),
    recorded AS (${RECORD_GONE_INBOUND_FILES})
    SELECT count(*)::int AS deleted FROM gone`;
  return rows[0]?.deleted ?? 0;
}

const RECORD_GONE_INBOUND_FILES = Prisma.raw(recordInboundFilesSql("gone"));

/**
 * Clears the bodies of up to `limit` received messages: those of privacy-mode workspaces once no
 * webhook delivery of theirs is pending and `privacyGraceMs` has passed since arrival (time for a
 * receiver to fetch the content its webhook announced), and those older than their workspace's
 * body retention. Subject, text, HTML, headers, the raw message and the attachments (their list,
 * their bytes in PostgreSQL; objects in the store are recorded in `file_deletions` by the same
 * statement) go; addresses, verdicts and the record stay until the metadata's retention.
 */
export async function clearExpiredInboundBodies(prisma: PrismaTx, now: Date, privacyGraceMs: number, limit: number): Promise<number> {
  const graceCutoff = new Date(now.getTime() - privacyGraceMs);
  const rows = await prisma.$queryRaw<Array<{ cleared: number }>>`
    WITH picked AS (
      SELECT i.id, i.attachments, i.raw IS NULL AS "inStore" FROM inbound_emails i JOIN workspaces w ON w.id = i."workspaceId"
       WHERE (w."privacyMode" OR w."bodyRetentionDays" IS NOT NULL) AND i."bodyRemovedAt" IS NULL
         AND ((w."privacyMode" AND i."receivedAt" < ${graceCutoff}
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d."inboundEmailId" = i.id AND d.status = 'pending'))
           OR i."receivedAt" < ${now}::timestamptz - make_interval(days => w."bodyRetentionDays"))
       LIMIT ${limit}
       FOR UPDATE OF i SKIP LOCKED),
    cleared AS (
      UPDATE inbound_emails i SET subject = NULL, text = NULL, html = NULL, headers = '[]'::jsonb, raw = NULL,
                                  attachments = '[]'::jsonb, "bodyRemovedAt" = ${now}
        FROM picked p WHERE i.id = p.id
      RETURNING i.id, i."workspaceId", p.attachments, p."inStore"),
    contents AS (DELETE FROM inbound_attachments WHERE "inboundEmailId" IN (SELECT id FROM cleared)),
    subjects AS (${CLEAR_CLEARED_DELIVERY_SUBJECTS}),
    recorded AS (${RECORD_CLEARED_INBOUND_FILES})
    SELECT count(*)::int AS cleared FROM cleared`;
  return rows[0]?.cleared ?? 0;
}

const RECORD_CLEARED_INBOUND_FILES = Prisma.raw(recordInboundFilesSql("cleared"));
const CLEAR_CLEARED_DELIVERY_SUBJECTS = Prisma.raw(clearInboundDeliverySubjectsSql("cleared"));

/** Where a walk over a workspace's received messages, oldest first, stands: the last one it examined. */
export interface InboundWalkPosition {
  receivedAt: Date;
  id: string;
}

/** The parts of a received message that name who sent it and to whom, as an erasure examines them. */
export interface InboundAddressesRow {
  id: string;
  receivedAt: Date;
  mailFrom: string;
  rcptTo: string[];
  from: string | null;
  /** `to`, `cc` and `headers` as JSON text. */
  to: string;
  cc: string;
  headers: string;
}

/** The next `limit` received messages of the workspace after `after`, oldest first (the workspace's receivedAt index). */
export async function selectInboundAddressesWindow(
  db: Queryable,
  workspaceId: string,
  after: InboundWalkPosition | null,
  limit: number,
): Promise<InboundAddressesRow[]> {
  const columns = `SELECT id, "receivedAt", "mailFrom", "rcptTo", "from", "to"::text AS "to", cc::text AS cc, headers::text AS headers
                     FROM inbound_emails`;
  const order = `ORDER BY "receivedAt", id`;
  const { rows } = after
    ? await db.query(`${columns} WHERE "workspaceId" = $1 AND ("receivedAt", id) > ($2, $3) ${order} LIMIT $4`, [
        workspaceId,
        after.receivedAt,
        after.id,
        limit,
      ])
    : await db.query(`${columns} WHERE "workspaceId" = $1 ${order} LIMIT $2`, [workspaceId, limit]);
  return rows as InboundAddressesRow[];
}

/**
 * Deletes the workspace's received messages among `inboundIds` (their deliveries and PostgreSQL
 * attachments are the caller's to delete first), recording the object-store files of those whose
 * bytes are there for the erasure `erasureId` in the same statement. Answers how many messages went
 * and how many object-store files (raw messages and attachments) were recorded.
 */
export async function deleteWorkspaceInboundEmails(
  db: Queryable,
  workspaceId: string,
  inboundIds: readonly string[],
  erasureId: string,
): Promise<{ messages: number; files: number }> {
  if (inboundIds.length === 0) return { messages: 0, files: 0 };
  const { rows } = await db.query(
    `WITH gone AS (
       DELETE FROM inbound_emails WHERE "workspaceId" = $1 AND id = ANY ($2::text[])
       RETURNING id, "workspaceId", attachments, raw IS NULL AS "inStore"),
     recorded AS (${recordInboundFilesSql("gone", "$3::text")} RETURNING count)
     SELECT (SELECT count(*) FROM gone)::int AS messages, (SELECT coalesce(sum(count + 1), 0) FROM recorded)::int AS files`,
    [workspaceId, inboundIds, erasureId],
  );
  return rows[0] as { messages: number; files: number };
}
