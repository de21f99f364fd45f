import {
  dropSuppressed,
  markEmailFailed,
  rejectEmail,
  rejectSuppressedEmail,
  releaseEmailClaim,
  setSuppressedRecipients,
  sqlPool,
  suppressionKeysOf,
  type ClaimedEmail,
  type SuppressedRecipient,
} from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { ProviderError, type EmailProvider } from "@svc/providers";
import type { Producer } from "@svc/queues";
import type { HandoffWrites } from "./emails/batchedWrites.ts";
import { filterTestRecipients } from "./emails/recipients.ts";
import { decideRetry, type HandoffRetryPolicy } from "./retry.ts";

export interface HandoffDeps {
  db: DbHandle;
  provider: EmailProvider;
  /** Where the webhook deliveries of a `rejected` event go. */
  deliveries: Producer<"webhookDelivery">;
  retry: HandoffRetryPolicy;
  /** The claim and the record of an accepted handoff (batched across concurrent jobs). */
  writes: HandoffWrites;
}

export type HandoffOutcome =
  /** Another worker has it, or it is no longer waiting to be sent: nothing was done. */
  | { kind: "skipped" }
  | { kind: "sent"; providerMessageId: string }
  /** Failed without a provider refusal: no test recipient left, or the retry window ran out. */
  | { kind: "failed"; reason: string }
  /** Every recipient is on the suppression list: failed, with a `rejected` event of ours. */
  | { kind: "suppressed"; suppressed: SuppressedRecipient[] }
  | { kind: "rejected"; error: ProviderError }
  | { kind: "retry"; retryAt: number; error: ProviderError };

/**
 * One attempt to hand one email to the provider: claim it, drop suppressed recipients, filter a
 * test key's recipients, send, record the outcome. Everything the job needs to do next is in the returned outcome.
 */
export async function handOff(deps: HandoffDeps, emailId: string, log: Logger): Promise<HandoffOutcome> {
  const email = await deps.writes.claim(emailId);
  if (!email) {
    log.debug("not claimable (already claimed or no longer queued); skipping");
    return { kind: "skipped" };
  }

  // The suppression list applies to test and live keys alike, before anything else.
  const recipients = { to: email.to };
  const active = await deps.writes.suppressed({ workspaceId: email.organizationId, addresses: suppressionKeysOf(recipients) });
  const { kept, dropped: suppressed, remaining } = dropSuppressed(recipients, active);
  if (suppressed.length > 0) {
    if (remaining === 0) {
      const deliveryIds = await rejectSuppressedEmail(deps.db, email.id, suppressed);
      await enqueueDeliveries(deps, deliveryIds, log);
      log.info({ suppressed: suppressed.length }, "every recipient is suppressed; not sent");
      return { kind: "suppressed", suppressed };
    }
    await setSuppressedRecipients(sqlPool(deps.db), email.id, suppressed);
    log.info({ suppressed: suppressed.length, kept: remaining }, "dropped suppressed recipients");
  }

  let to = kept.to;
  if (email.environment === "test") {
    const { allowed, dropped } = await filterTestRecipients(deps.db, email.organizationId, to);
    if (dropped.length > 0) log.info({ dropped: dropped.length, kept: allowed.length }, "test key: dropped unverified recipients");
    if (allowed.length === 0) {
      const reason = `Test keys deliver only to verified test recipients; not verified: ${dropped.join(", ")}`;
      await markEmailFailed(sqlPool(deps.db), email.id, reason, null);
      return { kind: "failed", reason };
    }
    to = allowed;
  }

  let providerMessageId: string;
  try {
    ({ providerMessageId } = await deps.provider.send({
      emailId: email.id,
      workspaceId: email.organizationId,
      from: email.from,
      to,
      subject: email.subject,
      html: email.html,
      text: email.text,
    }));
  } catch (thrown) {
    return handleProviderFailure(deps, email, asProviderError(thrown), log);
  }

  await recordAccepted(deps, email.id, providerMessageId, log);
  // Debug: at volume a line per email is noise; the row (sentAt, providerMessageId) is the record.
  log.debug({ providerMessageId, attempt: email.attempts }, "handed off");
  return { kind: "sent", providerMessageId };
}

async function handleProviderFailure(
  deps: HandoffDeps,
  email: ClaimedEmail,
  error: ProviderError,
  log: Logger,
): Promise<HandoffOutcome> {
  if (error.kind === "permanent") {
    const deliveryIds = await rejectEmail(deps.db, email.id, error, deps.provider.name);
    await enqueueDeliveries(deps, deliveryIds, log);
    log.warn({ code: error.code, attempt: email.attempts }, "provider refused the email");
    return { kind: "rejected", error };
  }
  const decision = decideRetry(deps.retry, email.attempts, email.queuedAt);
  if ("giveUp" in decision) {
    const reason = `Gave up after ${email.attempts} attempts: ${error.message}`;
    await markEmailFailed(sqlPool(deps.db), email.id, reason, deps.provider.name);
    log.warn({ code: error.code, attempt: email.attempts }, "retry window ended; email failed");
    return { kind: "failed", reason };
  }
  await releaseEmailClaim(sqlPool(deps.db), email.id);
  log.info({ code: error.code, attempt: email.attempts, retryAt: new Date(decision.retryAt).toISOString() }, "transient provider failure; will retry");
  return { kind: "retry", retryAt: decision.retryAt, error };
}

/**
 * The provider has the email now; losing this write would let the lease expire and the email
 * be sent again, so a failing write is tried a few times before giving up.
 */
async function recordAccepted(deps: HandoffDeps, emailId: string, providerMessageId: string, log: Logger): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.writes.markSent({ emailId, provider: deps.provider.name, providerMessageId });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      log.warn({ err: error, attempt }, "could not record the accepted handoff; retrying");
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** Delivery rows are committed; if Redis refuses the jobs now, the dispatcher's sweeper finds them. */
async function enqueueDeliveries(deps: HandoffDeps, deliveryIds: string[], log: Logger): Promise<void> {
  try {
    await deps.deliveries.enqueueMany(deliveryIds.map((id) => ({ jobId: id, payload: { deliveryId: id } })));
  } catch (error) {
    log.warn({ err: error, deliveries: deliveryIds.length }, "could not enqueue webhook deliveries; left to the sweeper");
  }
}

/** Providers throw ProviderError; anything else escaping one is a bug or an outage, so retry it. */
function asProviderError(thrown: unknown): ProviderError {
  if (thrown instanceof ProviderError) return thrown;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new ProviderError("transient", "UnexpectedProviderError", message, { code: "UnexpectedProviderError", message });
}
