export { ATTACHMENT_BUDGET_FULL, AttachmentBudget } from "./attachmentBudget.ts";
export type { ClaimedHandoff } from "./claims.ts";
export {
  ACCOUNT_PAUSED_REASON,
  ACCOUNT_QUOTA_REASON,
  type AccountHold,
  type DeferralCause,
  HANDOFF_UNKNOWN_REASON,
  type HandoffOutcome,
  handOff,
  RATE_LIMIT_REASON,
  REGION_UNAVAILABLE_REASON,
  RENDER_BUSY_REASON,
  TENANT_PAUSED_REASON,
} from "./handoff.ts";
export type { Clock, HandoffGate, HandoffPorts, HandoffRecords, HandoffWrites } from "./ports.ts";
export * from "./provider.ts";
export { filterTestRecipients, type PreVerifiedLookup, type RecipientSplit, splitRecipients } from "./recipients.ts";
export { handoffRecords } from "./records.ts";
export { emailsAwaitingClaim, findAcceptedEmails } from "./recovery.ts";
export { RegionalProvider, type RegionalProviderOptions } from "./regionalProvider.ts";
export { type CircuitState, chooseRegion, type RegionChoice, RegionCircuit } from "./regionCircuit.ts";
export { type RegionQuotaOptions, RegionQuotas } from "./regionQuotas.ts";
export { decideRetry, type HandoffRetryPolicy, type RetryDecision } from "./retry.ts";
