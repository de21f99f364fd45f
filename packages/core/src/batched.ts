/**
 * The hot statements an app batches itself (a Batcher groups concurrent callers into one
 * multi-row statement). This allow-list is the only way an app reaches a store: everything else
 * goes through the services exported by `@svc/core`. test/architecture.test.ts holds apps to it.
 */

/** The sender claims each job's email: one statement for the claims of its concurrent jobs. */
export { claimEmails, type ClaimedEmail } from "./stores/emails.ts";
/** The sender records each accepted handoff: one statement for its concurrent jobs' records. */
export { markEmailsSent, type AcceptedHandoff } from "./stores/emails.ts";
/** The sender looks up every handoff's recipients in the suppression list, coalesced like the claims. */
export { selectActiveSuppressions, type SuppressionLookup } from "./stores/suppressions.ts";
/** The sender checks every handoff's from-domain is still verified, coalesced like the claims. */
export { selectVerifiedSendingDomains, type SendingDomainLookup } from "./stores/domains.ts";
/** The dispatcher claims each job's delivery: one statement for its concurrent jobs' claims, as for the releases. */
export { claimWebhookDeliveries, releaseWebhookDeliveryClaims, type ClaimedDelivery } from "./stores/webhookDeliveries.ts";
/** The dispatcher records each claimed attempt: one statement for its concurrent jobs' records. */
export { recordClaimedWebhookAttempts, type ClaimedAttemptRow } from "./stores/webhookDeliveries.ts";
/** The api and the SMTP relay look up every request's key: concurrent requests share one statement. */
export { lookUpApiKeys } from "./stores/apiKeys.ts";
/** The api inserts every send: concurrent POST /emails share one insert (with its domain check) and one commit. */
export { insertEmailsIfDomainVerified } from "./stores/emails.ts";
/** The ingester records every notification's events: concurrent notifications share one statement (group commit). */
export { recordEmailEvents, type EmailEventToRecord, type RecordOutcome } from "./stores/emailEvents.ts";
