import { recordEmailEventInTx } from "@svc/core";
import type { Db, Prisma } from "@svc/db";
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
export async function markSent(db: Db, emailId: string, provider: string, providerMessageId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE emails
       SET status = CASE WHEN status IN ('queued', 'sending') THEN 'sent'::"EmailStatus" ELSE status END,
           "sentAt" = COALESCE("sentAt", now()),
           provider = ${provider},
           "providerMessageId" = COALESCE("providerMessageId", ${providerMessageId})
     WHERE id = ${emailId}`;
}

/**
 * Ends an email we never handed off, or that the provider refused, as `failed`. `provider` is
 * recorded when a provider was asked.
 */
export async function markFailed(
  db: Db | Prisma.TransactionClient,
  emailId: string,
  errorMessage: string,
  provider: string | null = null,
): Promise<boolean> {
  const changed = await db.$executeRaw`
    UPDATE emails
       SET status = 'failed', "failedAt" = now(), "errorMessage" = ${errorMessage}, "claimedAt" = NULL,
           provider = COALESCE(${provider}::text, provider)
     WHERE id = ${emailId} AND status IN ('queued', 'sending')`;
  return changed > 0;
}

/** A transient failure: the email waits, `queued`, for its retry. */
export async function releaseForRetry(db: Db, emailId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE emails SET status = 'queued', "claimedAt" = NULL
     WHERE id = ${emailId} AND status = 'sending'`;
}

/**
 * The provider refused the email for good: `failed`, and a `rejected` event carrying the
 * provider's error so that webhook subscribers hear of it like any other event. One
 * transaction; returns the webhook deliveries to enqueue once it has committed.
 */
export async function markRejected(db: Db, emailId: string, error: ProviderError, provider: string): Promise<string[]> {
  return db.$transaction(async (tx) => {
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
