import { createHmac } from "node:crypto";

/**
 * The one definition of what is signed: `<timestamp>.<raw body>`. The dispatcher's signer and
 * the receiver's verifier both call this, so they cannot drift apart.
 */
export function signedPayload(timestamp: string | number, rawBody: string | Buffer): Buffer {
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
  return Buffer.concat([Buffer.from(`${timestamp}.`, "utf8"), body]);
}

/** Lowercase hex HMAC-SHA256 of the signed payload. */
export function computeSignature(secret: string, timestamp: string | number, rawBody: string | Buffer): string {
  return createHmac("sha256", secret).update(signedPayload(timestamp, rawBody)).digest("hex");
}

export const HEADERS = {
  signature: "x-service-signature",
  timestamp: "x-service-timestamp",
  eventType: "x-service-event-type",
  deliveryId: "x-service-delivery-id",
} as const;

export const USER_AGENT = "Service-Webhook/1.0";
