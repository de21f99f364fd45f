import { sqlPool } from "@svc/core";
import { newId, type DbHandle } from "@svc/db";

/**
 * Keeps a verified notification that belongs to no email of ours (or that we could not read),
 * for inspection. Idempotent by SNS MessageId: SNS redelivering it adds nothing.
 */
export async function keepUnmatched(
  db: DbHandle,
  input: { snsMessageId: string; eventType: string | null; providerMessageId: string | null; body: string },
): Promise<boolean> {
  const { rowCount } = await sqlPool(db).query(
    `INSERT INTO unmatched_notifications (id, "snsMessageId", "eventType", "providerMessageId", body)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ("snsMessageId") DO NOTHING`,
    [newId("unmatched"), input.snsMessageId, input.eventType?.slice(0, 100) ?? null, input.providerMessageId, input.body],
  );
  return (rowCount ?? 0) > 0;
}
