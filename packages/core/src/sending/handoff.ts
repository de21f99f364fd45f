import type { Logger } from "@svc/logger";
import { newDeliveryJobs } from "@svc/queues";
import type { EmailFailure } from "../emails/failure.ts";
import { type EmailFiles, FileStoreUnavailable } from "../files/store.ts";
import type { AcceptedHandoff, ClaimedEmail } from "../stores/emails.ts";
import { dropSuppressed, type SuppressedRecipient } from "../suppressions/sendTime.ts";
import { TemplateRenderError } from "../templates/engine.ts";
import { RenderBusy } from "../templates/renderPool.ts";
import { ATTACHMENT_BUDGET_FULL } from "./attachmentBudget.ts";
import type { HandoffPorts } from "./ports.ts";
import { asProviderError, type OutboundAttachment, ProviderError, type RegionWaitCause } from "./provider.ts";
import { filterTestRecipients } from "./recipients.ts";
import { decideRetry } from "./retry.ts";

export type HandoffOutcome =
  /** Another worker has it, or it is no longer waiting to be sent: nothing was done. */
  | { kind: "skipped" }
  /** Another worker claimed it while this handoff waited (its lease ran out): not sent by this one. */
  | { kind: "claim_lost" }
  | { kind: "sent"; providerMessageId: string }
  /** Failed without a provider refusal: its domain, no test recipient left, files gone, or the retry window ran out. */
  | { kind: "failed"; reason: string }
  /** Its template did not render from its pinned version: failed, with a `rendering_failed` event of ours. */
  | { kind: "rendering_failed"; error: string }
  /** Every recipient is on the suppression list: failed, with a `rejected` event of ours. */
  | { kind: "suppressed"; suppressed: SuppressedRecipient[] }
  | { kind: "rejected"; error: ProviderError }
  | { kind: "retry"; retryAt: number; error: ProviderError }
  /**
   * The provider paused the workspace's sending (its SES tenant), or the whole account's, or the
   * account's 24-hour quota has no room: it waits, queued, until `retryAt`, and then for as long as
   * the pause lasts (`hold` says which, `reason` in words).
   */
  | { kind: "held"; retryAt: number; hold: AccountHold | "tenant_paused"; reason: string }
  /**
   * The send rate is spoken for beyond what a worker waits through, the workspace's render share
   * is spent, or the process's attachment budget had no room within its wait (`hold` says which):
   * it waits, queued, until `retryAt`.
   */
  | { kind: "deferred"; retryAt: number; hold: DeferralCause; reason: string };

/** What holds every workspace's mail: the account's pause, or its 24-hour quota. */
export type AccountHold = "account_paused" | "account_quota";
/** What puts one email back in the queue for a short while. */
export type DeferralCause = "rate_limit" | "render_busy" | "attachment_budget" | Exclude<RegionWaitCause, "account_quota">;

/** What an email deferred for room in the attachment budget says while it waits. */
export const ATTACHMENT_BUDGET_REASON =
  "The sender had no room for this email's attachments within its wait (other large emails were being handed off); it waits, queued, and is tried again shortly.";

/** What an email put back for its turn at the account's send rate says while it waits. */
export const RATE_LIMIT_REASON =
  "The account's send rate (SES MaxSendRate, shared by every sender) is spoken for beyond the sender's longest wait; it waits, queued, for its turn.";

/** What an email put back because its workspace's render share was spent says while it waits. */
export const RENDER_BUSY_REASON =
  "Its workspace's share of template rendering is spent for now (other templated emails of the workspace are rendering); it waits, queued, for its turn.";

/** What an email waiting because every region it may use is down says while it waits. */
export const REGION_UNAVAILABLE_REASON =
  "Every SES region this workspace may send from is failing (its primary, and its failover regions if it has any); it waits, queued, and goes once one of them answers again.";

/** What an email whose last handoff's outcome is unknown says while it waits for its region's word. */
export const HANDOFF_UNKNOWN_REASON =
  "Its last handoff got no answer from its SES region (the region may have taken it), and that region is now down: it waits, queued, for the region's Send event or for a bounded time before another region may send it, so that it is never sent twice.";

