import { newId } from "@svc/db";
import type { Queryable } from "../sql.ts";

/** The `unmatched_notifications` table: verified SNS notifications that belong to no email of ours. */

/** The longest SES event type name kept; anything longer is not one, and is cut to this. */
const MAX_EVENT_TYPE_LENGTH = 100;

/**
 * Keeps one notification for inspection. Idempotent by SNS MessageId: SNS redelivering it adds
 * nothing. True when it was not kept before.
 */
export async function insertUnmatchedNotification(
  db: Queryable,
  input: { snsMessageId: string; eventType: string | null; providerMessageId: string | null; body: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO unmatched_notifications (id, "snsMessageId", "eventType", "providerMessageId", body)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ("snsMessageId") DO NOTHING`,
    [newId("unmatched"), input.snsMessageId, input.eventType?.slice(0, MAX_EVENT_TYPE_LENGTH) ?? null, input.providerMessageId, input.body],
  );
  return (rowCount ?? 0) > 0;
}
