import { dropSuppressed, rejectEmail, rejectSuppressedEmail, sqlPool, suppressionKeysOf, type SuppressedRecipient } from "@svc/core";
import {
  deleteAttachmentContents,
  markEmailFailed,
  releaseEmailClaim,
  selectAttachmentContents,
  setSuppressedRecipients,
  type ClaimedEmail,
} from "@svc/core/stores";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { timeProviderCall } from "@svc/metrics/sender";
import { ProviderError, type EmailProvider, type OutboundAttachment } from "@svc/providers";
import type { Producer } from "@svc/queues";
import type { HandoffWrites } from "./emails/batchedWrites.ts";
import type { AttachmentBudget } from "./emails/attachmentBudget.ts";
import { addressOf, filterTestRecipients } from "./emails/recipients.ts";
import { decideRetry, type HandoffRetryPolicy } from "./retry.ts";

export interface HandoffDeps {
  db: DbHandle;
  provider: EmailProvider;
  /** Where the webhook deliveries of a `rejected` event go. */
  deliveries: Producer<"webhookDelivery">;
  retry: HandoffRetryPolicy;
  /** The claim and the record of an accepted handoff (batched across concurrent jobs). */
  writes: HandoffWrites;
  /** Attachment bytes this process may hold at once (see AttachmentBudget). */
  attachmentBudget: AttachmentBudget;
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

  // The from-domain was verified when the email was queued; it must still be now. A domain
  // removed, or failed by its re-check, stops its queued and retried emails too.
  const fromDomain = domainOf(email.from);
  if (!(await deps.writes.domainVerified({ workspaceId: email.organizationId, domain: fromDomain }))) {
    const reason = `The from domain ${fromDomain} is no longer verified for this organization (removed, or its re-check failed); not sent.`;
    await markEmailFailed(sqlPool(deps.db), email.id, reason, null);
    log.warn({ domain: fromDomain }, "from domain no longer verified; email failed without a handoff");
    return { kind: "failed", reason };
  }

  // The suppression list applies to test and live keys alike, before anything else.
  const recipients = { to: email.to, cc: email.cc, bcc: email.bcc };
  const active = await deps.writes.suppressed({ workspaceId: email.organizationId, addresses: suppressionKeysOf(recipients) });
  const { kept, dropped: suppressed, remaining } = dropSuppressed(recipients, active);
  if (suppressed.length > 0) {
    if (remaining === 0) {
      const deliveryIds = await rejectSuppressedEmail(deps.db, email.id, suppressed);
      await enqueueDeliveries(deps, deliveryIds, log);
      await dropAttachmentContents(deps, email, log);
      log.info({ suppressed: suppressed.length }, "every recipient is suppressed; not sent");
      return { kind: "suppressed", suppressed };
    }
    await setSuppressedRecipients(sqlPool(deps.db), email.id, suppressed);
    log.info({ suppressed: suppressed.length, kept: remaining }, "dropped suppressed recipients");
  }

  let recipientsToSend = kept;
  if (email.environment === "test") {
    const all = [...kept.to, ...kept.cc, ...kept.bcc];
    const { allowed, dropped } = await filterTestRecipients(deps.db, email.organizationId, all);
    if (dropped.length > 0) log.info({ dropped: dropped.length, kept: allowed.length }, "test key: dropped unverified recipients");
    if (allowed.length === 0) {
      const reason = `Test keys deliver only to verified test recipients; not verified: ${dropped.join(", ")}`;
      await markEmailFailed(sqlPool(deps.db), email.id, reason, null);
      await dropAttachmentContents(deps, email, log);
      return { kind: "failed", reason };
    }
    const isAllowed = new Set(allowed);
    recipientsToSend = { to: kept.to.filter((r) => isAllowed.has(r)), cc: kept.cc.filter((r) => isAllowed.has(r)), bcc: kept.bcc.filter((r) => isAllowed.has(r)) };
  }

  const fileBytes = email.attachments.reduce((sum, file) => sum + file.size, 0);
  const handedOff = await deps.attachmentBudget.hold(fileBytes, async (): Promise<HandoffOutcome | { providerMessageId: string }> => {
    const attachments = await loadAttachments(deps, email);
    if (attachments === null) {
      const reason = "The attachment contents are missing (already removed after an earlier handoff or by retention).";
      await markEmailFailed(sqlPool(deps.db), email.id, reason, null);
      log.error("attachment contents missing; email failed");
      return { kind: "failed", reason };
    }
    const answered = timeProviderCall(deps.provider.name);
    try {
      const accepted = await deps.provider.send({
        emailId: email.id,
        workspaceId: email.organizationId,
        from: email.from,
        ...recipientsToSend,
        replyTo: email.replyTo,
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers,
        tags: email.tags,
        attachments,
      });
      answered("ok");
      return accepted;
    } catch (thrown) {
      answered("error");
      return handleProviderFailure(deps, email, asProviderError(thrown), log);
    }
  });
  if ("kind" in handedOff) return handedOff;
  const { providerMessageId } = handedOff;

  await recordAccepted(deps, email.id, providerMessageId, log);
  await dropAttachmentContents(deps, email, log);
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
    await dropAttachmentContents(deps, email, log);
    log.warn({ code: error.code, attempt: email.attempts }, "provider refused the email");
    return { kind: "rejected", error };
  }
  const decision = decideRetry(deps.retry, email.attempts, email.queuedAt);
  if ("giveUp" in decision) {
    const reason = `Gave up after ${email.attempts} attempts: ${error.message}`;
    await markEmailFailed(sqlPool(deps.db), email.id, reason, deps.provider.name);
    await dropAttachmentContents(deps, email, log);
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

/**
 * The email's files with their bytes, or null when bytes are missing. Only emails that have
 * attachments read the attachments table: the common handoff costs no extra round trip.
 */
async function loadAttachments(deps: HandoffDeps, email: ClaimedEmail): Promise<OutboundAttachment[] | null> {
  if (email.attachments.length === 0) return [];
  const contents = (await selectAttachmentContents(sqlPool(deps.db), [email.id])).get(email.id) ?? [];
  if (contents.length !== email.attachments.length) return null;
  return email.attachments.map((meta, position) => ({
    filename: meta.filename,
    contentType: meta.contentType,
    contentId: meta.contentId,
    content: contents[position]!,
  }));
}

/**
 * The provider has the email, or it has ended: its files are no longer needed. A failure here is
 * only logged; the retention job deletes what is left over.
 */
async function dropAttachmentContents(deps: HandoffDeps, email: ClaimedEmail, log: Logger): Promise<void> {
  if (email.attachments.length === 0) return;
  try {
    await deleteAttachmentContents(sqlPool(deps.db), [email.id]);
  } catch (error) {
    log.warn({ err: error }, "could not delete the attachment contents; retention will");
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

/** The domain of a stored `from` ("Name <a@b>" or "a@b"), lower-cased. */
function domainOf(from: string): string {
  const address = addressOf(from);
  return address.slice(address.lastIndexOf("@") + 1);
}

/** Providers throw ProviderError; anything else escaping one is a bug or an outage, so retry it. */
function asProviderError(thrown: unknown): ProviderError {
  if (thrown instanceof ProviderError) return thrown;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new ProviderError("transient", "UnexpectedProviderError", message, { code: "UnexpectedProviderError", message });
}
