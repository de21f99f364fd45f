import { addressDomain, bareAddress } from "../addresses/parse.ts";
import type { ErasureTokens } from "../erasures/tokens.ts";
import type { Queryable } from "../sql.ts";
import { type ClaimedEmail, claimEmails, releaseEmailClaims } from "../stores/emails.ts";
import { type HandoffCheck, type HandoffCheckLookup, selectHandoffChecks } from "../stores/suppressions.ts";
import { suppressionKeysOf } from "../suppressions/sendTime.ts";

/** A claimed email and what its handoff must know first: is its from-domain still verified, which recipients are suppressed. */
export interface ClaimedHandoff {
  email: ClaimedEmail;
  /** The domain of its `from`, lower-cased: the one the check asked about. */
  fromDomain: string;
  check: HandoffCheck;
}

/**
 * The domain of a claimed email's `from`, lower-cased: as stored when it was accepted; for a row
 * written without it, read from `from` by the parser that accepted it.
 */
export function fromDomainOf(email: Pick<ClaimedEmail, "from" | "fromDomain">): string {
  return email.fromDomain ?? addressDomain(bareAddress(email.from));
}

/** What a claimed email's handoff asks before it goes out: its from-domain and its recipients' suppression keys. */
export function handoffCheckLookupOf(email: ClaimedEmail): HandoffCheckLookup {
  return {
    workspaceId: email.organizationId,
    domain: fromDomainOf(email),
    addresses: suppressionKeysOf({ to: email.to, cc: email.cc, bcc: email.bcc }),
    topic: email.unsubscribeTopic,
  };
}

/**
 * Claims the emails (see claimEmails) and checks the claimed ones (see selectHandoffChecks)
 * right after, in the same call: each job waits once for both, and the checks of one batch of
 * claims always share one statement. When the checks fail, the claims are given back at once
 * (one statement), so that the batch's emails are not left `sending` until their lease ends.
 */
export async function claimAndCheckEmails(
  db: Queryable,
  emailIds: string[],
  leaseMs: number,
  tokens?: ErasureTokens,
): Promise<Array<ClaimedHandoff | null>> {
  const claimed = await claimEmails(db, emailIds, leaseMs);
  const emails = claimed.filter((email): email is ClaimedEmail => email !== null);
  const lookups = emails.map(handoffCheckLookupOf);
  let checks: HandoffCheck[];
  try {
    checks = tokens ? await checkWithErasedSuppressions(db, lookups, tokens) : await selectHandoffChecks(db, lookups);
  } catch (error) {
    // If this fails too (Postgres gone), the lease ends the claims as before.
    await releaseEmailClaims(
      db,
      emails.map((email) => email.id),
    ).catch(() => {});
    throw error;
  }
  const claimedOf = new Map(emails.map((email, n) => [email, { email, fromDomain: lookups[n]!.domain, check: checks[n]! }]));
  return claimed.map((email) => (email ? claimedOf.get(email)! : null));
}

/**
 * The handoff checks, where a suppression of an erased address (kept under the address's token)
 * suppresses that address as before: each lookup asks for its recipients' tokens too, and a token
 * found is answered as the recipient it stands for.
 */
async function checkWithErasedSuppressions(
  db: Queryable,
  lookups: readonly HandoffCheckLookup[],
  tokens: ErasureTokens,
): Promise<HandoffCheck[]> {
  const addressOfToken = lookups.map((lookup) => new Map(lookup.addresses.map((address) => [tokens.tokenOf(address), address])));
  const checks = await selectHandoffChecks(
    db,
    lookups.map((lookup, n) => ({ ...lookup, addresses: [...lookup.addresses, ...addressOfToken[n]!.keys()] })),
  );
  return checks.map((check, n) => {
    const suppressed = new Map<string, HandoffCheck["suppressed"] extends Map<string, infer R> ? R : never>();
    for (const [address, reason] of check.suppressed) suppressed.set(addressOfToken[n]!.get(address) ?? address, reason);
    return { ...check, suppressed };
  });
}
