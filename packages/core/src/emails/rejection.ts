import type { DbHandle } from "@svc/db";
import { recordEmailEventInTx } from "../events/record.ts";
import { inTransaction } from "../sql.ts";
import { markEmailFailed, setSuppressedRecipients } from "../stores/emails.ts";
import { describeSuppressed, type SuppressedRecipient } from "../suppressions/sendTime.ts";

/** What a provider said when it refused an email for good. */
export interface ProviderRefusal {
  /** The provider's error name, e.g. `MessageRejected`. */
  code: string;
  message: string;
  /** JSON-safe description of the provider's error. */
  details: Record<string, unknown>;
}

/** One way an email ends before or at the handoff: `failed`, with a `rejected` event. */
interface Rejection {
  errorMessage: string;
  provider: string | null;
  /** The `rejected` event's payload (JSON). */
  payload: Record<string, unknown>;
  suppressed?: readonly SuppressedRecipient[];
}

/**
 * Ends the email `failed` and records a `rejected` event so that webhook subscribers hear of it
 * like any other event. One transaction; returns the webhook deliveries to enqueue once it has
 * committed. The dedupe key makes a second rejection of one email record nothing.
 */
async function recordRejection(db: DbHandle, emailId: string, rejection: Rejection): Promise<string[]> {
  return inTransaction(db, async (tx) => {
    await markEmailFailed(tx, emailId, rejection.errorMessage, rejection.provider);
    if (rejection.suppressed) await setSuppressedRecipients(tx, emailId, rejection.suppressed);
    const recorded = await recordEmailEventInTx(tx, {
      emailId,
      type: "rejected",
      eventTimestamp: new Date(),
      payloadJson: JSON.stringify(rejection.payload),
      dedupeKey: `reject:${emailId}`,
    });
    return recorded.deliveryIds;
  });
}

/** The provider refused the email for good: its error is the `rejected` event's payload. */
export async function rejectEmail(db: DbHandle, emailId: string, refusal: ProviderRefusal, provider: string): Promise<string[]> {
  return recordRejection(db, emailId, {
    errorMessage: refusal.message,
    provider,
    payload: { code: refusal.code, message: refusal.message, ...refusal.details },
  });
}

/**
 * Every recipient is on the workspace's suppression list: never handed off. The `rejected`
 * event's payload is ours (`source: "svc"`), not a provider's, and names the recipients.
 */
export async function rejectSuppressedEmail(db: DbHandle, emailId: string, suppressed: readonly SuppressedRecipient[]): Promise<string[]> {
  // Unsubscribed from the email's topic (and nothing stronger): the reason says so, as the recipient asked.
  const unsubscribed = suppressed.every((recipient) => recipient.reason === "unsubscribed");
  return recordRejection(db, emailId, {
    errorMessage: unsubscribed
      ? `Not sent: every recipient unsubscribed from this email's topic: ${describeSuppressed(suppressed)}`
      : `Not sent: every recipient is on the suppression list: ${describeSuppressed(suppressed)}`,
    provider: null,
    payload: { source: "svc", reason: unsubscribed ? "unsubscribed" : "suppressed", recipients: suppressed },
    suppressed,
  });
}
