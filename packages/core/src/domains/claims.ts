import { AppError } from "../errors.ts";
import type { ProviderVerdict } from "./checks.ts";

/**
 * The rules of owning a name. A domain row is a workspace's claim of a name; the first claim
 * whose DNS proves it (the ownership TXT record with its own token) owns the name, and the others
 * end `failed`. A claim never proven expires after the claim time to live.
 */

/** How long a claim may stay unproven unless DOMAIN_CLAIM_TTL_HOURS says otherwise. */
export const DEFAULT_CLAIM_TTL_MS = 7 * 24 * 3_600_000;

export function claimExpired(addedAt: Date, now: Date, ttlMs: number = DEFAULT_CLAIM_TTL_MS): boolean {
  return now.getTime() - addedAt.getTime() > ttlMs;
}

function duration(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  return hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? "" : "s"}` : `${hours} hour${hours === 1 ? "" : "s"}`;
}

export function claimExpiredReason(name: string, ttlMs: number = DEFAULT_CLAIM_TTL_MS): string {
  return `The claim of ${name} expired: its DNS did not prove it within ${duration(ttlMs)} of adding it. Remove the domain and add it again for new records.`;
}

export function lostClaimReason(name: string): string {
  return `Another workspace of this installation proved control of ${name} first: a name has one owner, the first whose DNS proves it. If the name is yours, ask the installation's operator.`;
}

/** The 409 of an identity the provider has and the install did not create (nothing was written). */
export function identityNotOurs(name: string): AppError {
  return new AppError(
    "conflict",
    `${name} already exists in this installation's SES account and was not created by it (for example, verified by hand for another application); it is left untouched. An operator can hand it to this installation with: svc ses adopt --identity ${name}`,
  );
}

/** The provider's identity is not ours: the domain cannot send through it, and it stays untouched. */
export function notOursVerdict(provider: string, name: string): ProviderVerdict {
  return {
    provider,
    verified: false,
    failed: true,
    reason: `${provider.toUpperCase()}'s identity for ${name} was not created by this installation, so it is left untouched and not used. An operator can adopt it: svc ses adopt --identity ${name}`,
  };
}
