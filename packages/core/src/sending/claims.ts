import { addressDomain, bareAddress } from "../addresses/parse.ts";
import type { Queryable } from "../sql.ts";
import { type ClaimedEmail, claimEmails } from "../stores/emails.ts";
import { type HandoffCheck, type HandoffCheckLookup, selectHandoffChecks } from "../stores/suppressions.ts";
import { suppressionKeysOf } from "../suppressions/sendTime.ts";

/** A claimed email and what its handoff must know first: is its from-domain still verified, which recipients are suppressed. */
export interface ClaimedHandoff {
  email: ClaimedEmail;
  /** The domain of its `from`, lower-cased: the one the check asked about. */
  fromDomain: string;
  check: HandoffCheck;
}

/** The domain of a stored `from` ("Name <a@b>" or "a@b"), lower-cased. */
function fromDomainOf(from: string): string {
  return addressDomain(bareAddress(from));
}

/** What a claimed email's handoff asks before it goes out: its from-domain and its recipients' suppression keys. */
export function handoffCheckLookupOf(email: ClaimedEmail): HandoffCheckLookup {
  return {
    workspaceId: email.organizationId,
    domain: fromDomainOf(email.from),
    addresses: suppressionKeysOf({ to: email.to, cc: email.cc, bcc: email.bcc }),
  };
}

/**
 * Claims the emails (see claimEmails) and checks the claimed ones (see selectHandoffChecks)
 * right after, in the same call: each job waits once for both, and the checks of one batch of
 * claims always share one statement.
 */
export async function claimAndCheckEmails(db: Queryable, emailIds: string[], leaseMs: number): Promise<Array<ClaimedHandoff | null>> {
  const claimed = await claimEmails(db, emailIds, leaseMs);
  const emails = claimed.filter((email): email is ClaimedEmail => email !== null);
  const lookups = emails.map(handoffCheckLookupOf);
  const checks = await selectHandoffChecks(db, lookups);
  const claimedOf = new Map(emails.map((email, n) => [email, { email, fromDomain: lookups[n]!.domain, check: checks[n]! }]));
  return claimed.map((email) => (email ? claimedOf.get(email)! : null));
}
