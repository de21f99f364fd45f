import { idLowerBoundAt, type TimeIdKind } from "@svc/db";
import type { Pool } from "pg";
import { SCHEDULE_LIMITS } from "../emails/scheduledAt.ts";
import { PLANS } from "../plans.ts";
import {
  createMonthPartitions,
  dropAuditLogPartitions,
  dropMonthPartitions,
  isLockTimeout,
  listMonthPartitions,
  type MonthPartition,
} from "../stores/partitions.ts";

/**
 * The partition keeper. `emails`, `email_events`, `webhook_deliveries`, `webhook_attempts` and
 * `inbound_emails` are range-partitioned by id, one partition per UTC month (plus a DEFAULT one
 * for ids that carry no time: rows from before partitioning). An id carries the time of the email
 * or inbound record it belongs to (@svc/db `newTimeId`, `newIdBeside`, `derivedId`), so everything
 * of one email sits in the same month and goes with it, however late an event arrives.
 *
 * Months rather than weeks: a statement that cannot be pruned to one partition (a look-up by a
 * column other than the id, a join planned before the ids are known) pays for every partition in
 * its planning and locking, and retention keeps four months and more; a month drops as cheaply as
 * a week, later.
 *
 * The service's own keeper rather than pg_partman: no extension to install (managed PostgreSQL
 * often lacks it), and whether a month may go depends on our own rule (only finished emails go,
 * counted from their last activity), which a generic retention cannot know.
 *
 * Creating months runs on its own schedule whether or not retention runs (retention off deletes
 * nothing, but new rows still need their months); dropping runs with retention, under its
 * advisory lock. Both run after migrations (infra/scripts/database.ts).
 * The batch purge (purge.ts) still applies each plan's retention inside the months kept, and
 * empties the DEFAULT partition over time.
 */

export const PARTITIONED_TABLES: ReadonlyArray<{ table: string; kind: TimeIdKind }> = [
  { table: "emails", kind: "email" },
  { table: "email_events", kind: "event" },
  { table: "webhook_deliveries", kind: "delivery" },
  { table: "webhook_attempts", kind: "attempt" },
  { table: "inbound_emails", kind: "inbound" },
];

/** The audit log is partitioned the same way, kept longer, and dropped on its own rule (dropExpiredAuditPartitions). */
export const AUDIT_LOG_PARTITIONED = { table: "audit_log", kind: "audit" } as const;

/** How long audit entries are kept: a month goes once this long has passed since its end. */
export const AUDIT_RETENTION_DAYS = 400;

/** Months created ahead of the current one. */
export const MONTHS_AHEAD = 2;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest retention of any plan, in days: what a month's partitions must outlive. */
function longestRetentionDays(): number {
  return Math.max(...Object.values(PLANS).map((plan) => plan.retentionDays));
}

/**
 * How long after a month has ended its partitions may be dropped: every plan's retention must
 * have passed, and an email of that month may have been scheduled this far ahead.
 */
export function dropAfterMs(): number {
  return (longestRetentionDays() + SCHEDULE_LIMITS.maxAheadDays) * DAY_MS;
}

/**
 * Months created ahead when migrations run (infra/scripts/database.ts): creating a partition makes
 * PostgreSQL read the whole DEFAULT partition under the table's lock, and after an upgrade that
 * partition holds every older row until retention has deleted them (dropAfterMs). Creating the
 * months up to then at upgrade time does that reading in the upgrade's window rather than under
 * live traffic.
 */
export function monthsAheadAtMigration(): number {
  return Math.ceil(dropAfterMs() / (28 * DAY_MS));
}

/** 00:00 UTC on the first day of the month of `at`. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The start of the month `count` months after the one starting at `start`. */
export function monthsAfter(start: Date, count: number): Date {
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + count, 1));
}

/** `YYYYMM` of a month, as partition names carry it. */
export function monthName(start: Date): string {
  return start.toISOString().slice(0, 7).replace("-", "");
}

function monthOfName(month: string): Date {
  return new Date(`${month.slice(0, 4)}-${month.slice(4, 6)}-01T00:00:00Z`);
}

/** Tries a step of the keeper a few times when its lock wait runs out; null if it never got the locks (the next run tries again). */
async function withLockRetries<T>(step: () => Promise<T>): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
      if (attempt === 5) return null;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Creates the partitions of the month starting at `start` for every table (idempotent); answers how many it created. */
export async function createMonth(pool: Pool, start: Date): Promise<number> {
  let created = 0;
  const end = monthsAfter(start, 1);
  for (const { table, kind } of [...PARTITIONED_TABLES, AUDIT_LOG_PARTITIONED]) {
    created +=
      (await withLockRetries(() =>
        createMonthPartitions(pool, table, monthName(start), idLowerBoundAt(kind, start), idLowerBoundAt(kind, end)),
      )) ?? 0;
  }
  return created;
}

/** Creates the partitions of the current month and the next `monthsAhead` for every table (idempotent); answers how many it created. */
export async function createPartitionsAhead(pool: Pool, now: Date = new Date(), monthsAhead = MONTHS_AHEAD): Promise<number> {
  let created = 0;
  for (let m = 0; m <= monthsAhead; m++) created += await createMonth(pool, monthsAfter(monthStart(now), m));
  return created;
}

/**
 * Drops the partitions of every month that ended more than `dropAfterMs()` ago and holds nothing
 * still kept: no email unfinished or active within the longest plan retention, no inbound record
 * received within it, no webhook delivery still pending. Answers the months dropped (`YYYYMM`).
 * A month kept is left to the batch purge, which deletes shorter plans' rows in it meanwhile, so
 * that it can go on a later run. `recordObjectFiles`: files live in an object store, and the
 * month's are recorded in `file_deletions` in the drop's transaction.
 */
export async function dropExpiredPartitions(
  pool: Pool,
  now: Date = new Date(),
  options: { recordObjectFiles?: boolean } = {},
): Promise<string[]> {
  const partitions = await listMonthPartitions(
    pool,
    PARTITIONED_TABLES.map((t) => t.table),
  );
  const months = new Map<string, MonthPartition[]>();
  for (const partition of partitions) months.set(partition.month, [...(months.get(partition.month) ?? []), partition]);
  const activeSince = new Date(now.getTime() - longestRetentionDays() * DAY_MS);
  const dropped: string[] = [];
  for (const [month, ofMonth] of [...months].sort(([a], [b]) => a.localeCompare(b))) {
    const end = monthsAfter(monthOfName(month), 1);
    if (end.getTime() + dropAfterMs() > now.getTime()) continue;
    if (await dropMonthPartitions(pool, { partitions: ofMonth, activeSince, recordObjectFiles: options.recordObjectFiles ?? false }))
      dropped.push(month);
  }
  return dropped;
}

/**
 * Drops the audit log's months that ended more than AUDIT_RETENTION_DAYS ago; answers them
 * (`YYYYMM`). Nothing else ever removes an audit entry.
 */
export async function dropExpiredAuditPartitions(pool: Pool, now: Date = new Date()): Promise<string[]> {
  const partitions = await listMonthPartitions(pool, [AUDIT_LOG_PARTITIONED.table]);
  const expired = partitions.filter((p) => monthsAfter(monthOfName(p.month), 1).getTime() + AUDIT_RETENTION_DAYS * DAY_MS <= now.getTime());
  const dropped = await withLockRetries(() => dropAuditLogPartitions(pool, expired));
  return dropped === null ? [] : [...new Set(expired.map((p) => p.month))];
}
