/**
 * The hot statements an app batches itself (a Batcher groups concurrent callers into one
 * multi-row statement). This allow-list is the only way an app reaches a store: everything else
 * goes through the services exported by `@svc/core`. test/architecture.test.ts holds apps to it.
 */

/** The api inserts a workspace's concurrent sends under a daily limit in one transaction, with one lock of its counter. */
export { type CountedInsertOutcome, insertCountedEmails } from "./emails/dailyLimit.ts";
/**
 * The sender claims each job's email and checks its from-domain (still verified?) and recipients
 * (suppressed?): one claim statement and one check statement for its concurrent jobs.
 */
export { type ClaimedHandoff, claimAndCheckEmails } from "./sending/claims.ts";
/** The api and the SMTP relay look up every request's key: concurrent requests share one statement. */
export { lookUpApiKeys } from "./stores/apiKeys.ts";
/** The ingester records every notification's events: concurrent notifications share one statement (group commit). */
export { type EmailEventToRecord, type RecordOutcome, recordEmailEvents } from "./stores/emailEvents.ts";
/** The sender records each accepted handoff: one statement for its concurrent jobs' records. */
/** The sender renews the claims its handoffs held long, right before their provider calls: one statement for many. */
/** The api inserts every send: concurrent POST /emails share one insert (with its domain check) and one commit. */
export {
  type AcceptedHandoff,
  type EmailInsertOutcome,
  type HeldClaim,
  insertEmailsIfDomainVerified,
  markEmailsSent,
  renewEmailClaims,
} from "./stores/emails.ts";
/** The dispatcher claims each job's delivery: one statement for its concurrent jobs' claims, as for the releases. */
/** The dispatcher records each claimed attempt: one statement for its concurrent jobs' records. */
export {
  type ClaimedAttemptRow,
  type ClaimedDelivery,
  claimWebhookDeliveries,
  recordClaimedWebhookAttempts,
  releaseWebhookDeliveryClaims,
} from "./stores/webhookDeliveries.ts";
