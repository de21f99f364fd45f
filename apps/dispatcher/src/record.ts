import { inTransaction, sqlPool } from "@svc/core";
import type { DbHandle, DeliveryStatus } from "@svc/db";
import { newId } from "@svc/db";
import { Batcher } from "@svc/runtime";
import type { ClaimedDelivery } from "./claims.ts";
import { lockScheduleState, writeAttempt } from "./deliveryRows.ts";
import { decideAfterAttempt, type Decision, type RetryPolicy } from "./policy.ts";
import type { PostOutcome } from "./poster.ts";

export type RecordResult =
  | { kind: "recorded"; decision: Decision }
  /** A failed (or redundant) attempt is recorded, but the delivery had moved on (its claim
   * expired and was taken over, it was disabled or finished meanwhile): its state is left as the
   * newer owner set it. */
  | { kind: "claim-lost"; status: DeliveryStatus }
  /** The delivery is gone (deleted with its subscription); nothing was recorded. */
  | { kind: "gone" };

interface ClaimedAttempt {
  claim: ClaimedDelivery;
  attemptId: string;
  startedAt: Date;
  outcome: PostOutcome;
  decision: Decision;
}

/**
 * Records a claimed (automatic) attempt in one autocommit statement, concurrent jobs' attempts
 * in one: the delivery is updated only while it is exactly as the claim left it (still pending,
 * nextAttemptAt still this claim's lease, no attempt recorded since), so the decision computed
 * from the claim's values is still right; the attempt row is numbered after it. Rows that
 * changed come back missing and take the locked path.
 */
const RECORD_CLAIMED = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::"DeliveryStatus"[], $6::timestamptz[],
                       $7::timestamptz[], $8::timestamptz[], $9::int[], $10::text[], $11::text[], $12::timestamptz[], $13::int[])
    AS i("deliveryId", "attemptId", "leaseUntil", "claimedCount", status, "firstAttemptAt",
         "nextAttemptAt", "completedAt", "statusCode", error, "responseExcerpt", "startedAt", "durationMs")
), updated AS (
  UPDATE webhook_deliveries d
     SET "attemptCount" = d."attemptCount" + 1, status = i.status, "firstAttemptAt" = i."firstAttemptAt",
         "nextAttemptAt" = i."nextAttemptAt", "completedAt" = i."completedAt", "lastStatusCode" = i."statusCode", "lastError" = i.error
    FROM input i
   WHERE d.id = i."deliveryId" AND d.status = 'pending' AND d."nextAttemptAt" = i."leaseUntil" AND d."attemptCount" = i."claimedCount"
  RETURNING i."attemptId", d."attemptCount"
)
INSERT INTO webhook_attempts (id, "deliveryId", number, manual, "startedAt", "durationMs", "statusCode", "responseExcerpt", error)
SELECT i."attemptId", i."deliveryId", u."attemptCount", false, i."startedAt", i."durationMs", i."statusCode", i."responseExcerpt", i.error
  FROM updated u JOIN input i ON i."attemptId" = u."attemptId"
