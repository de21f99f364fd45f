/**
 * The svc SDK: a typed client for the REST API (also importable alone as `@svc/sdk/client`,
 * which needs nothing but `fetch`), and the webhook verifier with a typed body parser.
 */
export * from "./client.ts";
export { constructWebhookEvent, parseWebhookEvent, verifyWebhook, standardWebhooksSecret, WebhookVerificationError, MAX_AGE_SECONDS, MAX_FUTURE_SECONDS } from "./webhooks.ts";
export type { VerifyResult, VerifyFailureReason, VerifyWebhookInput, SignatureScheme } from "./webhooks.ts";
