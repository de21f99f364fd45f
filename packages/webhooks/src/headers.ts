import { computeSignature, HEADERS, USER_AGENT } from "./signature.ts";
import { computeStandardSignature, STANDARD_HEADERS, standardWebhooksKey } from "./standard.ts";

export interface SignRequestInput {
  /**
   * The subscription's signing secret (`whsec_…`): the HMAC key of the service's signature
   * exactly as shown; the Standard Webhooks key is derived from it (`standardWebhooksKey`).
   */
  secret: string;
  /** The exact bytes that will be POSTed. */
  rawBody: string | Buffer;
  eventType: string;
  /** The delivery id, also the Standard Webhooks `webhook-id`: constant across retries. */
  deliveryId: string;
  /** Unix seconds of this attempt; a fresh value (and signature) on every attempt. */
  timestamp: number;
}

/**
 * Every header of one webhook attempt: the service's own (`X-Service-*`) and the Standard
 * Webhooks ones beside them, over the same bytes and timestamp. Both signatures are computed
 * here for this attempt's timestamp, so a retry hours later still passes the receiver's window.
 */
export function webhookRequestHeaders(input: SignRequestInput): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    [HEADERS.timestamp]: String(input.timestamp),
    [HEADERS.signature]: computeSignature(input.secret, input.timestamp, input.rawBody),
    [HEADERS.eventType]: input.eventType,
    [HEADERS.deliveryId]: input.deliveryId,
    [STANDARD_HEADERS.id]: input.deliveryId,
    [STANDARD_HEADERS.timestamp]: String(input.timestamp),
    [STANDARD_HEADERS.signature]: `v1,${computeStandardSignature(standardWebhooksKey(input.secret), input.deliveryId, input.timestamp, input.rawBody)}`,
  };
}
