import { type ErasureTokens, type HandoffWrites, sqlPool } from "@svc/core";
import {
  type AcceptedHandoff,
  type ClaimedHandoff,
  claimAndCheckEmails,
  type HeldClaim,
  markEmailsSent,
  renewEmailClaims,
} from "@svc/core/batched";
import type { DbHandle } from "@svc/db";
import { Batcher } from "@svc/runtime";

/** Claims or records waiting at once share one statement; a few statements run side by side. */
const MAX_BATCH = 100;
const MAX_CONCURRENT_BATCHES = 2;

/**
 * Every job claims its email and records the provider's answer: two Postgres round trips per
 * email, the largest share of the sender's own CPU, so concurrent jobs share them, as do the
 * renewals of claims a handoff held long (see handOff). `lingerMs`: how long a claim, a renewal
 * or a record may wait for company (see Batcher).
 */
export function batchedHandoffWrites(db: DbHandle, claimLeaseMs: number, lingerMs = 0, tokens?: ErasureTokens): HandoffWrites {
  const pool = sqlPool(db);
  const claims = new Batcher<string, ClaimedHandoff | null>({
    maxSize: MAX_BATCH,
    maxConcurrent: MAX_CONCURRENT_BATCHES,
    lingerMs,
    run: (emailIds) => claimAndCheckEmails(pool, emailIds, claimLeaseMs, tokens),
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
  const renewals = new Batcher<HeldClaim, boolean>({
    maxSize: MAX_BATCH,
    maxConcurrent: MAX_CONCURRENT_BATCHES,
    lingerMs,
    run: async (held) => {
      const renewed = await renewEmailClaims(pool, held);
      return held.map((claim) => renewed.has(claim.emailId));
    },
  });
  return {
    claim: (emailId) => claims.submit(emailId),
    renewClaim: (claim) => renewals.submit(claim),
    markSent: (accepted) => sent.submit(accepted),
    claimLeaseMs,
  };
}
