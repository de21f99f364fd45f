import { createHash } from "node:crypto";
import { randomAlphanumeric } from "@svc/db";

export const KEY_ENVIRONMENTS = ["live", "test"] as const;
export type KeyEnvironmentName = (typeof KEY_ENVIRONMENTS)[number];

/** `svc_live_` or `svc_test_` followed by exactly 32 characters of [A-Za-z0-9]. */
export const API_KEY_PATTERN = /^svc_(live|test)_[A-Za-z0-9]{32}$/;

export function generateApiKey(environment: KeyEnvironmentName): string {
  return `svc_${environment}_${randomAlphanumeric(32)}`;
}

/**
 * SHA-256 is enough here: the key has ~190 bits of CSPRNG entropy, so there is nothing for a
 * slow hash to protect, and the lookup stays one indexed equality match.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** What the dashboard and GET /api-keys show: enough to recognise a key, useless to use it. */
export function displayHint(key: string): string {
  const prefix = key.slice(0, key.lastIndexOf("_") + 1);
  return `${prefix}…${key.slice(-4)}`;
}