/** What an email held by the account's 24-hour quota says while it waits. */
export const ACCOUNT_QUOTA_REASON =
  "The SES account's 24-hour sending quota (Max24HourSend) is reached; it waits, queued, and goes once the 24-hour window has moved enough to make room (raise the quota in the SES console to send sooner).";

/** What an email held because SES paused the whole account's sending says while it waits. */
export const ACCOUNT_PAUSED_REASON =
  "SES has paused sending for the whole account (GetAccount SendingEnabled is false, usually on its bounce or complaint rate); every workspace's emails wait, queued, and go once SES enables the account again.";

/** What a held email's explanation says (GET /emails/{id} `waiting`, the dashboard). */
export const TENANT_PAUSED_REASON =
  "The provider has paused sending for this workspace (its SES tenant is disabled, usually on its bounce or complaint rate); its emails wait and are sent once the provider enables it again.";

/**
 * One attempt to hand one email to the provider, and the answer to "when is an email not sent?".
 * The rules apply in this order:
 *
 * 1. It is not claimable (another worker has it, or it is no longer waiting): skipped.
 *    Claimed again after a handoff the provider accepted but Postgres could not record (kept in
 *    UnrecordedAcceptances): that acceptance is recorded, and it is not handed off again.
 * 2. Its from-domain is no longer a verified domain of its workspace: failed.
 *
 * Every `failed` here comes with a `failed` event of ours (reason and message) and its webhooks.
 * 3. Suppressed recipients (to, cc, bcc; test and live keys alike) are dropped; when none is
 *    left it is failed with a `rejected` event of ours.
 * 4. A test key's recipients that are not pre-verified test recipients are dropped; when none
 *    is left it is failed.
 * 5. A templated email is rendered from the version pinned when it was accepted; a render that
 *    fails (a limit, a filter error on its data, output over the size limit, the template
 *    deleted) ends it failed with a `rendering_failed` event of ours.
 * 6. The account is paused, or its workspace is held (the provider paused its sending): it waits,
 *    queued, and is tried again once the hold ends; a workspace's hold holds no other workspace.
 *    The account's 24-hour quota has no room for its recipients: it waits, queued, until the
 *    window has moved enough. Otherwise it takes its turn at the account's send rate, one token
 *    per remaining recipient (a turn too far ahead puts it back in the queue until then).
 * 7. Its files do not fit the process's attachment budget within the wait it allows: it waits,
 *    queued, and is tried again later. Its files' bytes are gone: failed.
 * 8. Its claim is renewed right before the provider call; when another worker has claimed it
 *    meanwhile (this handoff waited past its lease), this one sends nothing.
 * 9. The provider refuses it for good: failed with the provider's `rejected` event.
 * 10. The provider says the workspace's sending is paused: held, as in 6, with its workspace; the
 *     account's sending, or its daily quota spent: held, as in 6, with every workspace.
 * 11. The provider fails for now: retried with backoff until the retry window ends, then failed.
 *
 * Everything the caller needs to do next is in the returned outcome.
 */
