import { addressDomain, bareAddress } from "../addresses/parse.ts";
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
  };
}

/**
 * Claims the emails (see claimEmails) and checks the claimed ones (see selectHandoffChecks)
 * right after, in the same call: each job waits once for both, and the checks of one batch of
 * claims always share one statement. When the checks fail, the claims are given back at once
 * (one statement), so that the batch's emails are not left `sending` until their lease ends.
 */
export async function claimAndCheckEmails(db: Queryable, emailIds: string[], leaseMs: number): Promise<Array<ClaimedHandoff | null>> {
  const claimed = await claimEmails(db, emailIds, leaseMs);
  const emails = claimed.filter((email): email is ClaimedEmail => email !== null);
  const lookups = emails.map(handoffCheckLookupOf);
  let checks: HandoffCheck[];
  try {
    checks = await selectHandoffChecks(db, lookups);
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
