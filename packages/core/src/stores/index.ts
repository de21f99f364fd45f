// Every store: one table each, every statement on it in its file. For core itself, tests and
// tools; apps reach tables through the services (and the few hot statements in ../batched.ts).
export * from "./advisoryLocks.ts";
export * from "./apiKeys.ts";
export * from "./dailyUsage.ts";
export * from "./domains.ts";
export * from "./emailAttachments.ts";
export * from "./emailEvents.ts";
export * from "./emails.ts";
export * from "./idempotencyKeys.ts";
export * from "./inboundAttachments.ts";
export * from "./inboundEmails.ts";
export * from "./inboundRoutes.ts";
export * from "./invitations.ts";
export * from "./members.ts";
export * from "./pendingSignups.ts";
export * from "./receivingDomains.ts";
export * from "./sesSetups.ts";
export * from "./sessions.ts";
export * from "./suppressions.ts";
export * from "./testRecipients.ts";
export * from "./unmatchedNotifications.ts";
export * from "./users.ts";
export * from "./webhookAttempts.ts";
export * from "./webhookDeliveries.ts";
export * from "./webhookSubscriptions.ts";
export * from "./workspaceDailyCounters.ts";
export * from "./workspaces.ts";
