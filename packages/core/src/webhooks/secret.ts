import { randomBytes } from "node:crypto";

const SIGNING_SECRET_PREFIX = "whsec_";

/**
 * `whsec_` + 32 CSPRNG bytes in standard base64 without padding (43 characters). The whole
 * string, prefix included, is the key of the service's own signature; the Standard Webhooks
 * signature is keyed with the 32 bytes, as that scheme defines for a `whsec_` secret, so the
 * same string works unchanged with its libraries (which accept only the standard alphabet).
 */
export function generateSigningSecret(): string {
  return `${SIGNING_SECRET_PREFIX}${randomBytes(32).toString("base64").replace(/=+$/, "")}`;
}
