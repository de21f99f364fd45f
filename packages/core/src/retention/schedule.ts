import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { recordRetentionPurge } from "@svc/metrics/maintenance";
import { every, type PeriodicTask } from "@svc/runtime";
import { drainFileDeletions } from "../files/deletions.ts";
import type { FileStore } from "../files/store.ts";
import { sqlPool } from "../sql.ts";
import { withAdvisoryLock } from "../stores/advisoryLocks.ts";
import { createPartitionsAhead, dropExpiredAuditPartitions, dropExpiredPartitions } from "./partitions.ts";
import { type PurgeResult, purgeExpiredEmails } from "./purge.ts";

/**
 * Transaction-level advisory lock id for the retention run ("svc:retention" as a 32-bit constant).
 * Every API instance schedules the job; the lock lets exactly one of them run it at a time.
 */
export const RETENTION_LOCK_ID = 0x7376_6372; // "svcr"

/** The same for partition upkeep (creating the months ahead), which runs whether or not retention does. */
export const PARTITION_UPKEEP_LOCK_ID = 0x7376_6370; // "svcp"

/** Bounds on one retention run's work in the file store. */
export interface FileRetentionBudget {
  /** Keys the object store's leftover sweep lists per run (it goes on from there next run). */
  sweepKeys: number;
  /** Entries of `file_deletions` (files of deleted rows) deleted per run; the rest wait for the next. */
  deletions: number;
}

export const DEFAULT_FILE_RETENTION_BUDGET: FileRetentionBudget = { sweepKeys: 10_000, deletions: 10_000 };

export interface RetentionOptions {
  files?: FileStore;
  budget?: FileRetentionBudget;
}

export type RetentionRun = { ran: true; result: PurgeResult; droppedMonths: string[]; fileDeletionsDone: number } | { ran: false };

/**
 * Drops whole expired months (partitions), then runs `purgeExpiredEmails` (the rest, row by row),
 * then deletes the files of the rows both removed, unless another instance is running them right
 * now. Creating months is partition upkeep's (schedulePartitionUpkeep), not retention's.
 */
export async function runRetentionOnce(db: DbHandle, now: Date = new Date(), options: RetentionOptions = {}): Promise<RetentionRun> {
  const budget = options.budget ?? DEFAULT_FILE_RETENTION_BUDGET;
  const files = options.files;
  const run = await withAdvisoryLock(sqlPool(db), RETENTION_LOCK_ID, async () => {
    const droppedMonths = await dropExpiredPartitions(sqlPool(db), now, { recordObjectFiles: files?.kind === "s3" });
    await dropExpiredAuditPartitions(sqlPool(db), now);
    const result = await purgeExpiredEmails(db.prisma, now, { ...(files ? { files } : {}), sweepBudget: budget.sweepKeys });
    const fileDeletionsDone = files ? await drainFileDeletions(db, files, budget.deletions) : 0;
    return { droppedMonths, result, fileDeletionsDone };
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
  options: RetentionOptions & { intervalMs: number; firstRunMs?: number },
): PeriodicTask {
  const run = async () => {
    const outcome = await runRetentionOnce(db, new Date(), options);
    if (outcome.ran) {
      recordRetentionPurge("emails", outcome.result.emailsDeleted);
      recordRetentionPurge("idempotency_keys", outcome.result.idempotencyKeysDeleted);
      recordRetentionPurge("unmatched_notifications", outcome.result.unmatchedNotificationsDeleted);
      recordRetentionPurge("email_bodies", outcome.result.emailBodiesCleared);
      recordRetentionPurge("inbound_bodies", outcome.result.inboundBodiesCleared);
      log.info(
        { ...outcome.result, monthsDropped: outcome.droppedMonths, fileDeletionsDone: outcome.fileDeletionsDone },
        "retention run finished",
      );
    } else log.debug("retention run skipped: another instance holds the lock");
  };
  return every("retention run", options.intervalMs, run, log, { firstRunMs: options.firstRunMs ?? Math.min(options.intervalMs, 60_000) });
}

/** Creates this month's and the next months' partitions unless another instance is doing it right now; answers how many it created. */
export async function upkeepPartitionsOnce(db: DbHandle, now: Date = new Date()): Promise<number | null> {
  const run = await withAdvisoryLock(sqlPool(db), PARTITION_UPKEEP_LOCK_ID, () => createPartitionsAhead(sqlPool(db), now));
  return run.locked ? run.value : null;
}

/**
 * Partition upkeep every `intervalMs`, first at start: new rows always find their month's
 * partition, with retention on or off (rows of a month without one land in the DEFAULT
 * partition, which every later month's creation then has to read).
 */
export function schedulePartitionUpkeep(db: DbHandle, log: Logger, options: { intervalMs: number; firstRunMs?: number }): PeriodicTask {
  const run = async () => {
    const created = await upkeepPartitionsOnce(db);
    if (created) log.info({ partitionsCreated: created }, "partitions created ahead");
  };
  return every("partition upkeep", options.intervalMs, run, log, { firstRunMs: options.firstRunMs ?? 0 });
}
