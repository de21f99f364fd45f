import { randomBytes } from "node:crypto";

const SIGNING_SECRET_PREFIX = "whsec_";

/**
 * `whsec_` + 32 CSPRNG bytes in base64url (43 characters). The whole string, prefix included,
 * is the HMAC key, so a receiver can use it exactly as shown.
 */
export function generateSigningSecret(): string {
  return `${SIGNING_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}
