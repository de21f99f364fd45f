import { type DeliveryStatus, newIdBeside } from "@svc/db";
import { webhookRequestHeaders } from "@svc/webhooks";
import type {
  ClaimedAttemptRow,
  ClaimedDelivery,
  DeliveryDispatchState,
  DeliveryScheduleState,
  DeliveryToSend,
  WebhookAttemptRow,
} from "../stores/webhookDeliveries.ts";
import { classifyAnswer, type PostAnswer } from "./attemptAnswer.ts";
import { type AttemptOutcome, type AttemptRecordResult, decideClaimedAttempt, decideLockedAttempt } from "./attemptRecord.ts";
import type { DeliveryDecision, DeliveryRetrySchedule } from "./deliverySchedule.ts";
import { isDeliveryFinished } from "./deliveryStatus.ts";

/*
 * When is a webhook retried? This file answers it: one attempt of one delivery, end to end.
 *
 * A job only says "look at this delivery"; Postgres decides everything (whether it is still
 * wanted, when its next attempt is due). That is what makes duplicate jobs, stalled jobs and the
 * sweeper's re-enqueues harmless. One call makes at most one attempt:
 *
 *  1. Still wanted? An automatic attempt claims the delivery (pending, due, subscription active)
 *     in one statement; a manual one (a re-send by hand) is made whatever the status or schedule.
 *  2. Subscription disabled? A pending delivery ends `failed`, without a POST.
 *  3. Not due yet, over the subscription's rate limit, or no slot free? No attempt: run again
 *     later, without counting one.
 *  4. Sign (a fresh timestamp and signature each time) and POST.
 *  5. Classify the answer: only a complete 2xx delivers (`attemptAnswer.ts`).
 *  6. Record the attempt, and with it what the delivery becomes (`deliverySchedule.ts`): a 2xx
 *     ends it `succeeded`; a failed automatic attempt n schedules the next at start + base × 2^(n−1)
 *     within the retry window, or past it ends the delivery `failed`; a failed manual attempt
 *     changes neither the status nor the schedule.
 *     A `410 Gone` ends the delivery and disables its subscription (`disableGone`); a `429` or
 *     `503` with Retry-After pushes the next attempt out to at least that long.
 *  7. Auto-disable: the claimed record keeps the subscription's `failingSince` (set by the first
 *     failure of a run, cleared by a success); `disableLongFailingSubscriptions` (`autoDisable.ts`)
 *     disables the subscriptions failing for days.
 *
 * The caller (the dispatcher) maps the result to its queue: a deferral, a retry at
 * `decision.retryAt`, or done.
 */

/** How long an attempt waits for its subscription's slot, and then (jittered) before it is tried again. */
export const SLOT_WAIT_MS = 1000;

// Ports ------------------------------------------------------------------------------------------

/** Claims of automatic attempts. The dispatcher batches concurrent jobs' claims into one statement. */
export interface DeliveryClaims {
  /**
   * Loads and claims a pending, due delivery of an active subscription: pushes its nextAttemptAt
   * out by the lease (`leaseUntil`), so a duplicate job finds nothing due. Null when it could not.
   */
  claim(deliveryId: string): Promise<ClaimedDelivery | null>;
  /** Makes a claimed delivery due again (nothing was posted), unless its claim was lost meanwhile. */
  release(claim: ClaimedDelivery): Promise<void>;
}

/** The record of an automatic attempt. The dispatcher batches concurrent jobs' records into one statement. */
export interface ClaimedAttemptRecords {
  /** Writes the attempt and `next` only while the row is exactly as the claim left it; false otherwise. */
  recordClaimed(row: ClaimedAttemptRow): Promise<boolean>;
}

