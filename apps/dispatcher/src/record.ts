import { decideClaimedAttempt, recordAttemptLocked, sqlPool, type AttemptOutcome, type AttemptRecordResult, type DeliveryRetrySchedule } from "@svc/core";
import { recordClaimedWebhookAttempts, type ClaimedAttemptRow, type ClaimedDelivery } from "@svc/core/stores";
import type { DbHandle } from "@svc/db";
import { newId } from "@svc/db";
import { Batcher } from "@svc/runtime";

export interface AttemptRecorderOptions {
  /** Records in one statement: the worker's concurrency. */
  maxBatch: number;
  /** Statements in flight at once (each holds a pooled connection). */
  maxConcurrent: number;
}

/**
 * Records attempts and applies the retry schedule. A claimed (automatic) attempt is recorded in
 * one autocommit statement, concurrent jobs' attempts in one (`recordClaimedWebhookAttempts`);
 * one whose delivery changed since its claim, and every manual attempt, takes the locked path
 * (`recordAttemptLocked`).
 */
export class AttemptRecorder {
  private readonly claimed: Batcher<ClaimedAttemptRow, boolean>;

  constructor(
    private readonly db: DbHandle,
    private readonly schedule: DeliveryRetrySchedule,
    options: AttemptRecorderOptions,
  ) {
    this.claimed = new Batcher({ run: (rows) => recordClaimedWebhookAttempts(sqlPool(this.db), rows), maxSize: options.maxBatch, maxConcurrent: options.maxConcurrent });
  }

  /** An automatic attempt made under `claim`. */
  async recordClaimed(claim: ClaimedDelivery, startedAt: Date, outcome: AttemptOutcome): Promise<AttemptRecordResult> {
    const decision = decideClaimedAttempt(this.schedule, claim, startedAt, outcome);
    const attemptId = newId("attempt");
    const attempt = {
      attemptId,
      deliveryId: claim.id,
      manual: false,
      startedAt,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      responseExcerpt: outcome.responseExcerpt,
      error: outcome.error,
    };
    if (await this.claimed.submit({ attempt, claim, next: decision })) return { kind: "recorded", decision };
    // The row changed since the claim (a manual attempt recorded meanwhile, the lease taken
    // over, the subscription disabled, the delivery deleted): decide again from the row, locked.
    return recordAttemptLocked(this.db, this.schedule, { deliveryId: claim.id, attemptId, manual: false, startedAt, outcome, leaseUntil: claim.leaseUntil });
  }

  /** A manual attempt: made without a claim, so it is decided from the row as it is when recorded. */
  recordManual(deliveryId: string, startedAt: Date, outcome: AttemptOutcome): Promise<AttemptRecordResult> {
    return recordAttemptLocked(this.db, this.schedule, { deliveryId, attemptId: newId("attempt"), manual: true, startedAt, outcome, leaseUntil: null });
  }
}