export async function handOff(ports: HandoffPorts, emailId: string, log: Logger): Promise<HandoffOutcome> {
  // Read before the claim, so the lease this worker counts on ends no later than Postgres's.
  const claimAskedAt = ports.clock.now();
  const claimed = await ports.writes.claim(emailId);
  if (!claimed) {
    log.debug("not claimable (already claimed or no longer queued); skipping");
    return { kind: "skipped" };
  }

  // The from-domain was verified when the email was queued; it must still be now. A domain
  // removed, or failed by its re-check, stops its queued and retried emails too. Its recipients
  // were checked against the suppression list in the same look-up, made with the claim.
  const { email, fromDomain, check: checked } = claimed;
  // When the lease this worker counts on started: the claim, then its renewal.
  let leaseAskedAt = claimAskedAt;
  // A claim after the first may follow a handoff the provider accepted but Postgres never heard
  // of (see recordAccepted): that acceptance is recorded now, and the email not sent again.
  if (email.attempts > 1) {
    const earlier = await findUnrecorded(ports, email.id, log);
    if (earlier) {
      await recordAccepted(ports, earlier, leaseAskedAt, log, { kept: true });
      await dropAttachmentContents(ports, email, log);
      log.warn({ providerMessageId: earlier.providerMessageId }, "the provider had accepted this email before; recorded, not sent again");
      return { kind: "sent", providerMessageId: earlier.providerMessageId };
    }
  }

  const recipients = { to: email.to, cc: email.cc, bcc: email.bcc };
  if (!checked.domainVerified) {
    const reason = `The from domain ${fromDomain} is no longer verified for this workspace (removed, or its re-check failed); not sent.`;
    await endFailed(ports, email, { reason: "domain_not_verified", message: reason }, null, log);
    log.warn({ domain: fromDomain }, "from domain no longer verified; email failed without a handoff");
    return { kind: "failed", reason };
  }

  // The suppression list applies to test and live keys alike, before anything else.
  const { kept, dropped: suppressed, remaining } = dropSuppressed(recipients, checked.suppressed);
  if (suppressed.length > 0) {
    if (remaining === 0) {
      const deliveryIds = await ports.records.rejectSuppressed(email.id, suppressed);
      await enqueueDeliveries(ports, deliveryIds, log);
      await dropAttachmentContents(ports, email, log);
      log.info({ suppressed: suppressed.length }, "every recipient is suppressed; not sent");
      return { kind: "suppressed", suppressed };
    }
    await ports.records.setSuppressedRecipients(email.id, suppressed);
    log.info({ suppressed: suppressed.length, kept: remaining }, "dropped suppressed recipients");
  }

  let recipientsToSend = kept;
  if (email.environment === "test") {
    const all = [...kept.to, ...kept.cc, ...kept.bcc];
    const { allowed, dropped } = await filterTestRecipients(ports.records.preVerifiedRecipients, email.organizationId, all);
    if (dropped.length > 0) log.info({ dropped: dropped.length, kept: allowed.length }, "test key: dropped unverified recipients");
    if (allowed.length === 0) {
      const reason = `Test keys deliver only to verified test recipients; not verified: ${dropped.join(", ")}`;
      await endFailed(ports, email, { reason: "no_permitted_recipient", message: reason }, null, log);
      return { kind: "failed", reason };
    }
    const isAllowed = new Set(allowed);
    recipientsToSend = {
      to: kept.to.filter((r) => isAllowed.has(r)),
      cc: kept.cc.filter((r) => isAllowed.has(r)),
      bcc: kept.bcc.filter((r) => isAllowed.has(r)),
    };
  }

  const content = await renderContent(ports, email, log);
  if ("kind" in content) return content;

  const recipientCount = recipientsToSend.to.length + recipientsToSend.cc.length + recipientsToSend.bcc.length;
  const turn = await ports.gate.pass(email.organizationId, recipientCount);
  if (turn.kind === "held") return holdEmail(ports, email.id, turn.remainingMs, log);
  if (turn.kind === "account_paused") return holdForAccount(ports, email.id, "account_paused", turn.remainingMs, log);
  if (turn.kind === "account_quota") return holdForAccount(ports, email.id, "account_quota", turn.resumeInMs, log);
  if (turn.kind === "busy") {
    await ports.records.release(email.id);
    log.debug({ waitMs: turn.waitMs }, "the send rate is spoken for; back in the queue until its turn");
    return { kind: "deferred", retryAt: ports.clock.now() + turn.waitMs, hold: "rate_limit", reason: RATE_LIMIT_REASON };
  }
  if (turn.waitMs > 0) await ports.clock.sleep(turn.waitMs);

  const fileBytes = email.attachments.reduce((sum, file) => sum + file.size, 0);
  const handedOff = await ports.attachmentBudget.hold(
    fileBytes,
    async (): Promise<HandoffOutcome | { providerMessageId: string; region?: string }> => {
      let attachments: OutboundAttachment[] | null;
      try {
        attachments = await loadAttachments(ports, email);
      } catch (thrown) {
        if (!(thrown instanceof FileStoreUnavailable)) throw thrown;
        // The files are still there; the store is not answering: retried like a provider outage.
        return handleProviderFailure(ports, email, new ProviderError("transient", "FileStoreUnavailable", thrown.message), log);
      }
      if (attachments === null) {
        const reason = "The attachment contents are missing (already removed after an earlier handoff or by retention).";
        await endFailed(ports, email, { reason: "attachments_missing", message: reason }, null, log);
        log.error("attachment contents missing; email failed");
        return { kind: "failed", reason };
      }
      const lease = await renewedLease(ports, email, leaseAskedAt);
      if (lease === null) {
        log.warn({ attempt: email.attempts }, "another worker claimed this email while its handoff waited; not sent by this one");
        return { kind: "claim_lost" };
      }
      leaseAskedAt = lease;
      try {
        return await ports.provider.send({
          ...(email.unknownHandoffRegion !== null && email.unknownHandoffAt !== null
            ? { unknownHandoff: { region: email.unknownHandoffRegion, at: email.unknownHandoffAt } }
            : {}),
          emailId: email.id,
          workspaceId: email.organizationId,
          from: email.from,
          fromDomain,
          ...recipientsToSend,
          replyTo: email.replyTo,
          ...content,
          headers: withUnsubscribeHeaders(ports, email, recipientsToSend.to),
          tags: email.tags,
          attachments,
        });
      } catch (thrown) {
        return handleProviderFailure(ports, email, asProviderError(thrown), log);
      }
    },
  );
  if (handedOff === ATTACHMENT_BUDGET_FULL) {
    await ports.records.release(email.id);
    const retryAt = ports.clock.now() + ports.attachmentBudget.maxWaitMs;
    log.info(
      { bytes: fileBytes, retryAt: new Date(retryAt).toISOString() },
      "no room in the attachment budget within its wait; back in the queue",
    );
    return { kind: "deferred", retryAt, hold: "attachment_budget", reason: ATTACHMENT_BUDGET_REASON };
  }
  if ("kind" in handedOff) return handedOff;
  const { providerMessageId, region } = handedOff;

  const accepted = { emailId: email.id, provider: ports.provider.name, providerMessageId, ...(region ? { region } : {}) };
  const renderedSubject = email.templateVersion !== null ? { renderedSubject: content.subject } : {};
  await recordAccepted(ports, { ...accepted, ...renderedSubject }, leaseAskedAt, log, { kept: false });
  await dropAttachmentContents(ports, email, log);
  // Debug: at volume a line per email is noise; the row (sentAt, providerMessageId) is the record.
  log.debug({ providerMessageId, attempt: email.attempts }, "handed off");
  return { kind: "sent", providerMessageId };
}

