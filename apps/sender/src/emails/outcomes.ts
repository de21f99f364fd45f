import { inTransaction, recordEmailEventInTx, sqlPool, type SqlClient } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { ProviderError } from "@svc/providers";

/**
 * The sender's writes after a handoff attempt. Each is one guarded UPDATE: provider events (via
 * the ingester) may reach the row first, and a status never moves backwards.
 */

/**
 * The provider accepted the email. `sent` only from `queued`/`sending`: a Delivery or Bounce
 * that overtook this write keeps its status. The message id is stored unless one already is
 * (the ingester may have matched an early event by our tag), so later events match either way.
 */
export async function markSent(db: DbHandle, emailId: string, provider: string, providerMessageId: string): Promise<void> {
  await sqlPool(db).query(
    `UPDATE emails
        SET status = CASE WHEN status IN ('queued', 'sending') THEN 'sent'::"EmailStatus" ELSE status END,
            "sentAt" = COALESCE("sentAt", now()),
            provider = $2,
            "providerMessageId" = COALESCE("providerMessageId", $3)
      WHERE id = $1`,
    [emailId, provider, providerMessageId],
  );
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