RETURNING id`;

export interface AttemptRecorderOptions {
  /** Records in one statement: the worker's concurrency. */
  maxBatch: number;
  /** Statements in flight at once (each holds a pooled connection). */
  maxConcurrent: number;
}

/** Records attempts and applies the retry policy. */
export class AttemptRecorder {
  private readonly claimed: Batcher<ClaimedAttempt, boolean>;

  constructor(
    private readonly db: DbHandle,
    private readonly policy: RetryPolicy,
    options: AttemptRecorderOptions,
  ) {
    this.claimed = new Batcher({ run: (attempts) => this.recordMany(attempts), maxSize: options.maxBatch, maxConcurrent: options.maxConcurrent });
  }

  /** An automatic attempt made under `claim`. */
  async recordClaimed(claim: ClaimedDelivery, startedAt: Date, outcome: PostOutcome): Promise<RecordResult> {
    const decision = decideAfterAttempt(
      this.policy,
      { status: "pending", firstAttemptAt: claim.firstAttemptAt, nextAttemptAt: claim.leaseUntil, completedAt: null },
      { ...facts(false, startedAt, outcome), automaticAttempts: claim.automaticAttempts + 1 },
    );
    const attempt = { claim, attemptId: newId("attempt"), startedAt, outcome, decision };
    if (await this.claimed.submit(attempt)) return { kind: "recorded", decision };
    // The row changed since the claim (a manual attempt recorded meanwhile, the lease taken
    // over, the subscription disabled, the delivery deleted): decide again from the row, locked.
    return this.recordLocked({ deliveryId: claim.id, attemptId: attempt.attemptId, manual: false, startedAt, outcome, leaseUntil: claim.leaseUntil });
  }

  /** A manual attempt: made without a claim, so it is decided from the row as it is when recorded. */
  recordManual(deliveryId: string, startedAt: Date, outcome: PostOutcome): Promise<RecordResult> {
    return this.recordLocked({ deliveryId, attemptId: newId("attempt"), manual: true, startedAt, outcome, leaseUntil: null });
  }

  private async recordMany(attempts: ClaimedAttempt[]): Promise<boolean[]> {
    const column = <T>(pick: (attempt: ClaimedAttempt) => T) => attempts.map(pick);
    const { rows } = await sqlPool(this.db).query<{ id: string }>({
      name: "dispatcher-record-claimed",
      text: RECORD_CLAIMED,
      values: [
        column((a) => a.claim.id),
        column((a) => a.attemptId),
        column((a) => a.claim.leaseUntil),
        column((a) => a.claim.attemptCount),
        column((a) => a.decision.status),
        column((a) => a.decision.firstAttemptAt),
        column((a) => a.decision.nextAttemptAt),
        column((a) => a.decision.completedAt),
        column((a) => a.outcome.statusCode),
        column((a) => a.outcome.error),
        column((a) => a.outcome.responseExcerpt),
        column((a) => a.startedAt),
        column((a) => a.outcome.durationMs),
      ],
    });
    const recorded = new Set(rows.map((row) => row.id));
    return attempts.map((a) => recorded.has(a.attemptId));
  }

  /**
   * One transaction with the delivery row locked, so two attempts of one delivery (a manual
   * retry beside an automatic one) are numbered and scheduled one after the other. An automatic
   * attempt whose claim is no longer the row's (`leaseUntil` replaced, or the delivery no longer
   * pending) is recorded without touching the delivery's state (a newer attempt owns it), unless
   * it succeeded where nothing had yet.
   */
  private recordLocked(input: {
    deliveryId: string;
    attemptId: string;
    manual: boolean;
    startedAt: Date;
    outcome: PostOutcome;
    leaseUntil: Date | null;
  }): Promise<RecordResult> {
    const { deliveryId, attemptId, manual, startedAt, outcome, leaseUntil } = input;
    return inTransaction(this.db, async (client): Promise<RecordResult> => {
      const state = await lockScheduleState(client, deliveryId);
      if (!state) return { kind: "gone" };
      const attempt = {
        attemptId,
        deliveryId,
        manual,
        startedAt,
        durationMs: outcome.durationMs,
        statusCode: outcome.statusCode,
        responseExcerpt: outcome.responseExcerpt,
        error: outcome.error,
      };
      const claimHeld = state.status === "pending" && state.nextAttemptAt?.getTime() === leaseUntil?.getTime();
      // A 2xx is a delivery whoever's claim it came under; a failure under a lost claim must not
      // reschedule or fail a delivery that a newer attempt (or a disable) now governs.
      const endsUndelivered = !outcome.succeeded || state.status === "succeeded";
      if (leaseUntil && !claimHeld && endsUndelivered) {
        await writeAttempt(client, { ...attempt, next: null });
        return { kind: "claim-lost", status: state.status };
      }
      const decision = decideAfterAttempt(this.policy, state, {
        ...facts(manual, startedAt, outcome),
        automaticAttempts: manual ? 0 : state.automaticAttempts + 1,
      });
      await writeAttempt(client, { ...attempt, next: decision });
      return { kind: "recorded", decision };
    });
  }
}

function facts(manual: boolean, startedAt: Date, outcome: PostOutcome) {
  return { succeeded: outcome.succeeded, manual, startedAt, finishedAt: new Date(startedAt.getTime() + outcome.durationMs) };
}
