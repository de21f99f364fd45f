import type { DeliveryStatus } from "@svc/db";
import type { ClaimedDelivery, DeliveryScheduleState } from "../stores/webhookDeliveries.ts";
import { type AttemptFacts, type DeliveryDecision, type DeliveryRetrySchedule, decideAfterAttempt } from "./deliverySchedule.ts";
import { UNFINISHED_DELIVERY_STATUS } from "./deliveryStatus.ts";

/** What one POST of a delivery came to. */
export interface AttemptOutcome {
  /** True only for a complete 2xx answer. */
  succeeded: boolean;
  statusCode: number | null;
  /** The first 2 KB of the answer body, as text. */
  responseExcerpt: string | null;
  /** Why the attempt failed; null when it succeeded. */
  error: string | null;
  durationMs: number;
  /** The endpoint answered `410 Gone`: it wants no more deliveries. */
  gone?: boolean;
  /** How long a `429`/`503` answer asked to wait (its Retry-After), in ms; null when it did not. */
  retryAfterMs?: number | null;
}

export type AttemptRecordResult =
  | { kind: "recorded"; decision: DeliveryDecision }
  /** A failed (or redundant) attempt is recorded, but the delivery had moved on (its claim
   * expired and was taken over, it was disabled or finished meanwhile): its state is left as the
   * newer owner set it. */
  | { kind: "claim-lost"; status: DeliveryStatus }
  /** The delivery is gone (deleted with its subscription); nothing was recorded. */
  | { kind: "gone" };

function facts(manual: boolean, startedAt: Date, outcome: AttemptOutcome): Omit<AttemptFacts, "automaticAttempts"> {
  return {
    succeeded: outcome.succeeded,
    manual,
    startedAt,
    finishedAt: new Date(startedAt.getTime() + outcome.durationMs),
    gone: outcome.gone ?? false,
    retryAfterMs: outcome.retryAfterMs ?? null,
  };
}

/**
 * What a delivery becomes after an automatic attempt made under `claim`, decided from the
 * claim's values: right as long as the row is still as the claim left it, which
 * `recordClaimedWebhookAttempts` checks as it writes.
 */
export function decideClaimedAttempt(
  schedule: DeliveryRetrySchedule,
  claim: ClaimedDelivery,
  startedAt: Date,
  outcome: AttemptOutcome,
): DeliveryDecision {
  return decideAfterAttempt(
    schedule,
    { status: UNFINISHED_DELIVERY_STATUS, firstAttemptAt: claim.firstAttemptAt, nextAttemptAt: claim.leaseUntil, completedAt: null },
    { ...facts(false, startedAt, outcome), automaticAttempts: claim.automaticAttempts + 1 },
  );
}

export interface LockedAttempt {
  manual: boolean;
  startedAt: Date;
  outcome: AttemptOutcome;
  /** The claim an automatic attempt was made under; null for a manual attempt (never claimed). */
  leaseUntil: Date | null;
}

/**
 * What a delivery becomes after an attempt recorded with its row locked (`state`), so two
 * attempts of one delivery (a manual re-send beside an automatic one) are numbered and scheduled
 * one after the other. Null leaves the delivery's state as it is: an automatic attempt whose
 * claim is no longer the row's (`leaseUntil` replaced, or the delivery finished) is recorded
 * without touching it (a newer attempt owns it), unless it succeeded where nothing had yet.
 */
export function decideLockedAttempt(
  schedule: DeliveryRetrySchedule,
  state: DeliveryScheduleState,
  attempt: LockedAttempt,
): DeliveryDecision | null {
  const { manual, startedAt, outcome, leaseUntil } = attempt;
  const claimHeld = state.status === UNFINISHED_DELIVERY_STATUS && state.nextAttemptAt?.getTime() === leaseUntil?.getTime();
  // A 2xx is a delivery whoever's claim it came under; a failure under a lost claim must not
  // reschedule or fail a delivery that a newer attempt (or a disable) now governs.
  const endsUndelivered = !outcome.succeeded || state.status === "succeeded";
  if (leaseUntil && !claimHeld && endsUndelivered) return null;
  return decideAfterAttempt(schedule, state, {
    ...facts(manual, startedAt, outcome),
    automaticAttempts: manual ? 0 : state.automaticAttempts + 1,
  });
}