/** The reads and writes of the paths off the hot one, one delivery at a time (`postgresDeliveryRows`). */
export interface DeliveryRows {
  /** Why a delivery could not be claimed. */
  dispatchState(deliveryId: string): Promise<DeliveryDispatchState | null>;
  /** What a manual attempt needs, whatever the delivery's status or schedule. */
  toSend(deliveryId: string): Promise<DeliveryToSend | null>;
  /** Ends a pending delivery of a disabled subscription as failed. */
  failOfDisabledSubscription(deliveryId: string): Promise<void>;
  /** Disables a subscription whose endpoint answered `410 Gone` (owners told, pending deliveries failed). */
  disableGone(subscriptionId: string): Promise<void>;
  /** Records `attempt` with the delivery row locked, and the state `decide` makes of the row (null: left as it is). */
  recordLocked(attempt: WebhookAttemptRow, decide: (state: DeliveryScheduleState) => DeliveryDecision | null): Promise<AttemptRecordResult>;
}

/** One POST, no redirects followed, no retries of its own, one deadline (the dispatcher's got poster). */
export interface EndpointPoster {
  post(url: string, body: string, headers: Record<string, string>): Promise<PostAnswer>;
}

/** At most a few attempts in flight per subscription, across every dispatcher process. */
export interface SubscriptionCap {
  /** Takes a slot for `holder`, waiting up to `waitMs` for one to be released; false when none was had. */
  acquire(subscriptionId: string, holder: string, waitMs: number): Promise<boolean>;
  release(subscriptionId: string, holder: string): Promise<void>;
}

/**
 * A subscription's optional rate limit (automatic attempts per second), one bucket across every
 * dispatcher process.
 */
export interface SubscriptionRate {
  /** Counts one attempt; answers 0 when it may go now, otherwise the milliseconds until one may. */
  take(subscriptionId: string, perSecond: number): Promise<number>;
}

/** At most a share of one process's attempts in flight per workspace. */
export interface WorkspaceCap {
  hasRoom(workspaceId: string): boolean;
  /** Takes one of the workspace's places; false when it holds all of them. */
  tryTake(workspaceId: string): boolean;
  give(workspaceId: string): void;
}

export interface AttemptPorts {
  claims: DeliveryClaims;
  records: ClaimedAttemptRecords;
  rows: DeliveryRows;
  poster: EndpointPoster;
  slots: SubscriptionCap;
  share: WorkspaceCap;
  rate: SubscriptionRate;
  /** Opens the subscription's sealed signing secret (`SecretBox`). */
  secrets: { open(sealed: string): string };
  /** Milliseconds since the epoch (`Date`). */
  clock: { now(): number };
  schedule: DeliveryRetrySchedule;
}

// Results ----------------------------------------------------------------------------------------

export type ClaimResult =
  | { kind: "claimed"; delivery: ClaimedDelivery }
  /** Deleted (with its subscription). */
  | { kind: "gone" }
  /** Its subscription is disabled: a pending delivery has been stopped for good. */
  | { kind: "subscription-disabled" }
  | { kind: "finished"; status: DeliveryStatus }
  /** Pending but not due (an early, stalled or duplicate job, or another worker's claim). */
  | { kind: "not-due"; dueAt: Date | null };

export type AttemptResult =
  | Extract<ClaimResult, { kind: "gone" | "subscription-disabled" | "finished" }>
  /** No attempt was made: try again at `until` (epoch ms), without counting an attempt. */
  | { kind: "deferred"; until: number }
  /** One attempt was made and recorded; `record.decision.retryAt` says when the next is due. */
  | { kind: "attempted"; outcome: AttemptOutcome; record: AttemptRecordResult };

export interface WebhookAttempt {
  /** An automatic attempt: claimed first, so duplicate and stalled jobs cannot post twice. */
  automatic(deliveryId: string, holder: string): Promise<AttemptResult>;
  /** A manual attempt: made now, whatever the delivery's status or schedule, and never claimed. */
  manual(deliveryId: string, holder: string): Promise<AttemptResult>;
  /** Step 1 of an automatic attempt, and why not when the delivery could not be claimed. */
  claim(deliveryId: string): Promise<ClaimResult>;
  /** Step 6 of an automatic attempt made under `claim`. */
  recordClaimed(claim: ClaimedDelivery, startedAt: Date, outcome: AttemptOutcome): Promise<AttemptRecordResult>;
  /** Step 6 of a manual attempt. */
  recordManual(deliveryId: string, startedAt: Date, outcome: AttemptOutcome): Promise<AttemptRecordResult>;
}

