import type { Prisma } from "@svc/db";
import type { Queryable } from "../sql.ts";

/** The `idempotency_keys` table: the answer of each POST /emails (or batch) sent with an Idempotency-Key. */

/**
 * Claims `key` for a request: inserts its row, or takes over a row older than `windowHours`, in
 * one statement. True when claimed; false when a live row holds the key.
 *
 * The primary key is the lock: the insert of a concurrent request with the same key waits until
 * the first transaction ends, then either sees its committed row or, if it rolled back, claims
 * the key itself.
 */
export async function claimIdempotencyKeyRow(
  db: Queryable,
  input: { workspaceId: string; key: string; fingerprint: string },
  windowHours: number,
): Promise<boolean> {
  const claim = await db.query(
    `INSERT INTO idempotency_keys ("workspaceId", key, "requestHash", "responseStatus", "responseBody")
     VALUES ($1, $2, $3, 0, '')
     ON CONFLICT ("workspaceId", key) DO UPDATE
       SET "requestHash" = EXCLUDED."requestHash", "responseStatus" = 0, "responseBody" = '',
           "emailId" = NULL, "createdAt" = CURRENT_TIMESTAMP
       WHERE idempotency_keys."createdAt" < CURRENT_TIMESTAMP - make_interval(hours => $4)
     RETURNING 1`,
    [input.workspaceId, input.key, input.fingerprint, windowHours],
  );
  return claim.rowCount === 1;
}

export interface IdempotencyKeyRow {
  requestHash: string;
  responseStatus: number;
  responseBody: string;
}

export async function findIdempotencyKey(db: Queryable, workspaceId: string, key: string): Promise<IdempotencyKeyRow | null> {
  const { rows } = await db.query(
    `SELECT "requestHash", "responseStatus", "responseBody" FROM idempotency_keys WHERE "workspaceId" = $1 AND key = $2`,
    [workspaceId, key],
  );
  return (rows[0] as IdempotencyKeyRow | undefined) ?? null;
}

/** Stores the answer of a claimed key, in the same transaction as the work it describes. */
export async function storeIdempotencyKeyAnswer(
  db: Queryable,
  input: { workspaceId: string; key: string; emailId: string | null; status: number; body: string },
): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET "responseStatus" = $3, "responseBody" = $4, "emailId" = $5
     WHERE "workspaceId" = $1 AND key = $2`,
    [input.workspaceId, input.key, input.status, input.body, input.emailId],
  );
}

/** Deletes up to `limit` keys created before `cutoff`; answers how many were deleted. */
export async function deleteIdempotencyKeysCreatedBefore(db: Prisma.TransactionClient, cutoff: Date, limit: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM idempotency_keys WHERE ctid IN (
      SELECT ctid FROM idempotency_keys WHERE "createdAt" < ${cutoff} LIMIT ${limit})`;
}

/** Deletes the workspace's idempotency records of the emails (an erasure); answers how many. */
export async function deleteIdempotencyKeysOfEmails(db: Queryable, workspaceId: string, emailIds: readonly string[]): Promise<number> {
  if (emailIds.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM idempotency_keys WHERE "workspaceId" = $1 AND "emailId" = ANY ($2::text[])`, [
    workspaceId,
    emailIds,
  ]);
  return rowCount ?? 0;
}
