import { claimEmails, markEmailsSent, sqlPool, type AcceptedHandoff, type ClaimedEmail } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { Batcher } from "@svc/runtime";

/** Claims or records waiting at once share one statement; a few statements run side by side. */
const MAX_BATCH = 100;
const MAX_CONCURRENT_BATCHES = 2;

/** The two writes every handoff makes, each coalesced across the worker's concurrent jobs. */
export interface HandoffWrites {
  /** Claims one email for a handoff attempt; null when it is not claimable (see claimEmails). */
  claim(emailId: string): Promise<ClaimedEmail | null>;
  /** Records an accepted handoff (see markEmailsSent). */
  markSent(accepted: AcceptedHandoff): Promise<void>;
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
  return {
    claim: (emailId) => claims.submit(emailId),
    markSent: (accepted) => sent.submit(accepted),
  };
}