const GONE = { kind: "gone" } as const;
const SUBSCRIPTION_DISABLED = { kind: "subscription-disabled" } as const;

/** `holder` names this attempt in the subscription's slots: unique to this run of the job. */
export function createWebhookAttempt(ports: AttemptPorts): WebhookAttempt {
  const { claims, records, rows, poster, slots, share, rate, secrets, clock, schedule } = ports;

  async function automatic(deliveryId: string, holder: string): Promise<AttemptResult> {
    const claimed = await claim(deliveryId);
    switch (claimed.kind) {
      case "gone":
      case "subscription-disabled":
      case "finished":
        return claimed;
      case "not-due": {
        // Early (a stalled job run again, a re-enqueued or duplicate job): the row says when.
        const dueAt = claimed.dueAt?.getTime();
        return dueAt !== undefined && dueAt > clock.now() ? { kind: "deferred", until: dueAt } : deferBriefly();
      }
    }
    const delivery = claimed.delivery;
    let secret: string;
    let slotTaken: boolean;
    try {
      secret = openSecret(delivery.secretEncrypted);
      const waitMs = delivery.maxDeliveriesPerSecond ? await rate.take(delivery.subscriptionId, delivery.maxDeliveriesPerSecond) : 0;
      if (waitMs > 0) {
        await claims.release(delivery);
        return { kind: "deferred", until: clock.now() + waitMs };
      }
      slotTaken = await takeSlots(delivery, holder);
    } catch (error) {
      // Nothing was posted: give the claim back, or the job's retry would wait out the lease.
      await claims.release(delivery).catch(() => {});
      throw error;
    }
    if (!slotTaken) {
      await claims.release(delivery);
      return deferBriefly();
    }
    const startedAt = new Date(clock.now());
    const outcome = await postInSlots(delivery, secret, startedAt, holder);
    const record = await recordClaimed(delivery, startedAt, outcome);
    if (outcome.gone) await rows.disableGone(delivery.subscriptionId);
    return { kind: "attempted", outcome, record };
  }

  async function manual(deliveryId: string, holder: string): Promise<AttemptResult> {
    const delivery = await rows.toSend(deliveryId);
    if (!delivery) return GONE;
    if (!delivery.isActive) {
      await rows.failOfDisabledSubscription(deliveryId);
      return SUBSCRIPTION_DISABLED;
    }
    const secret = openSecret(delivery.secretEncrypted);
    if (!(await takeSlots(delivery, holder))) return deferBriefly();
    const startedAt = new Date(clock.now());
    const outcome = await postInSlots(delivery, secret, startedAt, holder);
    const record = await recordManual(deliveryId, startedAt, outcome);
    if (outcome.gone) await rows.disableGone(delivery.subscriptionId);
    return { kind: "attempted", outcome, record };
  }

  /**
   * Load and claim in one statement (only if still due). A second worker holding a duplicate
   * job finds nothing due; the sweeper skips the row until the lease ends (this process died
   * mid-attempt) and then re-enqueues it.
   */
  async function claim(deliveryId: string): Promise<ClaimResult> {
    const delivery = await claims.claim(deliveryId);
    return delivery ? { kind: "claimed", delivery } : whyNotClaimed(deliveryId);
  }

  /** The rare path: a second read says why a delivery could not be claimed. */
  async function whyNotClaimed(deliveryId: string): Promise<ClaimResult> {
    const state = await rows.dispatchState(deliveryId);
    if (!state) return GONE;
    if (!state.isActive) {
      await rows.failOfDisabledSubscription(deliveryId);
      return SUBSCRIPTION_DISABLED;
    }
    if (isDeliveryFinished(state.status)) return { kind: "finished", status: state.status };
    return { kind: "not-due", dueAt: state.nextAttemptAt };
  }

  /** A secret that will not decrypt is a configuration problem: say so, and let the job retry. */
  function openSecret(sealed: string): string {
    try {
      return secrets.open(sealed);
    } catch {
      throw new Error("Cannot decrypt the subscription's signing secret: is WEBHOOK_SECRET_KEY the key it was created with?");
    }
  }

  /**
   * Takes the subscription's slot (waiting briefly, but only while the workspace has room: a
   * waiting job holds a worker slot too), then one of the workspace's places in this process.
   * False, holding nothing, when either is full.
   */
  async function takeSlots(delivery: { subscriptionId: string; workspaceId: string }, holder: string): Promise<boolean> {
    if (!share.hasRoom(delivery.workspaceId)) return false;
    if (!(await slots.acquire(delivery.subscriptionId, holder, SLOT_WAIT_MS))) return false;
    if (share.tryTake(delivery.workspaceId)) return true;
    void slots.release(delivery.subscriptionId, holder).catch(() => {});
    return false;
  }

  /**
   * Signs and posts one attempt in the slots already taken, which are given back as soon as the
   * endpoint is done with: the record need not hold them, nor wait a round trip for the release.
   */
  async function postInSlots(
    delivery: {
      id: string;
      body: string;
      eventType: ClaimedDelivery["eventType"];
      url: string;
      subscriptionId: string;
      workspaceId: string;
    },
    secret: string,
    startedAt: Date,
    holder: string,
  ): Promise<AttemptOutcome> {
    try {
      const headers = webhookRequestHeaders({
        secret,
        rawBody: delivery.body,
        eventType: delivery.eventType,
        deliveryId: delivery.id,
        timestamp: Math.floor(startedAt.getTime() / 1000),
      });
      const answer = await poster.post(delivery.url, delivery.body, headers);
      return classifyAnswer(answer, clock.now());
    } finally {
      share.give(delivery.workspaceId);
      void slots.release(delivery.subscriptionId, holder).catch(() => {});
    }
  }

  /**
   * Decided from the claim's values, in one batched statement that writes only while the row is
   * as the claim left it.
   */
  async function recordClaimed(claim: ClaimedDelivery, startedAt: Date, outcome: AttemptOutcome): Promise<AttemptRecordResult> {
    const decision = decideClaimedAttempt(schedule, claim, startedAt, outcome);
    const attempt = attemptRow(claim.id, false, startedAt, outcome);
    if (await records.recordClaimed({ attempt, claim, next: decision })) return { kind: "recorded", decision };
    // The row changed since the claim (a manual attempt recorded meanwhile, the lease taken
    // over, the subscription disabled, the delivery deleted): decide again from the row, locked.
    return rows.recordLocked(attempt, (state) =>
      decideLockedAttempt(schedule, state, { manual: false, startedAt, outcome, leaseUntil: claim.leaseUntil }),
    );
  }

  /** Made without a claim, so decided from the row as it is when recorded. */
  function recordManual(deliveryId: string, startedAt: Date, outcome: AttemptOutcome): Promise<AttemptRecordResult> {
    const attempt = attemptRow(deliveryId, true, startedAt, outcome);
    return rows.recordLocked(attempt, (state) =>
      decideLockedAttempt(schedule, state, { manual: true, startedAt, outcome, leaseUntil: null }),
    );
  }

  /** Back in about a second (jittered, so deferred jobs do not come back together). */
  function deferBriefly(): AttemptResult {
    return { kind: "deferred", until: clock.now() + Math.round(SLOT_WAIT_MS * (0.5 + Math.random())) };
  }

  return { automatic, manual, claim, recordClaimed, recordManual };
}

function attemptRow(deliveryId: string, manual: boolean, startedAt: Date, outcome: AttemptOutcome): WebhookAttemptRow {
  return {
    attemptId: newIdBeside("attempt", deliveryId),
    deliveryId,
    manual,
    startedAt,
    durationMs: outcome.durationMs,
    statusCode: outcome.statusCode,
    responseExcerpt: outcome.responseExcerpt,
    error: outcome.error,
  };
}
