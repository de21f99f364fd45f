import { inTransaction, recordEmailEventInTx, sqlPool, type Queryable, type SqlClient } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { ProviderError } from "@svc/providers";

/**
 * The sender's writes after a handoff attempt. Each is one guarded UPDATE: provider events (via
 * the ingester) may reach the row first, and a status never moves backwards.
 */

export interface AcceptedHandoff {
  emailId: string;
  provider: string;
  providerMessageId: string;
}

/**
 * The provider accepted these emails. `sent` only from `queued`/`sending`: a Delivery or Bounce
 * that overtook this write keeps its status. The message id is stored unless one already is
 * (the ingester may have matched an early event by our tag), so later events match either way.
 * One statement for all of them; an email listed twice keeps its first entry.
 */
export async function markSentMany(client: Queryable, accepted: AcceptedHandoff[]): Promise<void> {
  // One row may be updated only once per statement.
  const firsts = new Map<string, AcceptedHandoff>();
  for (const entry of accepted) if (!firsts.has(entry.emailId)) firsts.set(entry.emailId, entry);
  const rows = [...firsts.values()];
  await client.query(
    `UPDATE emails e
        SET status = CASE WHEN e.status IN ('queued', 'sending') THEN 'sent'::"EmailStatus" ELSE e.status END,
            "sentAt" = COALESCE(e."sentAt", now()),
            provider = v.provider,
            "providerMessageId" = COALESCE(e."providerMessageId", v.message_id)
       FROM unnest($1::text[], $2::text[], $3::text[]) AS v(id, provider, message_id)
      WHERE e.id = v.id`,
    [rows.map((row) => row.emailId), rows.map((row) => row.provider), rows.map((row) => row.providerMessageId)],
  );
}

/** One email's accepted handoff (see markSentMany). */
export async function markSent(db: DbHandle, emailId: string, provider: string, providerMessageId: string): Promise<void> {
  await markSentMany(sqlPool(db), [{ emailId, provider, providerMessageId }]);
}

/**
 * Ends an email we never handed off, or that the provider refused, as `failed`. `provider` is
 * recorded when a provider was asked.
 */
export async function markFailed(
  db: DbHandle | SqlClient,
  emailId: string,
  errorMessage: string,
  provider: string | null = null,
): Promise<boolean> {
  const client = "pool" in db ? sqlPool(db) : db;
  const { rowCount } = await client.query(
    `UPDATE emails
        SET status = 'failed', "failedAt" = now(), "errorMessage" = $2, "claimedAt" = NULL,
            provider = COALESCE($3::text, provider)
      WHERE id = $1 AND status IN ('queued', 'sending')`,
    [emailId, errorMessage, provider],
  );
  return (rowCount ?? 0) > 0;
}

/** A transient failure: the email waits, `queued`, for its retry. */
export async function releaseForRetry(db: DbHandle, emailId: string): Promise<void> {
  await sqlPool(db).query(`UPDATE emails SET status = 'queued', "claimedAt" = NULL WHERE id = $1 AND status = 'sending'`, [emailId]);
}

/**
 * The provider refused the email for good: `failed`, and a `rejected` event carrying the
 * provider's error so that webhook subscribers hear of it like any other event. One
 * transaction; returns the webhook deliveries to enqueue once it has committed.
 */
export async function markRejected(db: DbHandle, emailId: string, error: ProviderError, provider: string): Promise<string[]> {
  return inTransaction(db, async (tx) => {
    await markFailed(tx, emailId, error.message, provider);
    const recorded = await recordEmailEventInTx(tx, {
      emailId,
      type: "rejected",
      eventTimestamp: new Date(),
      payloadJson: JSON.stringify({ code: error.code, message: error.message, ...error.details }),
      dedupeKey: `reject:${emailId}`,
    });
    return recorded.deliveryIds;
  });
}
