export { type SignRequestInput, webhookRequestHeaders } from "./headers.ts";
export { computeSignature, HEADERS, signedPayload, USER_AGENT } from "./signature.ts";
export {
  computeStandardSignature,
  STANDARD_HEADERS,
  standardSignedContent,
  standardWebhooksKey,
  standardWebhooksSecret,
} from "./standard.ts";
export {
  type HeaderSource,
  MAX_AGE_SECONDS,
  MAX_FUTURE_SECONDS,
  type SignatureScheme,
  type VerifyFailureReason,
  type VerifyResult,
  type VerifyWebhookInput,
  verifyWebhook,
} from "./verify.ts";
