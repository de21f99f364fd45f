export { addressDomain, bareAddress, type ParsedAddress, parseAddress } from "./addresses/parse.ts";
export * from "./audit/index.ts";
export { SecretBox } from "./crypto/secretBox.ts";
export * from "./deliverability/index.ts";
export * from "./dmarc/index.ts";
export * from "./domains/index.ts";
export { ATTACHMENT_LIMITS } from "./emails/attachments.ts";
export * from "./emails/batch.ts";
export { countSendsToday } from "./emails/dailyLimit.ts";
export {
  EVENTS_PAGE_SIZE,
  type EventPage,
  type EventPageQuery,
  listEmailEvents,
  MAX_EVENTS_PAGE_SIZE,
  parseEventPageQuery,
} from "./emails/eventPages.ts";
export { type EmailFailure, type FailureReason, failEmailsFromDomain, type RenderingFailure } from "./emails/failure.ts";
export * from "./emails/fields.ts";
export { HEADER_LIMITS, headerProblems, isServiceOwnedHeader, type MessageHeader } from "./emails/headers.ts";
export * from "./emails/idempotency.ts";
export * from "./emails/input.ts";
export * from "./emails/listQuery.ts";
export * from "./emails/queue.ts";
export * from "./emails/read.ts";
export * from "./emails/rejection.ts";
export * from "./emails/schedule.ts";
export { SCHEDULE_LIMITS } from "./emails/scheduledAt.ts";
export { EMAIL_STATUSES, type EmailPage, type EmailSearch, searchEmails } from "./emails/search.ts";
export * from "./emails/sendContext.ts";
export * from "./emails/sharedSendJobs.ts";
export { nextStatus } from "./emails/status.ts";
export { type EmailTag, TAG_LIMITS } from "./emails/tags.ts";
export * from "./emails/views.ts";
export {
  type EmailWaiting,
  EXPECTED_HANDOFF_MS,
  EXPECTED_PROVIDER_EVENT_MS,
  explainWaiting,
  getEmailExplained,
  type WaitingReason,
  waitsLongerThanExpected,
} from "./emails/waiting.ts";
export * from "./erasures/index.ts";
export * from "./errors.ts";
export * from "./events/catalogue.ts";
export * from "./events/deliveryBody.ts";
export * from "./events/record.ts";
export * from "./events/types.ts";
export { keepUnmatchedNotification, type UnmatchedNotification } from "./events/unmatched.ts";
export * from "./files/index.ts";
export * from "./inbound/index.ts";
export { installationId } from "./installation.ts";
export * from "./keys/index.ts";
export * from "./oidc/index.ts";
export * from "./plans.ts";
export * from "./recipients/index.ts";
export * from "./retention/partitions.ts";
export * from "./retention/purge.ts";
export * from "./retention/schedule.ts";
export * from "./sending/index.ts";
export * from "./ses/index.ts";
export { inTransaction, type Queryable, type SqlClient, sqlPool } from "./sql.ts";
// Store row types that are part of a service's interface (the stores themselves are in
// `@svc/core/stores`, and the hot statements apps batch in `@svc/core/batched`).
export type { ApiKeyRecord } from "./stores/apiKeys.ts";
export type { NewEmailRow } from "./stores/emails.ts";
export type { RecordedConfigurationSet, RetiredConfigurationSet, SesSetupInput, SesSetupRecord } from "./stores/sesSetups.ts";
export type { AutoDisabledSubscription } from "./stores/webhookSubscriptions.ts";
export * from "./suppressions/address.ts";
export * from "./suppressions/reputation.ts";
export * from "./suppressions/sendTime.ts";
export * from "./suppressions/service.ts";
export * from "./templates/index.ts";
export * from "./text.ts";
export * from "./time.ts";
export * from "./unsubscribe/index.ts";
export * from "./users/index.ts";
export * from "./webhooks/index.ts";
export {
  CHART_SERIES,
  type ChartSeries,
  type DayCounts,
  loadOverviewStats,
  type OverviewStats,
  REPUTATION_DAYS,
} from "./workspaces/overviewStats.ts";
export * from "./workspaces/rateLimit.ts";
export * from "./workspaces/regions.ts";
export * from "./workspaces/retention.ts";
export { createWorkspace, getWorkspace, setWorkspacePlan, setWorkspaceRateLimit } from "./workspaces/service.ts";
