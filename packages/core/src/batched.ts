/**
 * The hot statements an app batches itself (a Batcher groups concurrent callers into one
 * multi-row statement). This allow-list is the only way an app reaches a store: everything else
 * goes through the services exported by `@svc/core`. test/architecture.test.ts holds apps to it.
 */
// api and smtp: every request looks up its key; concurrent requests share one statement.
export { lookUpApiKeys } from "./stores/apiKeys.ts";
// api: concurrent POST /emails share one insert (with its domain check) and one commit.
export { insertEmailsIfDomainVerified } from "./stores/emails.ts";
// ingest: group commit of the events of concurrent SNS notifications, one statement each batch.
export { recordEmailEvents, type EmailEventToRecord, type RecordOutcome } from "./stores/emailEvents.ts";
