import { type HeaderSource, verifyWebhook } from "@svc/webhooks";
import type { WebhookEvent } from "./types.ts";

export {
  MAX_AGE_SECONDS,
  MAX_FUTURE_SECONDS,
  type SignatureScheme,
  standardWebhooksSecret,
  type VerifyFailureReason,
  type VerifyResult,
  type VerifyWebhookInput,
  verifyWebhook,
} from "@svc/webhooks";

/** A webhook request that failed verification or is not a webhook body. */
export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";

  constructor(
    message: string,
    /** One of verifyWebhook's reasons, or `malformed_body`. */
    readonly reason: string,
  ) {
    super(message);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The webhook body as a typed value, after checking its shape. Parse only what verifyWebhook
 * accepted: the signature is what makes the content trustworthy.
 */
export function parseWebhookEvent(rawBody: string | Uint8Array): WebhookEvent {
  const text = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError("The webhook body is not JSON.", "malformed_body");
  }
  const data = isObject(value) ? value.data : undefined;
  const event = isObject(data) ? data.event : undefined;
  if (
    !isObject(value) ||
    typeof value.id !== "string" ||
    value.type !== "email.event" ||
    typeof value.createdAt !== "string" ||
    !isObject(data) ||
    typeof data.emailId !== "string" ||
    !isObject(event) ||
    typeof event.eventId !== "string" ||
    typeof event.type !== "string" ||
    typeof event.eventTimestamp !== "string"
  ) {
    throw new WebhookVerificationError("The webhook body does not have the email.event shape.", "malformed_body");
  }
  return value as WebhookEvent;
}

/**
 * Verifies a webhook request (signature, timestamp window) and returns its typed body, or throws
 * a WebhookVerificationError saying why not: answer that with a 4xx and do nothing else.
 */
export function constructWebhookEvent(input: {
  rawBody: string | Uint8Array;
  headers: HeaderSource;
  secret: string;
  now?: Date | number;
}): WebhookEvent {
  const verdict = verifyWebhook(input);
  if (!verdict.ok) throw new WebhookVerificationError(verdict.message, verdict.reason);
  return parseWebhookEvent(input.rawBody);
}
