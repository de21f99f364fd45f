/**
 * The svc SDK: a typed client for the REST API (also importable alone as `@svc/sdk/client`,
 * which needs nothing but `fetch`), and the webhook verifier with a typed body parser.
 */
export * from "./client.ts";
export { OPERATION_METHODS, operationsWithoutMethod } from "./operations.ts";
export type { SignatureScheme, VerifyFailureReason, VerifyResult, VerifyWebhookInput } from "./webhooks.ts";
export {
  constructWebhookEvent,
  MAX_AGE_SECONDS,
  MAX_FUTURE_SECONDS,
  parseWebhookEvent,
  standardWebhooksSecret,
  verifyWebhook,
  WebhookVerificationError,
} from "./webhooks.ts";
