import { randomUUID } from "node:crypto";
import { DelayedError, type Job } from "bullmq";
import { sqlPool, type AttemptOutcome, type AttemptRecordResult, type SecretBox } from "@svc/core";
import { failWebhookDeliveryOfDisabledSubscription, selectWebhookDeliveryToSend } from "@svc/core/stores";
import type { DbHandle, EventType } from "@svc/db";
import type { Logger } from "@svc/logger";
import { recordDeliveryFailed } from "@svc/metrics/dispatcher";
import { QUEUES, type JobPayload } from "@svc/queues";
import { webhookRequestHeaders } from "@svc/webhooks";
import type { DeliveryClaimer } from "./claims.ts";
import type { WebhookPoster } from "./poster.ts";
import type { AttemptRecorder } from "./record.ts";
import type { SubscriptionSlots } from "./slots.ts";
import type { WorkspaceShare } from "./workspaceShare.ts";

/** How long a job waits in-process for its subscription's slot, and then (jittered) in the queue. */
const SLOT_WAIT_MS = 1000;

/**
 * Thrown after a failed automatic attempt that will be retried: the worker's backoff strategy
 * turns `retryAt` (already stored on the delivery row) into BullMQ's delay.
 */
export class RetryScheduled extends Error {
  constructor(readonly retryAt: Date) {
    super(`Attempt failed; next attempt at ${retryAt.toISOString()}`);
    this.name = "RetryScheduled";
  }
}

export interface ProcessorDeps {
  db: DbHandle;
  box: SecretBox;
  poster: WebhookPoster;
  slots: SubscriptionSlots;
  share: WorkspaceShare;
  claims: DeliveryClaimer;
  recorder: AttemptRecorder;
  log: Logger;
}

type DeliveryJob = Job<JobPayload<"webhookDelivery">>;

/** Puts the job back as delayed until `timestamp` without counting an attempt. */
async function deferUntil(job: DeliveryJob, token: string | undefined, timestamp: number): Promise<never> {
  await job.moveToDelayed(Math.ceil(timestamp), token);
  throw new DelayedError();
}

const jittered = (ms: number) => Math.round(ms * (0.5 + Math.random()));

/**
 * Who holds a slot: BullMQ's token is unique to this run of the job (the worker's id and a
 * counter), so no random id needs making per job.
 */
function slotHolder(job: DeliveryJob, token: string | undefined): string {
  return `${job.id}:${token ?? randomUUID()}`;
}

function parsePayload(data: unknown): JobPayload<"webhookDelivery"> {
  return QUEUES.webhookDelivery.payload.parse(data);
}

/** A secret that will not decrypt is a configuration problem: say so, and let the job retry. */
function openSecret(box: SecretBox, sealed: string): string {
  try {
    return box.open(sealed);
  } catch {
    throw new Error("Cannot decrypt the subscription's signing secret: is WEBHOOK_SECRET_KEY the key it was created with?");
  }
}

/**
 * One delivery job: at most one attempt. Postgres decides everything (whether the delivery is
 * still wanted, when its next attempt is due); the job only says "look at this delivery".
 * That is what makes duplicate jobs, stalled jobs and the sweeper's re-enqueues harmless.
 *
 * Returns a word for the job's result; throws RetryScheduled to have BullMQ run it again.
 */
