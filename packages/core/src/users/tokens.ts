import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Bearer tokens for people (session cookies, invitation links): 32 random bytes, base64url.
 * Only the SHA-256 lives in the database, so a leaked table cannot be replayed; the token has
 * 256 bits of entropy, so a fast hash is enough and lookups stay one indexed equality match.
 */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Constant-time string equality (for CSRF tokens and the like); false on any length mismatch. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length || left.length === 0) return false;
  return timingSafeEqual(left, right);
}
