/**
 * The hot statements an app batches itself (a Batcher groups concurrent callers into one
 * multi-row statement). This allow-list is the only way an app reaches a store: everything else
 * goes through the services exported by `@svc/core`. test/architecture.test.ts holds apps to it.
 */

// dispatcher (claims.ts): concurrent jobs' claims of their deliveries leave in one statement, as do the releases.
export { claimWebhookDeliveries, releaseWebhookDeliveryClaims, type ClaimedDelivery } from "./stores/webhookDeliveries.ts";
// dispatcher (record.ts): concurrent jobs' claimed attempts are recorded in one statement.
export { recordClaimedWebhookAttempts, type ClaimedAttemptRow } from "./stores/webhookDeliveries.ts";
