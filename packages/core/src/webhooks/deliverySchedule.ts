import type { DeliveryStatus } from "@svc/db";
import { isDeliveryFinished, UNFINISHED_DELIVERY_STATUS } from "./deliveryStatus.ts";

/**
 * When a delivery's automatic attempts are made: after the n-th automatic attempt fails, the
 * next one is made `baseMs * 2^(n-1)` after it started (1, 2, 4, 8 … minutes with the default
 * one-minute base), as long as that falls within `windowMs` (24 hours by default) of the first
 * attempt. The retry that would fall past the window's end is moved to the end itself, so the
 * last attempt is made at the window's end; an attempt made at (or after) the end is the last one.
 */
export interface DeliveryRetrySchedule {
  baseMs: number;
  windowMs: number;
}

/** When the next automatic attempt is due after a failed one; null when there is none. */
export function nextRetryAt(
  schedule: DeliveryRetrySchedule,
  input: { firstAttemptAt: Date; attemptStartedAt: Date; automaticAttempts: number },
): Date | null {
  const windowEnd = input.firstAttemptAt.getTime() + schedule.windowMs;
  const started = input.attemptStartedAt.getTime();
  if (started >= windowEnd) return null;
  const due = started + schedule.baseMs * 2 ** Math.max(0, input.automaticAttempts - 1);
  return new Date(Math.min(due, windowEnd));
}

/** The columns of a delivery that an attempt's outcome is decided from. */
export interface DeliveryState {
  status: DeliveryStatus;
  firstAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  completedAt: Date | null;
}

export interface AttemptFacts {
  succeeded: boolean;
  manual: boolean;
  startedAt: Date;
  finishedAt: Date;
  /** Automatic attempts of this delivery so far, this one included. */
  automaticAttempts: number;
  /** The endpoint answered `410 Gone`: no further automatic attempt. */
  gone?: boolean;
  /** The endpoint asked (Retry-After on a 429 or 503) to wait this long before the next attempt. */
  retryAfterMs?: number | null;
}

/** A delivery's state after an attempt, as it is written to its row. */
export interface DeliveryDecision {
  status: DeliveryStatus;
  firstAttemptAt: Date;
  nextAttemptAt: Date | null;
  completedAt: Date | null;
  /** When the automatic job should run again; null when it is done. */
  retryAt: Date | null;
}

/**
 * What a delivery becomes after an attempt. A 2xx always ends it as succeeded. A failed manual
 * attempt changes nothing about the schedule (a pending delivery keeps its next automatic
 * retry; a finished one stays as it was). A failed automatic attempt schedules the next retry
 * or, past the window, ends the delivery as failed; answered `410 Gone`, it ends the delivery
 * at once (its subscription is disabled with it). A Retry-After the endpoint sent pushes the
 * next attempt out to at least that long after this one ended, never past the window's end
 * (where the last attempt is made, as with the doubling schedule).
 */
export function decideAfterAttempt(schedule: DeliveryRetrySchedule, state: DeliveryState, attempt: AttemptFacts): DeliveryDecision {
  const firstAttemptAt = state.firstAttemptAt ?? attempt.startedAt;
  if (attempt.succeeded) {
    const completedAt = state.status === "succeeded" && state.completedAt ? state.completedAt : attempt.finishedAt;
    return { status: "succeeded", firstAttemptAt, nextAttemptAt: null, completedAt, retryAt: null };
  }
  if (isDeliveryFinished(state.status)) {
    return { status: state.status, firstAttemptAt, nextAttemptAt: null, completedAt: state.completedAt, retryAt: null };
  }
  if (attempt.manual) {
    return { status: UNFINISHED_DELIVERY_STATUS, firstAttemptAt, nextAttemptAt: state.nextAttemptAt, completedAt: null, retryAt: null };
  }
  const scheduled = attempt.gone
    ? null
    : nextRetryAt(schedule, {
        firstAttemptAt,
        attemptStartedAt: attempt.startedAt,
        automaticAttempts: attempt.automaticAttempts,
      });
  const retryAt =
    scheduled && attempt.retryAfterMs
      ? honourRetryAfter(schedule, firstAttemptAt, scheduled, attempt.finishedAt, attempt.retryAfterMs)
      : scheduled;
  if (!retryAt) return { status: "failed", firstAttemptAt, nextAttemptAt: null, completedAt: attempt.finishedAt, retryAt: null };
  return { status: UNFINISHED_DELIVERY_STATUS, firstAttemptAt, nextAttemptAt: retryAt, completedAt: null, retryAt };
}

/** The later of the schedule's retry and the endpoint's Retry-After, within the window. */
function honourRetryAfter(
  schedule: DeliveryRetrySchedule,
  firstAttemptAt: Date,
  scheduled: Date,
  finishedAt: Date,
  retryAfterMs: number,
): Date {
  const windowEnd = firstAttemptAt.getTime() + schedule.windowMs;
  const asked = finishedAt.getTime() + retryAfterMs;
  return new Date(Math.min(Math.max(scheduled.getTime(), asked), windowEnd));
}
