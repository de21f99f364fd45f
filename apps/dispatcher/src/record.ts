import { inTransaction } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { newId } from "@svc/db";
import { lockScheduleState, writeAttempt } from "./deliveryRows.ts";
import { decideAfterAttempt, type Decision, type RetryPolicy } from "./policy.ts";
import type { PostOutcome } from "./poster.ts";

/**
 * Records one attempt and applies the retry policy, in one transaction with the delivery row
 * locked, so two attempts of one delivery (a manual retry beside an automatic one) are numbered
 * and scheduled one after the other. Null when the delivery is gone.
 */
export async function recordAttempt(
  db: DbHandle,
  policy: RetryPolicy,
  input: { deliveryId: string; manual: boolean; startedAt: Date; outcome: PostOutcome },
): Promise<Decision | null> {
  const { deliveryId, manual, startedAt, outcome } = input;
  return inTransaction(db, async (client) => {
    const state = await lockScheduleState(client, deliveryId);
    if (!state) return null;
    const decision = decideAfterAttempt(policy, state, {
      succeeded: outcome.succeeded,
      manual,
      startedAt,
      finishedAt: new Date(startedAt.getTime() + outcome.durationMs),
      automaticAttempts: manual ? 0 : state.automaticAttempts + 1,
    });
    await writeAttempt(client, {
      attemptId: newId("attempt"),
      deliveryId,
      manual,
      startedAt,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      responseExcerpt: outcome.responseExcerpt,
      error: outcome.error,
      next: decision,
    });
    return decision;
  });
}
