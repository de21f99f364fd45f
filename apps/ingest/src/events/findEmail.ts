import { sqlPool } from "@svc/core";
import type { DbHandle } from "@svc/db";

/**
 * Our email for an SES event: by the tag we attach at handoff first (it works even when the
 * event outruns the sender's write of providerMessageId), then by the provider's message id.
 * One round trip; both lookups are unique-index probes.
 */
export async function findEmailId(db: DbHandle, taggedEmailId: string | null, providerMessageId: string): Promise<string | null> {
  const { rows } = await sqlPool(db).query<{ id: string }>(
    `SELECT id FROM (
       SELECT id, 0 AS rank FROM emails WHERE id = $1
       UNION ALL
       SELECT id, 1 AS rank FROM emails WHERE "providerMessageId" = $2
     ) found ORDER BY rank LIMIT 1`,
    [taggedEmailId, providerMessageId],
  );
  return rows[0]?.id ?? null;
}