/**
 * The caller's headers, and for an email with a topic the one-click unsubscribe headers. Signed
 * here, not when accepted: the token is never stored, and it names the recipient the email goes to.
 */
function withUnsubscribeHeaders(ports: HandoffPorts, email: ClaimedEmail, to: readonly string[]): ClaimedEmail["headers"] {
  const recipient = to[0];
  if (email.unsubscribeTopic === null || recipient === undefined) return email.headers;
  return [
    ...email.headers,
    ...ports.unsubscribe.headersFor({ workspaceId: email.organizationId, emailId: email.id, topic: email.unsubscribeTopic, recipient }),
  ];
}

/** The email's subject, html and text: as stored, or rendered from its pinned template version. */
async function renderContent(
  ports: HandoffPorts,
  email: ClaimedEmail,
  log: Logger,
): Promise<HandoffOutcome | Pick<ClaimedEmail, "subject" | "html" | "text">> {
  if (email.templateId === null || email.templateVersion === null) return { subject: email.subject, html: email.html, text: email.text };
  const pinned = { templateId: email.templateId, version: email.templateVersion };
  try {
    return await ports.templates.render({
      ...pinned,
      workspaceId: email.organizationId,
      variables: email.templateVariables ?? {},
      subject: email.subject,
    });
  } catch (error) {
    if (error instanceof RenderBusy) {
      // The workspace's render share is spent: its email waits its turn, like a busy send rate.
      await ports.records.release(email.id);
      log.debug({ retryAfterMs: error.retryAfterMs }, "the workspace's render share is spent; back in the queue");
      return { kind: "deferred", retryAt: ports.clock.now() + error.retryAfterMs, hold: "render_busy", reason: RENDER_BUSY_REASON };
    }
    if (!(error instanceof TemplateRenderError)) throw error;
    const deliveryIds = await ports.records.failRendering(email.id, {
      template: pinned.templateId,
      version: pinned.version,
      error: error.message,
    });
    if (deliveryIds) await enqueueDeliveries(ports, deliveryIds, log);
    await dropAttachmentContents(ports, email, log);
    log.warn({ template: pinned.templateId, version: pinned.version, error: error.message }, "template did not render; email failed");
    return { kind: "rendering_failed", error: error.message };
  }
}

