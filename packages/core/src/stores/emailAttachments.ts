import { type EmailStatus, Prisma } from "@svc/db";
import { statusInSql } from "../emails/status.ts";
import type { Queryable } from "../sql.ts";

/**
 * The `email_attachments` table: the bytes of emails' attachments, kept apart from the email row
 * so that reading emails never loads them, and only until the provider has the email (or the
 * email has ended without it). They are written with their email, in the emails store's insert,
 * unless FILE_STORE keeps them in an object store (core/files).
 */

/** Each email's attachment bytes, in the order of its `attachments` list. Emails without any are absent. */
export async function selectAttachmentContents(db: Queryable, emailIds: readonly string[]): Promise<Map<string, Buffer[]>> {
  const byEmail = new Map<string, Buffer[]>();
  if (emailIds.length === 0) return byEmail;
  const { rows } = await db.query(
    `SELECT "emailId", content FROM email_attachments WHERE "emailId" = ANY ($1::text[]) ORDER BY "emailId", position`,
    [[...new Set(emailIds)]],
  );
  for (const row of rows as Array<{ emailId: string; content: Buffer }>) {
    const list = byEmail.get(row.emailId) ?? [];
    list.push(row.content);
    byEmail.set(row.emailId, list);
  }
  return byEmail;
}

/** Statuses of an email whose files are still held for its handoff. */
const AWAITING_HANDOFF: readonly EmailStatus[] = ["scheduled", "queued", "sending"];
const AWAITING_HANDOFF_SQL = statusInSql("e.status", AWAITING_HANDOFF);

/**
 * Bytes of the files the workspace holds for emails not yet handed off, from the sizes on the
 * email rows (the same count wherever the bytes are stored); the emails are found through the
 * (organizationId, status, …) index.
 */
export async function sumUnsentAttachmentBytes(db: Queryable, workspaceId: string): Promise<number> {
  const { rows } = await db.query(
    `SELECT COALESCE(sum((f.value ->> 'size')::bigint), 0)::bigint AS bytes
       FROM emails e CROSS JOIN LATERAL jsonb_array_elements(e.attachments) AS f(value)
      WHERE e."organizationId" = $1 AND ${AWAITING_HANDOFF_SQL} AND e.attachments <> '[]'::jsonb`,
    [workspaceId],
  );
  return Number((rows[0] as { bytes: string }).bytes);
}

/**
 * Of these emails, which exist and whether they still wait for their handoff (their files are
 * needed) or not; an email that does not exist is absent. The object store's leftover sweep asks.
 */
export async function emailsHoldingFiles(
  db: Queryable,
  emailIds: readonly string[],
): Promise<Map<string, "awaiting_handoff" | "past_handoff">> {
  const states = new Map<string, "awaiting_handoff" | "past_handoff">();
  if (emailIds.length === 0) return states;
  const { rows } = await db.query(`SELECT e.id, ${AWAITING_HANDOFF_SQL} AS awaiting FROM emails e WHERE e.id = ANY ($1::text[])`, [
    [...new Set(emailIds)],
  ]);
  for (const row of rows as Array<{ id: string; awaiting: boolean }>)
    states.set(row.id, row.awaiting ? "awaiting_handoff" : "past_handoff");
  return states;
}

/** Deletes the attachment bytes of these emails; answers how many files were deleted. */
export async function deleteAttachmentContents(db: Queryable, emailIds: readonly string[]): Promise<number> {
  if (emailIds.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM email_attachments WHERE "emailId" = ANY ($1::text[])`, [[...new Set(emailIds)]]);
  return rowCount ?? 0;
}

/**
 * Statuses of an email the provider has, or that ended without it: its files are no longer
 * needed. Listed rather than derived, so that a status added later keeps its files until it is
 * placed here (a leak at worst, never a lost attachment).
 */
const PAST_HANDOFF: readonly EmailStatus[] = [
  "sent",
  "delivery_delayed",
  "delivered",
  "complained",
  "bounced",
  "rejected",
  "failed",
  "canceled",
];
const PAST_HANDOFF_SQL = Prisma.raw(statusInSql("e.status", PAST_HANDOFF));

/**
 * Deletes up to `limit` files of emails that no longer wait for a handoff (the sender deletes
 * them itself; this catches what a crash between the handoff and that delete left). Answers how
 * many were deleted.
 */
export async function deleteLeftoverAttachmentContents(db: Prisma.TransactionClient, limit: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM email_attachments a
     WHERE (a."emailId", a.position) IN (
       SELECT c."emailId", c.position FROM email_attachments c JOIN emails e ON e.id = c."emailId"
        WHERE ${PAST_HANDOFF_SQL}
        LIMIT ${limit})`;
}

/** Deletes the emails' attachment bytes held in PostgreSQL (an erasure); answers how many files. */
export async function deleteAttachmentContentsOfEmails(db: Queryable, emailIds: readonly string[]): Promise<number> {
  if (emailIds.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM email_attachments WHERE "emailId" = ANY ($1::text[])`, [emailIds]);
  return rowCount ?? 0;
}
