import { dueWebhookDeliveryIds } from "@svc/core";
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
 */
export class DeliverySweeper {
  private schedule: PeriodicTask | null = null;
  private running: Promise<number> | null = null;
  private readonly lockKey: string;

  constructor(private readonly options: SweeperOptions) {
    this.lockKey = `${options.prefix}:webhook-sweeper-lock`;
  }

  /** Sweeps now, then every interval. */
  start(): void {
    this.schedule ??= every("webhook sweep", this.options.intervalMs, () => this.sweepOnce(), this.options.log, { firstRunMs: 0 });
  }

  async stop(): Promise<void> {
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
    const { db, producer, redis, intervalMs, log } = this.options;
    // Several dispatcher processes: one sweeps per interval, the others skip.
    const locked = await redis.set(this.lockKey, String(process.pid), "PX", Math.max(50, Math.floor(intervalMs * 0.9)), "NX");
    if (locked !== "OK") return 0;

    const due = await dueWebhookDeliveryIds(db.prisma, new Date(), this.options.batchSize ?? 500);
    let requeued = 0;
    for (const id of due) {
      const queue = producer.queueOf(id);
      const state = await queue.getJobState(id);
      if (!isFinishedJobState(state)) continue;
      if (state !== "unknown") await queue.remove(id);
      await producer.enqueue(id, { deliveryId: id });
      requeued += 1;
    }
    recordRecovered("webhook", requeued);
    if (requeued > 0) log.info({ requeued }, "re-enqueued pending webhook deliveries whose job was gone");
    return requeued;
  }
}
