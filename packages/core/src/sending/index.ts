export * from "./provider.ts";
export { handOff, TENANT_PAUSED_REASON, type HandoffOutcome } from "./handoff.ts";
export type { Clock, HandoffGate, HandoffPorts, HandoffRecords, HandoffWrites } from "./ports.ts";
export { handoffRecords } from "./records.ts";
export { AttachmentBudget } from "./attachmentBudget.ts";
export { decideRetry, type HandoffRetryPolicy, type RetryDecision } from "./retry.ts";
export { filterTestRecipients, splitRecipients, type PreVerifiedLookup, type RecipientSplit } from "./recipients.ts";
export { emailsAwaitingClaim, findAcceptedEmails } from "./recovery.ts";
