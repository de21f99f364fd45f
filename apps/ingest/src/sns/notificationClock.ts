import { noteSesNotificationsArrived } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";

/**
 * Notes when notifications last arrived from each topic (`svc ses status` shows it), cheaply: at
 * most one write per topic per interval per process, off the request's path. A notification
 * between two writes is covered by the next one; "last notification" needs no finer grain.
 */
export class NotificationClock {
  private readonly lastWritten = new Map<string, number>();

  constructor(
    private readonly db: DbHandle,
    private readonly log: Logger,
    private readonly intervalMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  heard(topicArn: string): void {
    const now = this.now();
    if (now - (this.lastWritten.get(topicArn) ?? Number.NEGATIVE_INFINITY) < this.intervalMs) return;
    // A topic not recorded by setup (SNS_TOPIC_ARNS, the simulator) updates no row; bounding the
    // map keeps a stream of distinct topics from growing it.
    if (this.lastWritten.size >= 1000) this.lastWritten.clear();
    this.lastWritten.set(topicArn, now);
    noteSesNotificationsArrived(this.db, [topicArn], new Date(now)).catch((error: unknown) => {
      this.lastWritten.delete(topicArn);
      this.log.warn({ err: error, topicArn }, "could not note the time of the last notification");
    });
  }
}
