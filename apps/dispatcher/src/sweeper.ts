import { dueWebhookDeliveries } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { recordRecovered } from "@svc/metrics/maintenance";
import { isFinishedJobState, type Producer } from "@svc/queues";
import { every, type PeriodicTask } from "@svc/runtime";
import type { Redis } from "ioredis";

export interface SweeperOptions {
  db: DbHandle;
  producer: Producer<"webhookDelivery">;
  /** For the lock that lets one dispatcher process sweep per interval. */
  redis: Redis;
  prefix: string;
  intervalMs: number;
  log: Logger;
  /** Due deliveries read per page; a pass reads page after page until it has seen them all. */
  batchSize?: number;
}

/**
 * Recovery (design principle 1: Redis is transport). Every interval, pending deliveries that
 * are due (of active subscriptions) but have no live job, because Redis lost it (a flush, a
 * restart without persistence) or a producer could not enqueue, get their job back, with the
 * delivery id as job id, so a job that does exist is never duplicated. A delivery mid-attempt
 * is not due (its claim pushed nextAttemptAt out), so it is left alone. A fresh delivery still
 * waiting in a job it shares with its fan-out (`newDeliveryJobs`) has no job under its own id: a
 * sweep during a backlog gives it one, and whichever job comes first claims it; the other finds
 * it done.
 *
 * A pass pages through every due delivery (keyset, longest due first), not only the first page:
 * during a backlog the oldest due ones all have live jobs, and a lost one behind them must still
 * be found.
 */
export class DeliverySweeper {
  private schedule: PeriodicTask | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  private readonly lockKey: string;

  constructor(private readonly options: SweeperOptions) {
    this.lockKey = `${options.prefix}:webhook-sweeper-lock`;
  }

  /** Sweeps now, then every interval. */
  start(): void {
    this.stopped = false;
    this.schedule ??= every("webhook sweep", this.options.intervalMs, () => this.sweepOnce(), this.options.log, { firstRunMs: 0 });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.schedule?.stop();
    this.schedule = null;
    await this.running?.catch(() => {});
  }

  /** One pass; returns how many deliveries were re-enqueued. Passes never overlap. */
  sweepOnce(): Promise<number> {
    this.running ??= this.sweep().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweep(): Promise<number> {
    const { db, redis, intervalMs, log } = this.options;
    // Several dispatcher processes: one sweeps per interval, the others skip.
    const locked = await redis.set(this.lockKey, String(process.pid), "PX", Math.max(50, Math.floor(intervalMs * 0.9)), "NX");
    if (locked !== "OK") return 0;

    const limit = this.options.batchSize ?? 500;
    const now = new Date();
    let requeued = 0;
    // The last delivery of the page before: where the next page starts.
    let after: { dueAt: Date | null; id: string } | null = null;
    for (;;) {
      const page = await dueWebhookDeliveries(db, { now, after, limit });
      const lost = await Promise.all(page.map(({ id }) => this.requeueIfLost(id)));
      requeued += lost.filter(Boolean).length;
      if (page.length < limit || this.stopped) break;
      after = page[page.length - 1]!;
    }
    recordRecovered("webhook", requeued);
    if (requeued > 0) log.info({ requeued }, "re-enqueued pending webhook deliveries whose job was gone");
    return requeued;
  }

  /** Gives the delivery its job back when it has none that may still run; true when it did. */
  private async requeueIfLost(id: string): Promise<boolean> {
    const { producer } = this.options;
    const queue = producer.queueOf(id);
    const state = await queue.getJobState(id);
    if (!isFinishedJobState(state)) return false;
    if (state !== "unknown") await queue.remove(id);
    await producer.enqueue(id, { deliveryId: id });
    return true;
  }
}
