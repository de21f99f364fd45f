import { type HandoffOutcome, type HandoffPorts, handOff } from "@svc/core";
import type { Logger } from "@svc/logger";
import { countWorkerJobs } from "@svc/metrics";
import { recordHandoff } from "@svc/metrics/sender";
import { createShardWorkers, QUEUES, type QueueLayout, recordRetry } from "@svc/queues";
import { DelayedError, type Job, UnrecoverableError, type Worker } from "bullmq";
import type { Redis } from "ioredis";

export interface SendWorkerOptions {
  connection: Redis;
  layout: QueueLayout;
  /** For the whole process, divided among the shards' workers. */
  concurrency: number;
}

/**
 * The BullMQ workers on the send queue, one per shard the process consumes. The job id is the email id; the job carries nothing else.
 *
 * The send rate is not BullMQ's limiter (which counts jobs): the handoff takes its turn at the
 * shared rate once it knows the email's recipients (the gate in HandoffPorts), so every sender
 * process together keeps to the account's recipients per second.
 */
export function createSendWorkers(deps: HandoffPorts, options: SendWorkerOptions, log: Logger): Worker[] {
  const workers = createShardWorkers("sendEmail", options.layout, (job, token) => processSendJob(deps, job, token, log), {
    connection: options.connection,
    concurrency: options.concurrency,
    autorun: false,
  });
  for (const worker of workers) {
    worker.on("error", (error) => log.error({ err: error }, "send worker error"));
    countWorkerJobs(worker);
    worker.on("failed", (job, error) => {
      if (!(error instanceof UnrecoverableError)) log.warn({ emailId: job?.id, err: error }, "send job failed");
    });
  }
  return workers;
}

async function processSendJob(deps: HandoffPorts, job: Job, token: string | undefined, log: Logger): Promise<void> {
  const { emailId } = QUEUES.sendEmail.payload.parse(job.data);
  const jobLog = log.child({ emailId, jobId: job.id });
  const outcome = await handOff(deps, emailId, jobLog);
  recordOutcome(deps.provider.name, outcome);
  switch (outcome.kind) {
    case "skipped":
    case "sent":
      return;
    case "retry":
      // BullMQ keeps the job, delayed until retryAt; the email waits as `queued`. Why it waits
      // is kept on the job, so that GET /emails/{id} can say so.
      await recordRetry(job, { lastError: outcome.error.message, retryAt: outcome.retryAt }).catch(() => {});
      await job.moveToDelayed(outcome.retryAt, token);
      throw new DelayedError();
    case "held":
      await recordRetry(job, { lastError: outcome.reason, retryAt: outcome.retryAt, held: "tenant_paused" }).catch(() => {});
      await job.moveToDelayed(outcome.retryAt, token);
      throw new DelayedError();
    case "deferred":
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

function recordOutcome(provider: string, outcome: HandoffOutcome): void {
  switch (outcome.kind) {
    case "sent":
      return recordHandoff(provider, "accepted");
    case "retry":
      return recordHandoff(provider, "transient", outcome.error.code);
    case "rejected":
      return recordHandoff(provider, "permanent", outcome.error.code);
    default:
      return recordHandoff(provider, outcome.kind);
  }
}