/** A permanent refusal ends the email; a transient failure is retried within the retry window. */
async function handleProviderFailure(ports: HandoffPorts, email: ClaimedEmail, error: ProviderError, log: Logger): Promise<HandoffOutcome> {
  if (error.kind === "region_wait" && error.regional.wait) {
    // Not a failure of the email: no region it may use can take it now (see RegionalProvider).
    const { cause, retryAt } = error.regional.wait;
    // A region's quota is an account hold as with one region, said and counted as one.
    if (cause === "account_quota") return holdForAccount(ports, email.id, "account_quota", Math.max(0, retryAt - ports.clock.now()), log);
    await ports.records.release(email.id);
    log.debug({ cause, retryAt: new Date(retryAt).toISOString() }, "waiting for a region");
    return {
      kind: "deferred",
      retryAt,
      hold: cause,
      reason: cause === "handoff_unknown" ? HANDOFF_UNKNOWN_REASON : REGION_UNAVAILABLE_REASON,
    };
  }
  if (error.kind === "paused") {
    await ports.gate.hold(email.organizationId);
    log.warn({ code: error.code }, "the provider paused this workspace's sending; its emails are held");
    return holdEmail(ports, email.id, ports.gate.holdMs, log);
  }
  if (error.kind === "account_paused" || error.kind === "quota") {
    // The whole account: every sender learns it from Redis, and the next GetAccount read lifts it.
    const hold: AccountHold = error.kind === "quota" ? "account_quota" : "account_paused";
    await (hold === "account_quota" ? ports.gate.quotaSpent() : ports.gate.pauseAccount());
    log.warn(
      { code: error.code },
      hold === "account_quota"
        ? "the provider says the account's daily quota is spent; emails wait"
        : "the provider paused the account's sending; emails wait",
    );
    return holdForAccount(ports, email.id, hold, ports.gate.accountRefreshMs, log);
  }
  if (error.kind === "permanent") {
    const deliveryIds = await ports.records.reject(email.id, error, ports.provider.name);
    await enqueueDeliveries(ports, deliveryIds, log);
    await dropAttachmentContents(ports, email, log);
    log.warn({ code: error.code, attempt: email.attempts }, "provider refused the email");
    return { kind: "rejected", error };
  }
  const decision = decideRetry(ports.retry, email.attempts, email.queuedAt, ports.clock.now());
  if ("giveUp" in decision) {
    const reason = `Gave up after ${email.attempts} attempts: ${error.message}`;
    await endFailed(ports, email, { reason: "retry_window_over", message: reason }, ports.provider.name, log);
    log.warn({ code: error.code, attempt: email.attempts }, "retry window ended; email failed");
    return { kind: "failed", reason };
  }
  // With regions: a request that may have reached SES holds the email to that region for a while.
  const unknownIn = error.regional.outcomeUnknown ? error.regional.region : undefined;
  await (unknownIn ? ports.records.releaseUnknown(email.id, unknownIn) : ports.records.release(email.id));
  log.info(
    { code: error.code, attempt: email.attempts, retryAt: new Date(decision.retryAt).toISOString() },
    "transient provider failure; will retry",
  );
  return { kind: "retry", retryAt: decision.retryAt, error };
}

