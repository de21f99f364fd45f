export { signedPayload, computeSignature, HEADERS, USER_AGENT } from "./signature.ts";
export {
  STANDARD_HEADERS,
  standardWebhooksKey,
  standardWebhooksSecret,
  standardSignedContent,
  computeStandardSignature,
} from "./standard.ts";
export { webhookRequestHeaders, type SignRequestInput } from "./headers.ts";
export {
  verifyWebhook,
  MAX_AGE_SECONDS,
  MAX_FUTURE_SECONDS,
  type VerifyWebhookInput,
  type VerifyResult,
  type SignatureScheme,
  type VerifyFailureReason,
  type HeaderSource,
} from "./verify.ts";
