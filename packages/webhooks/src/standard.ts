import { createHmac } from "node:crypto";

/*
 * The Standard Webhooks scheme, sent beside the service's own: `webhook-id`, `webhook-timestamp`
 * and `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, so that a
 * receiver can verify with any maintained Standard Webhooks library instead of our verifier.
 */

export const STANDARD_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

const SECRET_PREFIX = "whsec_";
const BASE64_BODY = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * The HMAC key of the Standard Webhooks signature for one of our signing secrets. That
 * specification keys with the base64-decoded part after `whsec_`; our secrets are
 * `whsec_<32 random bytes in base64>`, so the key is those 32 bytes. Secrets made before the
 * standard alphabet was used hold the same bytes in base64url: Node decodes both alphabets, so
 * they get the same key (`standardWebhooksSecret` gives the form the libraries accept). A secret
 * that is not `whsec_<base64>` at all is used as raw bytes (the libraries' "raw" format).
 */
export function standardWebhooksKey(secret: string): Buffer {
  if (secret.startsWith(SECRET_PREFIX)) {
    const encoded = secret.slice(SECRET_PREFIX.length);
    if (BASE64_BODY.test(encoded)) {
      const key = Buffer.from(encoded, "base64");
      if (key.length > 0) return key;
    }
  }
  return Buffer.from(secret, "utf8");
}

/**
 * The secret as a Standard Webhooks library takes it: `whsec_` + the key in standard base64.
 * The same string as the subscription's secret for every secret made with the standard alphabet.
 */
export function standardWebhooksSecret(secret: string): string {
  return `${SECRET_PREFIX}${standardWebhooksKey(secret).toString("base64").replace(/=+$/, "")}`;
}

/** The one definition of what the Standard Webhooks signature covers: `<id>.<timestamp>.<raw body>`. */
export function standardSignedContent(id: string, timestamp: string | number, rawBody: string | Buffer): Buffer {
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
  return Buffer.concat([Buffer.from(`${id}.${timestamp}.`, "utf8"), body]);
}

/** The base64 HMAC-SHA256 (without the `v1,` version tag) keyed with `key` (`standardWebhooksKey`). */
export function computeStandardSignature(key: Buffer, id: string, timestamp: string | number, rawBody: string | Buffer): string {
  return createHmac("sha256", key)
    .update(standardSignedContent(id, timestamp, rawBody))
    .digest("base64");
}