/**
 * Puts a held email back, queued, until the hold ends, plus a spread so that the held emails of
 * a workspace do not all come back at once: the first one to come back after the hold asks the
 * provider, and a refusal holds the rest again.
 */
async function holdEmail(ports: HandoffPorts, emailId: string, remainingMs: number, log: Logger): Promise<HandoffOutcome> {
  await ports.records.release(emailId);
  const retryAt = ports.clock.now() + remainingMs + Math.round(Math.random() * ports.gate.holdMs);
  log.info({ retryAt: new Date(retryAt).toISOString() }, "workspace held (provider paused its sending); waiting");
  return { kind: "held", retryAt, hold: "tenant_paused", reason: TENANT_PAUSED_REASON };
}

/**
 * Puts an email back, queued, while the account is paused or its quota has no room: until the
 * resume time, plus a spread (a tenth of the wait, at most one account read) so that the held
 * emails of every workspace do not all come back in one instant.
 */
async function holdForAccount(
  ports: HandoffPorts,
  emailId: string,
  hold: AccountHold,
  waitMs: number,
  log: Logger,
): Promise<HandoffOutcome> {
  await ports.records.release(emailId);
  const spread = Math.round(Math.random() * Math.min(waitMs / 10, ports.gate.accountRefreshMs));
  const retryAt = ports.clock.now() + waitMs + spread;
  log.debug({ hold, retryAt: new Date(retryAt).toISOString() }, "held for the account; waiting");
  return { kind: "held", retryAt, hold, reason: hold === "account_quota" ? ACCOUNT_QUOTA_REASON : ACCOUNT_PAUSED_REASON };
}

/** The first wait before recording an accepted handoff again; it doubles up to the cap. */
const RECORD_RETRY_FIRST_MS = 250;
const RECORD_RETRY_MAX_MS = 2_000;

/**
 * The part of a claim's lease not spent retrying the record: room for the last try to land, and
 * for the difference between this process's clock and Postgres's.
 */
function leaseMarginMs(claimLeaseMs: number): number {
  return Math.min(5_000, Math.ceil(claimLeaseMs / 10));
}

/**
 * When the lease the provider call runs under was asked for, or null when the claim is no longer
 * this handoff's. A lease asked for less than its margin ago still holds (no other worker can
 * take the email before it ends, and the provider's timeouts fit in the rest, as they must in a
 * whole lease): the common handoff costs no statement. An older one (the handoff waited for the
 * send rate, for room in the attachment budget, for a slow file store) is renewed by
 * compare-and-set, for a whole lease from now.
 */
async function renewedLease(ports: HandoffPorts, email: ClaimedEmail, leaseAskedAt: number): Promise<number | null> {
  const now = ports.clock.now();
  if (now - leaseAskedAt < leaseMarginMs(ports.writes.claimLeaseMs)) return leaseAskedAt;
  return (await ports.writes.renewClaim({ emailId: email.id, attempt: email.attempts })) ? now : null;
}

/**
 * The provider has the email now. Until this write lands the row still says `sending`, and once
 * the claim's lease runs out another worker may take it and send it a second time. So a failing
 * write (Postgres restarting, a failover) is tried again, with backoff, for as long as the lease
 * still protects the email; only then is the failure thrown. From its first failure the
 * acceptance is also kept outside Postgres, so that the claim after the lease records it instead
 * of sending again, even when this process is gone by then. `kept`: it already is.
 */
