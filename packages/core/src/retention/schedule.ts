import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { every, type PeriodicTask } from "@svc/runtime";
import { purgeExpiredEmails, type PurgeResult } from "./purge.ts";
import { sqlPool } from "../sql.ts";

/**
 * Session-level advisory lock id for the retention run ("svc:retention" as a 32-bit constant).
 * Every API instance schedules the job; the lock lets exactly one of them run it at a time.
 */
export const RETENTION_LOCK_ID = 0x7376_6372; // "svcr"

export type RetentionRun = { ran: true; result: PurgeResult } | { ran: false };

/**
 * Runs `purgeExpiredEmails` if no other instance is running it right now. The lock is held on
 * one dedicated connection for the duration, and Postgres releases it by itself if this process
 * dies mid-run, so a crash never leaves retention stuck.
 */
export async function runRetentionOnce(handle: DbHandle, now: Date = new Date()): Promise<RetentionRun> {
  const client = await sqlPool(handle).connect();
  let broken: Error | undefined;
  try {
    const locked = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [RETENTION_LOCK_ID]);
    if (!locked.rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, result: await purgeExpiredEmails(handle.prisma, now) };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [RETENTION_LOCK_ID]).catch((error: Error) => {
        broken = error; // dropping the connection releases the lock
      });
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Runs retention every `intervalMs` (first run after `firstRunMs`, at most a minute by default),
 * one run at a time; `stop` waits for a run in progress.
 */
export function scheduleRetention(handle: DbHandle, log: Logger, options: { intervalMs: number; firstRunMs?: number }): PeriodicTask {
  const run = async () => {
    const outcome = await runRetentionOnce(handle);
    if (outcome.ran) log.info(outcome.result, "retention run finished");
    else log.debug("retention run skipped: another instance holds the lock");
  };
  return every("retention run", options.intervalMs, run, log, { firstRunMs: options.firstRunMs ?? Math.min(options.intervalMs, 60_000) });
}
