import { randomUUID } from "node:crypto";
import { DelayedError, type Job } from "bullmq";
import type { SecretBox } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { QUEUES, type JobPayload } from "@svc/queues";
import { webhookRequestHeaders } from "@svc/webhooks";
import type { RetryPolicy } from "./policy.ts";
import type { WebhookPoster } from "./poster.ts";
import { claimAttempt, loadDelivery, stopForDisabledSubscription } from "./deliveryRows.ts";
import { recordAttempt } from "./record.ts";
import type { SubscriptionSlots } from "./slots.ts";

/** A job that finds its subscription's slots all taken waits about this long (jittered). */
export const SLOT_WAIT_MS = 1000;

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
  policy: RetryPolicy;
  /** How long a claimed attempt may take before another worker may take the delivery over. */
  leaseMs: number;
  log: Logger;
}

type DeliveryJob = Job<JobPayload<"webhookDelivery">>;

/** Puts the job back as delayed until `timestamp` without counting an attempt. */
async function deferUntil(job: DeliveryJob, token: string | undefined, timestamp: number): Promise<never> {
  await job.moveToDelayed(Math.ceil(timestamp), token);
  throw new DelayedError();
}

const jittered = (ms: number) => Math.round(ms * (0.5 + Math.random()));

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
  const { db, box, poster, slots, policy, leaseMs } = deps;

  return async function processDelivery(job: DeliveryJob, token?: string): Promise<string> {
    const { deliveryId, manual = false } = QUEUES.webhookDelivery.payload.parse(job.data);
    const log = deps.log.child({ deliveryId, jobId: job.id, manual });

    const delivery = await loadDelivery(db, deliveryId);
    if (!delivery) return "gone"; // deleted with its subscription
    if (!delivery.isActive) {
      await stopForDisabledSubscription(db, deliveryId);
      return "subscription-disabled";
    }
    if (!manual && delivery.status !== "pending") return `already-${delivery.status}`;
    // Early (a stalled job run again, a re-enqueued or duplicate job): the row says when.
    if (!manual && delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > Date.now()) {
      return deferUntil(job, token, delivery.nextAttemptAt.getTime());
    }

    const secret = openSecret(box, delivery.secretEncrypted);

    const holder = `${job.id}:${randomUUID()}`;
    if (!(await slots.acquire(delivery.subscriptionId, holder))) {
      log.debug("subscription at its concurrency cap; waiting for a slot");
      return deferUntil(job, token, Date.now() + jittered(SLOT_WAIT_MS));
    }
    try {
      if (!manual) {
        // Claim the attempt: push nextAttemptAt out by the lease, only if it is still due. A
        // second worker holding a duplicate job finds nothing due; the sweeper skips the row
        // until the lease ends (this process died mid-attempt) and then re-enqueues it.
        const now = new Date();
        const claim = await claimAttempt(db, deliveryId, now, new Date(now.getTime() + leaseMs));
        if (!claim.claimed) {
          const { current } = claim;
          if (!current || current.status !== "pending") return current ? `already-${current.status}` : "gone";
          return deferUntil(job, token, current.nextAttemptAt?.getTime() ?? Date.now() + jittered(SLOT_WAIT_MS));
        }
      }

      const startedAt = new Date();
      const headers = webhookRequestHeaders({
        secret,
        rawBody: delivery.body,
        eventType: delivery.eventType,
        deliveryId: delivery.id,
        timestamp: Math.floor(startedAt.getTime() / 1000),
      });
      const outcome = await poster.post(delivery.url, delivery.body, headers);
      const decision = await recordAttempt(db, policy, { deliveryId, manual, startedAt, outcome });
      log.info(
        { statusCode: outcome.statusCode, durationMs: outcome.durationMs, error: outcome.error, status: decision?.status, retryAt: decision?.retryAt },
        outcome.succeeded ? "webhook delivered" : "webhook attempt failed",
      );
      if (!decision) return "gone";
      if (decision.retryAt) throw new RetryScheduled(decision.retryAt);
      return decision.status;
    } finally {
      await slots.release(delivery.subscriptionId, holder).catch(() => {});
    }
  };
}