async function recordAccepted(
  ports: HandoffPorts,
  accepted: AcceptedHandoff,
  leaseAskedAt: number,
  log: Logger,
  options: { kept: boolean },
): Promise<void> {
  const { claimLeaseMs } = ports.writes;
  const deadline = leaseAskedAt + claimLeaseMs - leaseMarginMs(claimLeaseMs);
  let kept = options.kept;
  for (let attempt = 1, waitMs = RECORD_RETRY_FIRST_MS; ; attempt++, waitMs = Math.min(waitMs * 2, RECORD_RETRY_MAX_MS)) {
    try {
      await ports.writes.markSent(accepted);
      if (attempt > 1) log.info({ attempt }, "recorded the accepted handoff after retrying");
      if (kept) await dropUnrecorded(ports, accepted.emailId, log);
      return;
    } catch (error) {
      if (attempt === 1) {
        // One line for the outage, not one per try: every email handed off meanwhile retries too.
        log.warn({ err: error }, "could not record the accepted handoff; retrying while its claim lasts");
        if (!kept) kept = await keepUnrecorded(ports, accepted, log);
      }
      if (ports.clock.now() + waitMs >= deadline) {
        log.error({ err: error, attempt, kept }, "could not record the accepted handoff within its claim");
        throw error;
      }
      await ports.clock.sleep(waitMs);
    }
  }
}

/** True when the acceptance is kept; a Redis failure too leaves the email to be sent again after its lease. */
async function keepUnrecorded(ports: HandoffPorts, accepted: AcceptedHandoff, log: Logger): Promise<boolean> {
  try {
    await ports.unrecordedAcceptances.keep(accepted);
    return true;
  } catch (error) {
    log.error({ err: error }, "could not keep the unrecorded acceptance either; the email may be sent again after its claim");
    return false;
  }
}

/** A Redis failure reads as nothing kept: the email is then handed off, as it would have been. */
async function findUnrecorded(ports: HandoffPorts, emailId: string, log: Logger): Promise<AcceptedHandoff | null> {
  try {
    return await ports.unrecordedAcceptances.find(emailId);
  } catch (error) {
    log.warn({ err: error }, "could not look for an unrecorded acceptance; handing off");
    return null;
  }
}

/** Once recorded, the kept copy is useless; a failure leaves it to expire. */
async function dropUnrecorded(ports: HandoffPorts, emailId: string, log: Logger): Promise<void> {
  try {
    await ports.unrecordedAcceptances.drop(emailId);
  } catch (error) {
    log.warn({ err: error }, "could not drop the kept acceptance; it expires on its own");
  }
}

/**
 * Ends the email `failed` with its `failed` event and enqueues the event's webhook deliveries;
 * its files go (the failure statement deleted them from PostgreSQL; an object store is asked).
 */
async function endFailed(
  ports: HandoffPorts,
  email: ClaimedEmail,
  failure: EmailFailure,
  provider: string | null,
  log: Logger,
): Promise<void> {
  const deliveryIds = await ports.records.fail(email.id, failure, provider);
  if (deliveryIds) await enqueueDeliveries(ports, deliveryIds, log);
  await dropAttachmentContents(ports, email, log);
}

/**
 * The email's files with their bytes, or null when bytes are missing. Only emails that have
 * attachments read the attachments table: the common handoff costs no extra round trip.
 */
async function loadAttachments(ports: HandoffPorts, email: ClaimedEmail): Promise<OutboundAttachment[] | null> {
  if (email.attachments.length === 0) return [];
  const contents = await ports.records.attachmentContents(filesOf(email));
  if (contents === null || contents.length !== email.attachments.length) return null;
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
async function dropAttachmentContents(ports: HandoffPorts, email: ClaimedEmail, log: Logger): Promise<void> {
  if (email.attachments.length === 0) return;
  try {
    await ports.records.deleteAttachmentContents(filesOf(email));
  } catch (error) {
    log.warn({ err: error }, "could not delete the attachment contents; retention will");
  }
}

function filesOf(email: ClaimedEmail): EmailFiles {
  return { workspaceId: email.organizationId, emailId: email.id, count: email.attachments.length };
}

/** Delivery rows are committed; if Redis refuses the jobs now, the dispatcher's sweeper finds them. */
async function enqueueDeliveries(ports: HandoffPorts, deliveryIds: string[], log: Logger): Promise<void> {
  try {
    await ports.deliveries.enqueueMany(newDeliveryJobs(deliveryIds));
  } catch (error) {
    log.warn({ err: error, deliveries: deliveryIds.length }, "could not enqueue webhook deliveries; left to the sweeper");
  }
}
