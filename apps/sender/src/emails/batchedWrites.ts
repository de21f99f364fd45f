import { type HandoffWrites, sqlPool } from "@svc/core";
import { type AcceptedHandoff, type ClaimedHandoff, claimAndCheckEmails, markEmailsSent } from "@svc/core/batched";
import type { DbHandle } from "@svc/db";
import { Batcher } from "@svc/runtime";

/** Claims or records waiting at once share one statement; a few statements run side by side. */
const MAX_BATCH = 100;
const MAX_CONCURRENT_BATCHES = 2;

/**
 * Every job claims its email and records the provider's answer: two Postgres round trips per
 * email, the largest share of the sender's own CPU, so concurrent jobs share them. `lingerMs`:
 * how long a claim or a record may wait for company (see Batcher).
 */
export function batchedHandoffWrites(db: DbHandle, claimLeaseMs: number, lingerMs = 0): HandoffWrites {
  const pool = sqlPool(db);
  const claims = new Batcher<string, ClaimedHandoff | null>({
    maxSize: MAX_BATCH,
    maxConcurrent: MAX_CONCURRENT_BATCHES,
    lingerMs,
    run: (emailIds) => claimAndCheckEmails(pool, emailIds, claimLeaseMs),
  });
  const sent = new Batcher<AcceptedHandoff, void>({
    maxSize: MAX_BATCH,
    maxConcurrent: MAX_CONCURRENT_BATCHES,
    lingerMs,
    run: async (accepted) => {
      await markEmailsSent(pool, accepted);
      return accepted.map(() => undefined);
    },
  });
  return {
    claim: (emailId) => claims.submit(emailId),
    markSent: (accepted) => sent.submit(accepted),
    claimLeaseMs,
  };
}
