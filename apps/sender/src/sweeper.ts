import { emailsAwaitingClaim } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { recordRecovered } from "@svc/metrics/maintenance";
import { isFinishedJobState, type SendQueue } from "@svc/queues";
import { every, type PeriodicTask } from "@svc/runtime";

export interface SweeperOptions {
  intervalMs: number;
  /** A `queued` email younger than this is left to the producer that is about to enqueue it. */
  minAgeMs: number;
  claimLeaseMs: number;
  batchSize: number;
}

interface Candidate {
  id: string;
  createdAt: Date;
  workspaceId: string;
  /** The batch job its row names, if any (its own job, a retry's, is looked for as well). */
  sendJobId: string | null;
}

/**
 * Postgres is the record and Redis only transport: when Redis loses jobs (a restart without
 * persistence, a flush), emails still `queued`, or `sending` past their claim lease, have no job
 * left to move them. The sweeper finds those rows and enqueues them again with job id = email
 * id, so a job that still exists, or one another sender's sweeper adds at the same moment, is
 * never duplicated; and the claim in the worker makes a stray extra job harmless anyway.
 */
export class Sweeper {
  private schedule: PeriodicTask | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly db: DbHandle,
    private readonly sendQueue: SendQueue,
    private readonly options: SweeperOptions,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule ??= every("sweep", this.options.intervalMs, () => this.sweepAndReport(), this.log);
  }

  /** Waits for a sweep in progress, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.schedule?.stop();
    this.schedule = null;
    await this.running?.catch(() => 0);
  }

  /** One full pass; returns how many emails it enqueued. Concurrent calls share one pass. */
  sweepOnce(): Promise<number> {
    this.running ??= this.sweep()
      .then((enqueued) => {
        recordRecovered("send", enqueued);
        return enqueued;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async sweepAndReport(): Promise<void> {
    const enqueued = await this.sweepOnce();
    if (enqueued > 0) this.log.info({ enqueued }, "sweeper re-enqueued emails without a job");
  }

  private async sweep(): Promise<number> {
    let enqueued = 0;
    let after: Pick<Candidate, "id" | "createdAt"> = { id: "", createdAt: new Date(0) };
    for (;;) {
      const batch = await this.candidates(after);
      if (batch.length === 0) return enqueued;
      enqueued += await this.enqueueMissing(batch);
      after = batch[batch.length - 1]!;
      if (batch.length < this.options.batchSize || this.stopped) return enqueued;
    }
  }

  /** Emails that should have a job, in (createdAt, id) order for keyset paging. */
  private candidates(after: Pick<Candidate, "id" | "createdAt">): Promise<Candidate[]> {
    const { minAgeMs, claimLeaseMs, batchSize } = this.options;
    return emailsAwaitingClaim(this.db, { after, minAgeMs, claimLeaseMs, limit: batchSize });
  }

  private async enqueueMissing(candidates: Candidate[]): Promise<number> {
    const missing = (
      await Promise.all(candidates.map(async (candidate) => ((await this.hasLiveJob(candidate)) ? null : candidate)))
    ).filter((candidate): candidate is Candidate => candidate !== null);
    // With their workspace's fair priority: after a Redis flush, one workspace's backlog must
    // not go ahead of everyone else's mail.
    await this.sendQueue.enqueueGrouped(missing.map((candidate) => ({ workspaceId: candidate.workspaceId, emailId: candidate.id })));
    return missing.length;
  }

  /** Whether a job that carries this email, its own or its batch's, exists and may still run. */
  private async hasLiveJob(candidate: Candidate): Promise<boolean> {
    if (await this.jobIsLive(candidate.id)) return true;
    return candidate.sendJobId !== null && (await this.jobIsLive(candidate.sendJobId));
  }

  /** Whether the job exists and may still run; a finished one is removed. */
  private async jobIsLive(jobId: string): Promise<boolean> {
    const job = await this.sendQueue.producer.queueOf(jobId).getJob(jobId);
    if (!job) return false;
    const state = await job.getState();
    if (!isFinishedJobState(state)) return true;
    await job.remove().catch(() => {});
    return false;
  }
}
