import { sqlPool } from "@svc/core";
import {
  claimEmails,
  markEmailsSent,
  selectActiveSuppressions,
  selectVerifiedSendingDomains,
  type AcceptedHandoff,
  type ClaimedEmail,
  type SendingDomainLookup,
  type SuppressionLookup,
} from "@svc/core/stores";
import type { DbHandle, SuppressionReason } from "@svc/db";
import { Batcher } from "@svc/runtime";

/** Claims or records waiting at once share one statement; a few statements run side by side. */
const MAX_BATCH = 100;
const MAX_CONCURRENT_BATCHES = 2;

/** The statements every handoff makes, each coalesced across the worker's concurrent jobs. */
export interface HandoffWrites {
  /** Claims one email for a handoff attempt; null when it is not claimable (see claimEmails). */
  claim(emailId: string): Promise<ClaimedEmail | null>;
  /** Records an accepted handoff (see markEmailsSent). */
  markSent(accepted: AcceptedHandoff): Promise<void>;
  /** Which of the addresses (bare, lower-cased) the workspace's suppression list holds now. */
  suppressed(lookup: SuppressionLookup): Promise<Map<string, SuppressionReason>>;
  /** Whether the from-domain is still a verified domain of the workspace. */
  domainVerified(lookup: SendingDomainLookup): Promise<boolean>;
}

/**
 * Every job claims its email and records the provider's answer: two Postgres round trips per
 * email, the largest share of the sender's own CPU, so concurrent jobs share them.
 */
export function batchedHandoffWrites(db: DbHandle, claimLeaseMs: number): HandoffWrites {
  const pool = sqlPool(db);
  const claims = new Batcher<string, ClaimedEmail | null>({
    maxSize: MAX_BATCH,
    maxConcurrent: MAX_CONCURRENT_BATCHES,
    run: (emailIds) => claimEmails(pool, emailIds, claimLeaseMs),
  });
  const sent = new Batcher<AcceptedHandoff, void>({
    maxSize: MAX_BATCH,
    maxConcurrent: MAX_CONCURRENT_BATCHES,
    run: async (accepted) => {
      await markEmailsSent(pool, accepted);
      return accepted.map(() => undefined);
    },
  });
  // Every handoff checks its recipients, so the checks are coalesced like the claims.
  const suppressions = new Batcher<SuppressionLookup, Map<string, SuppressionReason>>({
    maxSize: MAX_BATCH,
    maxConcurrent: MAX_CONCURRENT_BATCHES,
    run: (lookups) => selectActiveSuppressions(pool, lookups),
  });
  // So is the from-domain: it may have been removed or failed since the email was queued.
  const domains = new Batcher<SendingDomainLookup, boolean>({
    maxSize: MAX_BATCH,
    maxConcurrent: MAX_CONCURRENT_BATCHES,
    run: (lookups) => selectVerifiedSendingDomains(pool, lookups),
  });
  return {
    claim: (emailId) => claims.submit(emailId),
    domainVerified: (lookup) => domains.submit(lookup),
    suppressed: (lookup) => suppressions.submit(lookup),
    markSent: (accepted) => sent.submit(accepted),
  };
}
