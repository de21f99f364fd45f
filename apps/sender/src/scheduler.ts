import { sqlPool } from "@svc/core";
import { queueDueScheduledEmails } from "@svc/core/stores";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { SendQueue } from "@svc/queues";
import { every, type PeriodicTask } from "@svc/runtime";

export interface SchedulerOptions {
  /** How often Postgres is asked for due emails: the precision of a scheduled send. */
  intervalMs: number;
  /** Emails moved per statement; a pass repeats until fewer are due. */
  batchSize: number;
}

/**
 * Sends scheduled emails at their time. A scheduled email exists only as its row: nothing about
 * it is in Redis until it falls due, so losing Redis or restarting every process loses no
 * schedule. Each pass moves the due rows to `queued` (one conditional UPDATE, so a cancel either
 * wins or finds the email already queued, and several senders never move one email twice), then
 * enqueues their send jobs (job id = email id). If that enqueue is lost, the emails are `queued`
 * rows without a job, which is what the sweeper recovers.
 */
export class Scheduler {
  private schedule: PeriodicTask | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: DbHandle,
    private readonly sendQueue: SendQueue,
    private readonly options: SchedulerOptions,
    private readonly log: Logger,
  ) {}

  start(): void {
    // The first pass at once: emails that fell due while no sender ran go out on start.
    this.schedule ??= every("scheduler", this.options.intervalMs, () => this.queueDueAndReport(), this.log, { firstRunMs: 0 });
  }

  /** Waits for a pass in progress, then stops. */
  async stop(): Promise<void> {
    await this.schedule?.stop();
    this.schedule = null;
    await this.running?.catch(() => 0);
  }

  /** One pass now; returns how many emails it queued. Concurrent calls share one pass. */
  queueDueOnce(): Promise<number> {
    this.running ??= this.queueDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async queueDueAndReport(): Promise<void> {
    const queued = await this.queueDueOnce();
    if (queued > 0) this.log.info({ queued }, "scheduled emails fell due and were queued");
  }

  private async queueDue(): Promise<number> {
    let queued = 0;
    for (;;) {
      const due = await queueDueScheduledEmails(sqlPool(this.db), this.options.batchSize);
      if (due.length === 0) return queued;
      queued += due.length;
      try {
        await this.sendQueue.enqueueGrouped(due.map((email) => ({ workspaceId: email.workspaceId, emailId: email.id })));
      } catch (error) {
        this.log.warn({ err: error, emails: due.length }, "could not enqueue due scheduled emails; left to the sweeper");
        return queued;
      }
      if (due.length < this.options.batchSize) return queued;
    }
  }
}
