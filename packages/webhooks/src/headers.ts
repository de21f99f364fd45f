import { computeSignature, HEADERS, USER_AGENT } from "./signature.ts";

export interface SignRequestInput {
  /** The subscription's signing secret (`whsec_…`), used as the HMAC key exactly as shown. */
  secret: string;
  /** The exact bytes that will be POSTed. */
  rawBody: string | Buffer;
  eventType: string;
  deliveryId: string;
  /** Unix seconds of this attempt; a fresh value (and signature) on every attempt. */
  timestamp: number;
}

/**
 * Every header of one webhook attempt. The signature is computed here for this attempt's
 * timestamp, so a retry hours later still passes the receiver's 300-second window.
 */
export function webhookRequestHeaders(input: SignRequestInput): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    [HEADERS.timestamp]: String(input.timestamp),
    [HEADERS.signature]: computeSignature(input.secret, input.timestamp, input.rawBody),
    [HEADERS.eventType]: input.eventType,
    [HEADERS.deliveryId]: input.deliveryId,
  };
}