export function createDeliveryProcessor(deps: ProcessorDeps) {
  const { db, box, poster, slots, share, claims, recorder } = deps;

  /** Signs and posts one attempt (fresh timestamp and signature each time). */
  async function attempt(delivery: { id: string; body: string; eventType: EventType; url: string }, secret: string) {
    const startedAt = new Date();
    const headers = webhookRequestHeaders({
      secret,
      rawBody: delivery.body,
      eventType: delivery.eventType,
      deliveryId: delivery.id,
      timestamp: Math.floor(startedAt.getTime() / 1000),
    });
    const outcome = await poster.post(delivery.url, delivery.body, headers);
    return { startedAt, outcome };
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
   * The attempt, in the slots already taken, which are given back as soon as the endpoint is done
   * with: the record need not hold them, nor wait a Redis round trip for the release (commands on
   * one connection run in order, so this process's next acquire already sees it).
   */
  async function postInSlots(delivery: { id: string; body: string; eventType: EventType; url: string; subscriptionId: string; workspaceId: string }, secret: string, holder: string) {
    try {
      return await attempt(delivery, secret);
    } finally {
      share.give(delivery.workspaceId);
      void slots.release(delivery.subscriptionId, holder).catch(() => {});
    }
  }

  function logAttempt(job: DeliveryJob, manual: boolean, outcome: AttemptOutcome, result: AttemptRecordResult): void {
    // Successes at debug: an info line per delivery costs a measurable share of the CPU, and the
    // attempt row already records it. Failures at info: they are what an operator looks for.
    const level = outcome.succeeded ? "debug" : "info";
    if (!deps.log.isLevelEnabled(level)) return;
    deps.log[level](
      {
        deliveryId: job.data.deliveryId,
        jobId: job.id,
        manual,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        status: result.kind === "recorded" ? result.decision.status : result.kind,
        retryAt: result.kind === "recorded" ? result.decision.retryAt : undefined,
      },
      outcome.succeeded ? "webhook delivered" : "webhook attempt failed",
    );
  }

  function finish(result: AttemptRecordResult): string {
    if (result.kind !== "recorded") return result.kind;
    if (result.decision.status === "failed") recordDeliveryFailed();
    if (result.decision.retryAt) throw new RetryScheduled(result.decision.retryAt);
    return result.decision.status;
  }

  /** An automatic attempt: claimed first, so duplicate and stalled jobs cannot post twice. */
  async function processAutomatic(job: DeliveryJob, token: string | undefined, deliveryId: string): Promise<string> {
    // Load and claim in one statement: push nextAttemptAt out by the lease, only if still due. A
    // second worker holding a duplicate job finds nothing due; the sweeper skips the row until
    // the lease ends (this process died mid-attempt) and then re-enqueues it.
    const claim = await claims.claim(deliveryId);
    switch (claim.kind) {
      case "gone":
        return claim.kind;
      case "subscription-disabled":
        recordDeliveryFailed();
        return claim.kind;
      case "finished":
        return `already-${claim.status}`;
      case "not-due":
        // Early (a stalled job run again, a re-enqueued or duplicate job): the row says when.
        return deferUntil(job, token, claim.dueAt && claim.dueAt.getTime() > Date.now() ? claim.dueAt.getTime() : Date.now() + jittered(SLOT_WAIT_MS));
    }
    const delivery = claim.delivery;
    const holder = slotHolder(job, token);
    let secret: string;
    let slotTaken: boolean;
    try {
      secret = openSecret(box, delivery.secretEncrypted);
      slotTaken = await takeSlots(delivery, holder);
    } catch (error) {
      // Nothing was posted: give the claim back, or the job's retry would wait out the lease.
      await claims.release(delivery).catch(() => {});
      throw error;
    }
    if (!slotTaken) {
      await claims.release(delivery);
      return deferUntil(job, token, Date.now() + jittered(SLOT_WAIT_MS));
    }
    const { startedAt, outcome } = await postInSlots(delivery, secret, holder);
    const result = await recorder.recordClaimed(delivery, startedAt, outcome);
    logAttempt(job, false, outcome, result);
    return finish(result);
  }

  /** A manual attempt: made now, whatever the delivery's status or schedule, and never claimed. */
  async function processManual(job: DeliveryJob, token: string | undefined, deliveryId: string): Promise<string> {
    const delivery = await selectWebhookDeliveryToSend(sqlPool(db), deliveryId);
    if (!delivery) return "gone"; // deleted with its subscription
    if (!delivery.isActive) {
      await failWebhookDeliveryOfDisabledSubscription(sqlPool(db), deliveryId);
      recordDeliveryFailed();
      return "subscription-disabled";
    }
    const secret = openSecret(box, delivery.secretEncrypted);
    const holder = slotHolder(job, token);
    if (!(await takeSlots(delivery, holder))) return deferUntil(job, token, Date.now() + jittered(SLOT_WAIT_MS));
    const { startedAt, outcome } = await postInSlots(delivery, secret, holder);
    const result = await recorder.recordManual(deliveryId, startedAt, outcome);
    logAttempt(job, true, outcome, result);
    return finish(result);
  }

  return async function processDelivery(job: DeliveryJob, token?: string): Promise<string> {
    const { deliveryId, manual = false } = parsePayload(job.data);
    return manual ? processManual(job, token, deliveryId) : processAutomatic(job, token, deliveryId);
  };
}
