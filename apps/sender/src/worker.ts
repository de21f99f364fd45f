import { type HandoffOutcome, type HandoffPorts, handOff } from "@svc/core";
import type { Logger } from "@svc/logger";
import { countWorkerJobs } from "@svc/metrics";
import { recordAccountHold, recordHandoff } from "@svc/metrics/sender";
import {
  createShardWorkers,
  type JobPayload,
  type Producer,
  QUEUES,
  type QueueLayout,
  recordRetry,
  workerErrorListener,
} from "@svc/queues";
import { Permits } from "@svc/runtime";
import { DelayedError, type Job, UnrecoverableError, type Worker } from "bullmq";
import type { Redis } from "ioredis";

export interface SendWorkerOptions {
  connection: Redis;
  layout: QueueLayout;
  /** Handoffs in flight for the whole process, whichever jobs they came in. */
  concurrency: number;
  /** The send queue: where a batch's emails that must wait each continue in a job of their own. */
  sendQueue: Producer<"sendEmail">;
}

type SendJob = Job<JobPayload<"sendEmail">>;

/** A handoff that must wait until `retryAt`, and what GET /emails/{id} says of it meanwhile. */
type Waiting = Extract<HandoffOutcome, { kind: "retry" | "held" | "deferred" }>;

/**
 * The BullMQ workers on the send queue, one per shard the process consumes. A job carries one
 * email (job id = email id) or several a workspace sent together (the job id their rows name:
 * a batch's, or single sends the API wrote in one statement); its priority is its
 * workspace's fair one.
 *
 * The handoffs in flight are bounded by permits, not by the job count: a batch's job brings up to
 * a hundred. Waiters for a permit go by their job's priority, so a quiet workspace's email taken
 * while a busy one's batches wait still goes first.
 *
 * The send rate is not BullMQ's limiter (which counts jobs): the handoff takes its turn at the
 * shared rate once it knows the email's recipients (the gate in HandoffPorts), so every sender
 * process together keeps to the account's recipients per second.
 */
export function createSendWorkers(deps: HandoffPorts, options: SendWorkerOptions, log: Logger): Worker[] {
  const permits = new Permits(options.concurrency);
  const handOffInTurn = async (emailId: string, priority: number, jobLog: Logger): Promise<HandoffOutcome> => {
    const outcome = await permits.run(() => handOff(deps, emailId, jobLog), priority);
    recordOutcome(deps.provider.name, outcome);
    return outcome;
  };

  async function processOne(job: SendJob, token: string | undefined, emailId: string): Promise<void> {
    const outcome = await handOffInTurn(emailId, job.opts.priority ?? 0, log.child({ emailId, jobId: job.id }));
    switch (outcome.kind) {
      case "skipped":
      case "claim_lost":
      case "sent":
        return;
      case "retry":
      case "held":
      case "deferred":
        // BullMQ keeps the job, delayed until retryAt; the email waits as `queued`.
        await recordWaiting(options.sendQueue, emailId, outcome);
        await job.moveToDelayed(outcome.retryAt, token);
        throw new DelayedError();
      case "rejected":
        throw new UnrecoverableError(outcome.error.message);
      case "failed":
        throw new UnrecoverableError(outcome.reason);
      case "rendering_failed":
        throw new UnrecoverableError(`the template did not render: ${outcome.error}`);
      case "suppressed":
        throw new UnrecoverableError("every recipient is on the suppression list");
    }
  }

  /**
   * A batch's emails, side by side. Those that must wait continue in jobs of their own, under
   * their ids, as if each had come alone; the rows record every other outcome. An email whose
   * handoff failed for a reason of ours (the database down) stays queued: the sweeper enqueues it
   * again, as it does when a job of one email fails so.
   */
  async function processShared(job: SendJob, emailIds: readonly string[]): Promise<string> {
    const priority = job.opts.priority ?? 0;
    const outcomes = await Promise.all(
      emailIds.map((emailId) =>
        handOffInTurn(emailId, priority, log.child({ emailId, jobId: job.id })).catch((error: unknown) => {
          log.warn({ emailId, jobId: job.id, err: error }, "handoff failed; the sweeper enqueues the email again");
          return null;
        }),
      ),
    );
    const now = Date.now();
    const waiting = emailIds.flatMap((emailId, index) => {
      const outcome = outcomes[index];
      return outcome?.kind === "retry" || outcome?.kind === "held" || outcome?.kind === "deferred" ? [{ emailId, outcome }] : [];
    });
    // Should Redis refuse them, this job fails: the sweeper finds the emails still queued.
    if (waiting.length > 0) {
      await options.sendQueue.enqueueMany(
        waiting.map(({ emailId, outcome }) => ({
          jobId: emailId,
          payload: { emailId },
          options: { delay: Math.max(0, Math.ceil(outcome.retryAt - now)), priority },
        })),
      );
      await Promise.all(waiting.map(({ emailId, outcome }) => recordWaiting(options.sendQueue, emailId, outcome)));
    }
    const failed = outcomes.filter((outcome) => outcome === null).length;
    if (failed > 0) throw new Error(`${failed} of ${emailIds.length} handoffs failed; the sweeper enqueues those emails again`);
    return `${emailIds.length - waiting.length} done, ${waiting.length} later`;
  }

  const workers = createShardWorkers(
    "sendEmail",
    options.layout,
    async (job, token) => {
      const payload = QUEUES.sendEmail.payload.parse(job.data);
      if ("emailIds" in payload) return processShared(job, payload.emailIds);
      await processOne(job, token, payload.emailId);
      return undefined;
    },
    { connection: options.connection, concurrency: options.concurrency, autorun: false },
  );
  // One listener for all of the process's shard workers: one warning per outage, not one per shard.
  const onWorkerError = workerErrorListener(log, "send worker");
  for (const worker of workers) {
    worker.on("error", onWorkerError);
    countWorkerJobs(worker);
    worker.on("failed", (job, error) => {
      if (!(error instanceof UnrecoverableError)) log.warn({ jobId: job?.id, err: error }, "send job failed");
    });
  }
  return workers;
}

/** Why an email waits, kept on its job for GET /emails/{id}: every wait says why, and until when. */
async function recordWaiting(sendQueue: Producer<"sendEmail">, emailId: string, outcome: Waiting): Promise<void> {
  const retry =
    outcome.kind === "retry"
      ? { lastError: outcome.error.message, retryAt: outcome.retryAt }
      : { lastError: outcome.reason, retryAt: outcome.retryAt, held: outcome.hold };
  await recordRetry(sendQueue, emailId, retry).catch(() => {});
}

function recordOutcome(provider: string, outcome: HandoffOutcome): void {
  switch (outcome.kind) {
    case "sent":
      return recordHandoff(provider, "accepted");
    case "retry":
      return recordHandoff(provider, "transient", outcome.error.code);
    case "rejected":
      return recordHandoff(provider, "permanent", outcome.error.code);
    case "held":
      if (outcome.hold === "tenant_paused") return recordHandoff(provider, "held");
      recordAccountHold(outcome.hold);
      return recordHandoff(provider, "account_held");
    default:
      return recordHandoff(provider, outcome.kind);
  }
}
