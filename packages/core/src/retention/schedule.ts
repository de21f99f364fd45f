import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { recordRetentionPurge } from "@svc/metrics/maintenance";
import { every, type PeriodicTask } from "@svc/runtime";
import type { FileStore } from "../files/store.ts";
import { sqlPool } from "../sql.ts";
import { withAdvisoryLock } from "../stores/advisoryLocks.ts";
import { keepPartitions, type PartitionsKept } from "./partitions.ts";
import { type PurgeResult, purgeExpiredEmails } from "./purge.ts";

/**
 * Transaction-level advisory lock id for the retention run ("svc:retention" as a 32-bit constant).
 * Every API instance schedules the job; the lock lets exactly one of them run it at a time.
 */
export const RETENTION_LOCK_ID = 0x7376_6372; // "svcr"

export type RetentionRun = { ran: true; result: PurgeResult; partitions: PartitionsKept } | { ran: false };

/**
 * Runs the partition keeper (whole expired months go at once) and then `purgeExpiredEmails` (the
 * rest, row by row), unless another instance is running them right now.
 */
export async function runRetentionOnce(db: DbHandle, now: Date = new Date(), files?: FileStore): Promise<RetentionRun> {
  const run = await withAdvisoryLock(sqlPool(db), RETENTION_LOCK_ID, async () => {
    const partitions = await keepPartitions(sqlPool(db), now);
    const result = await purgeExpiredEmails(db.prisma, now, files ? { files } : {});
    return { partitions, result };
  });
  return run.locked ? { ran: true, ...run.value } : { ran: false };
}

/**
 * Runs retention every `intervalMs` (first run after `firstRunMs`, at most a minute by default),
 * one run at a time; `stop` waits for a run in progress.
 */
export function scheduleRetention(
  db: DbHandle,
  log: Logger,
  options: { intervalMs: number; firstRunMs?: number; files?: FileStore },
): PeriodicTask {
  const run = async () => {
    const outcome = await runRetentionOnce(db, new Date(), options.files);
    if (outcome.ran) {
      recordRetentionPurge("emails", outcome.result.emailsDeleted);
      recordRetentionPurge("idempotency_keys", outcome.result.idempotencyKeysDeleted);
      recordRetentionPurge("unmatched_notifications", outcome.result.unmatchedNotificationsDeleted);
      log.info(
        { ...outcome.result, partitionsCreated: outcome.partitions.created, monthsDropped: outcome.partitions.droppedMonths },
        "retention run finished",
      );
    } else log.debug("retention run skipped: another instance holds the lock");
  };
  return every("retention run", options.intervalMs, run, log, { firstRunMs: options.firstRunMs ?? Math.min(options.intervalMs, 60_000) });
}
