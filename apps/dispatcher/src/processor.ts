import { randomUUID } from "node:crypto";
import type { AttemptOutcome, AttemptRecordResult, WebhookAttempt } from "@svc/core";
import type { Logger } from "@svc/logger";
import { recordDeliveryFailed } from "@svc/metrics/dispatcher";
import { type JobPayload, type Producer, QUEUES } from "@svc/queues";
import type { Permits } from "@svc/runtime";
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
  /** Bounds this process's attempts in flight, whichever jobs they came in. */
  permits: Permits;
  /** Where a shared job's deliveries that need another look later each get a job of their own. */
  followUps: Pick<Producer<"webhookDelivery">, "enqueueMany">;
  /** When a delivery's turn failed for a reason other than its attempt (database down…), how soon it is looked at again. */
  infrastructureRetryMs: number;
  log: Logger;
}

type DeliveryJob = Job<JobPayload<"webhookDelivery">>;

/** What one delivery's turn came to: done (a word for it), or to be looked at again at a time. */
type Turn = { kind: "done"; word: string } | { kind: "deferred"; until: number } | { kind: "retry"; at: Date };

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
 * One webhook job: a delivery's turn (at most one attempt, made by core's `WebhookAttempt`), or
 * the turns of a fan-out's fresh deliveries, side by side. This maps each result to BullMQ (a
 * deferral, a retry through the backoff, or done), metrics and the log.
 *
 * A job of one delivery returns a word for its result, or throws RetryScheduled to have BullMQ
 * run it again. A shared job ends when each of its deliveries has had its turn; those to be looked
 * at again (deferred, retried, or not reached because the database or Redis failed) continue in
 * jobs of their own, under their ids, as if each had come alone.
 */
export function createDeliveryProcessor(deps: ProcessorDeps) {
  const { attempt, permits } = deps;

  function logAttempt(
    deliveryId: string,
    jobId: string | undefined,
    manual: boolean,
    outcome: AttemptOutcome,
    result: AttemptRecordResult,
  ): void {
    // Successes at debug: an info line per delivery costs a measurable share of the CPU, and the
    // attempt row already records it. Failures at info: they are what an operator looks for.
    const level = outcome.succeeded ? "debug" : "info";
    if (!deps.log.isLevelEnabled(level)) return;
    deps.log[level](
      {
        deliveryId,
        jobId,
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

  async function turn(job: DeliveryJob, deliveryId: string, manual: boolean, holder: string): Promise<Turn> {
    const result = await permits.run(() => (manual ? attempt.manual(deliveryId, holder) : attempt.automatic(deliveryId, holder)));
    switch (result.kind) {
      case "gone":
        return { kind: "done", word: result.kind };
      case "subscription-disabled":
        recordDeliveryFailed();
        return { kind: "done", word: result.kind };
      case "finished":
        return { kind: "done", word: `already-${result.status}` };
      case "deferred":
        return result;
      case "attempted": {
        logAttempt(deliveryId, job.id, manual, result.outcome, result.record);
        const record = result.record;
        if (record.kind !== "recorded") return { kind: "done", word: record.kind };
        if (record.decision.status === "failed") recordDeliveryFailed();
        if (record.decision.retryAt) return { kind: "retry", at: record.decision.retryAt };
        return { kind: "done", word: record.decision.status };
      }
    }
  }

  async function processOne(job: DeliveryJob, token: string | undefined, deliveryId: string, manual: boolean): Promise<string> {
    const result = await turn(job, deliveryId, manual, slotHolder(job, token));
    switch (result.kind) {
      case "done":
        return result.word;
      case "deferred":
        return deferUntil(job, token, result.until);
      case "retry":
        throw new RetryScheduled(result.at);
    }
  }

  async function processShared(job: DeliveryJob, token: string | undefined, deliveryIds: readonly string[]): Promise<string> {
    const holder = slotHolder(job, token);
    const turns = await Promise.all(
      deliveryIds.map((deliveryId, index) =>
        turn(job, deliveryId, false, `${holder}:${index}`).catch((error: unknown): Turn => {
          deps.log.warn({ deliveryId, jobId: job.id, err: error }, "webhook delivery's turn failed; it will be looked at again");
          return { kind: "deferred", until: Date.now() + deps.infrastructureRetryMs };
        }),
      ),
    );
    const now = Date.now();
    const later = deliveryIds.flatMap((deliveryId, index) => {
      const result = turns[index]!;
      if (result.kind === "done") return [];
      const at = result.kind === "deferred" ? result.until : result.at.getTime();
      return [{ jobId: deliveryId, payload: { deliveryId }, options: { delay: Math.max(0, Math.ceil(at - now)) } }];
    });
    // Should Redis refuse them, this job fails and runs again: the rows say what is still due.
    if (later.length > 0) await deps.followUps.enqueueMany(later);
    return `${deliveryIds.length - later.length} done, ${later.length} later`;
  }

  return function processDelivery(job: DeliveryJob, token?: string): Promise<string> {
    const payload = parsePayload(job.data);
    return "deliveryIds" in payload
      ? processShared(job, token, payload.deliveryIds)
      : processOne(job, token, payload.deliveryId, payload.manual ?? false);
  };
}
