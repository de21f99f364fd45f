import type { DbHandle } from "@svc/db";
import { recordEmailEventInTx } from "../events/record.ts";
import { inTransaction } from "../sql.ts";
import { markEmailFailed } from "../stores/emails.ts";

/** What a provider said when it refused an email for good. */
export interface ProviderRefusal {
  /** The provider's error name, e.g. `MessageRejected`. */
  code: string;
  message: string;
  /** JSON-safe description of the provider's error. */
  details: Record<string, unknown>;
}

/**
 * The provider refused the email for good: `failed`, and a `rejected` event carrying the
 * provider's error so that webhook subscribers hear of it like any other event. One
 * transaction; returns the webhook deliveries to enqueue once it has committed.
 */
export async function rejectEmail(handle: DbHandle, emailId: string, refusal: ProviderRefusal, provider: string): Promise<string[]> {
  return inTransaction(handle, async (tx) => {
    await markEmailFailed(tx, emailId, refusal.message, provider);
    const recorded = await recordEmailEventInTx(tx, {
      emailId,
      type: "rejected",
      eventTimestamp: new Date(),
      payloadJson: JSON.stringify({ code: refusal.code, message: refusal.message, ...refusal.details }),
      dedupeKey: `reject:${emailId}`,
    });
    return recorded.deliveryIds;
  });
}
