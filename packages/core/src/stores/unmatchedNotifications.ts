import { newId, type Prisma } from "@svc/db";
import type { Queryable } from "../sql.ts";

/** The `unmatched_notifications` table: verified SNS notifications that belong to no email of ours. */

/** The longest SES event type name kept; anything longer is not one, and is cut to this. */
const MAX_EVENT_TYPE_LENGTH = 100;

/**
 * The most of a notification's body kept: enough to inspect any real SES event (a few KB), while
 * a verified sender posting SNS's maximum (256 KB) over and over cannot fill the table.
 */
export const MAX_UNMATCHED_BODY_BYTES = 64 * 1024;

/** `body` cut to MAX_UNMATCHED_BODY_BYTES of UTF-8, never inside a character. */
export function truncatedBody(body: string): { body: string; truncated: boolean } {
  if (Buffer.byteLength(body, "utf8") <= MAX_UNMATCHED_BODY_BYTES) return { body, truncated: false };
  const cut = Buffer.from(body, "utf8")
    .subarray(0, MAX_UNMATCHED_BODY_BYTES)
    .toString("utf8")
    .replace(/\uFFFD+$/, "");
  return { body: cut, truncated: true };
}

/**
 * At most this many notifications are kept per rolling hour: a verified sender flooding us with
 * notifications that match nothing cannot grow the table faster than this (with retention, the
 * table holds at most this many times 24 times the retention days).
 */
export const MAX_UNMATCHED_PER_HOUR = 1000;

/**
 * Keeps one notification for inspection, its body cut to MAX_UNMATCHED_BODY_BYTES, unless
 * MAX_UNMATCHED_PER_HOUR were kept within the last hour. Idempotent by SNS MessageId: SNS
 * redelivering it adds nothing. True when it was kept now.
 */
export async function insertUnmatchedNotification(
  db: Queryable,
  input: { snsMessageId: string; eventType: string | null; providerMessageId: string | null; body: string },
  maxPerHour = MAX_UNMATCHED_PER_HOUR,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO unmatched_notifications (id, "snsMessageId", "eventType", "providerMessageId", body)
     SELECT $1, $2, $3, $4, $5
      WHERE (SELECT count(*) FROM (
               SELECT 1 FROM unmatched_notifications WHERE "createdAt" > now() - interval '1 hour' LIMIT $6) recent) < $6
     ON CONFLICT ("snsMessageId") DO NOTHING`,
    [
      newId("unmatched"),
      input.snsMessageId,
      input.eventType?.slice(0, MAX_EVENT_TYPE_LENGTH) ?? null,
      input.providerMessageId,
      truncatedBody(input.body).body,
      maxPerHour,
    ],
  );
  return (rowCount ?? 0) > 0;
}

/** Deletes up to `limit` notifications kept before `cutoff`; answers how many were deleted. */
export async function deleteUnmatchedNotificationsCreatedBefore(
  db: Prisma.TransactionClient,
  cutoff: Date,
  limit: number,
): Promise<number> {
  return db.$executeRaw`
    DELETE FROM unmatched_notifications WHERE ctid IN (
      SELECT ctid FROM unmatched_notifications WHERE "createdAt" < ${cutoff} LIMIT ${limit})`;
}
