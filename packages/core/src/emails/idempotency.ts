import { createHash } from "node:crypto";
import { AppError } from "../errors.ts";
import type { SqlClient } from "../sql.ts";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;
/** How long a key is remembered; the retention job deletes older ones. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** The header's value, checked: 1..256 printable ASCII characters. Absent stays undefined. */
export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length === 0 || value.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(value)) {
    throw new AppError(
      "validation_failed",
      `Idempotency-Key: must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters.`,
    );
  }
  return value;
}

/** Fingerprint of a request body, over the validated fields in a fixed order. */
export function requestFingerprint(fields: Record<string, unknown>): string {
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

export interface StoredAnswer {
  status: number;
  body: string;
}

/**
 * Claims `key` for this request inside the caller's transaction, or returns the answer already
 * stored under it.
 *
 * The primary key is the lock: the insert of a concurrent request with the same key waits until
 * the first transaction ends, then either sees its committed row (and replays it) or, if it rolled
 * back, claims the key itself. A row older than the window is reclaimed in the same statement.
 * Only successful answers are ever stored: a failed request rolls its claim back, so retrying it
 * with the same key runs it again.
 */
export async function claimIdempotencyKey(
  client: SqlClient,
  input: { workspaceId: string; key: string; fingerprint: string },
): Promise<{ claimed: true } | { claimed: false; answer: StoredAnswer }> {
  const claim = await client.query(
    `INSERT INTO idempotency_keys ("workspaceId", key, "requestHash", "responseStatus", "responseBody")
     VALUES ($1, $2, $3, 0, '')
     ON CONFLICT ("workspaceId", key) DO UPDATE
       SET "requestHash" = EXCLUDED."requestHash", "responseStatus" = 0, "responseBody" = '',
           "emailId" = NULL, "createdAt" = CURRENT_TIMESTAMP
       WHERE idempotency_keys."createdAt" < CURRENT_TIMESTAMP - make_interval(hours => $4)
     RETURNING 1`,
    [input.workspaceId, input.key, input.fingerprint, IDEMPOTENCY_WINDOW_HOURS],
  );
  if (claim.rowCount === 1) return { claimed: true };

  const existing = await client.query<{ requestHash: string; responseStatus: number; responseBody: string }>(
    `SELECT "requestHash", "responseStatus", "responseBody" FROM idempotency_keys WHERE "workspaceId" = $1 AND key = $2`,
    [input.workspaceId, input.key],
  );
  const row = existing.rows[0];
  if (!row) throw new Error("idempotency key vanished between claim and read");
  if (row.requestHash !== input.fingerprint) {
    throw new AppError(
      "conflict",
      "This Idempotency-Key was already used with a different request body. Use a new key for a new request.",
    );
  }
  return { claimed: false, answer: { status: row.responseStatus, body: row.responseBody } };
}

/** Stores the answer of a claimed key, in the same transaction as the work it describes. */
export async function storeIdempotentAnswer(
  client: SqlClient,
  input: { workspaceId: string; key: string; emailId: string; answer: StoredAnswer },
): Promise<void> {
  await client.query(
    `UPDATE idempotency_keys SET "responseStatus" = $3, "responseBody" = $4, "emailId" = $5
     WHERE "workspaceId" = $1 AND key = $2`,
    [input.workspaceId, input.key, input.answer.status, input.answer.body, input.emailId],
  );
}
