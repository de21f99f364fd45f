import { randomUUID } from "node:crypto";
import type { AttemptOutcome, AttemptRecordResult, WebhookAttempt } from "@svc/core";
import type { Logger } from "@svc/logger";
import { recordDeliveryFailed } from "@svc/metrics/dispatcher";
import { type JobPayload, QUEUES } from "@svc/queues";
import { DelayedError, type Job } from "bullmq";

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
  /** The attempt itself, rules and all (`createWebhookAttempt` of @svc/core). */
  attempt: WebhookAttempt;
  log: Logger;
}

type DeliveryJob = Job<JobPayload<"webhookDelivery">>;

/** Puts the job back as delayed until `timestamp` without counting an attempt. */
async function deferUntil(job: DeliveryJob, token: string | undefined, timestamp: number): Promise<never> {
  await job.moveToDelayed(Math.ceil(timestamp), token);
  throw new DelayedError();
}

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

/**
 * One delivery job: at most one attempt, made by core's `WebhookAttempt`; this maps its result
 * to BullMQ (a deferral, a retry through the backoff, or done), metrics and the log.
 *
 * Returns a word for the job's result; throws RetryScheduled to have BullMQ run it again.
 */
export function createDeliveryProcessor(deps: ProcessorDeps) {
  const { attempt } = deps;

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

  return async function processDelivery(job: DeliveryJob, token?: string): Promise<string> {
    const { deliveryId, manual = false } = parsePayload(job.data);
    const holder = slotHolder(job, token);
    const result = manual ? await attempt.manual(deliveryId, holder) : await attempt.automatic(deliveryId, holder);
    switch (result.kind) {
      case "gone":
        return result.kind;
      case "subscription-disabled":
        recordDeliveryFailed();
        return result.kind;
      case "finished":
        return `already-${result.status}`;
      case "deferred":
        return deferUntil(job, token, result.until);
      case "attempted":
        logAttempt(job, manual, result.outcome, result.record);
        return finish(result.record);
    }
  };
}
