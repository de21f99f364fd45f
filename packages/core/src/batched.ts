/**
 * The hot statements an app batches itself (a Batcher groups concurrent callers into one
 * multi-row statement). This allow-list is the only way an app reaches a store: everything else
 * goes through the services exported by `@svc/core`. test/architecture.test.ts holds apps to it.
 */
export {};
