import { idLowerBoundAt, type TimeIdKind } from "@svc/db";
import type { Pool } from "pg";
import { SCHEDULE_LIMITS } from "../emails/scheduledAt.ts";
import { PLANS } from "../plans.ts";
import { createWeekPartitions, dropWeekPartitions, isLockTimeout, listWeekPartitions, type WeekPartition } from "../stores/partitions.ts";

/**
 * The partition keeper. `emails`, `email_events`, `webhook_deliveries`, `webhook_attempts` and
 * `inbound_emails` are range-partitioned by id, one partition per UTC week (plus a DEFAULT one for
 * ids that carry no time: rows from before partitioning). An id carries the time of the email or
 * inbound record it belongs to (@svc/db `newTimeId`, `newIdBeside`, `derivedId`), so everything
 * of one email sits in the same week and goes with it, however late an event arrives.
 *
 * The service's own keeper rather than pg_partman: no extension to install (managed PostgreSQL
 * often lacks it), and whether a week may go depends on our own rule (issue 23: only finished
 * emails go, counted from their last activity), which a generic retention cannot know.
 *
 * Runs with retention, under its advisory lock, and after migrations (infra/scripts/database.ts).
 * The batch purge (purge.ts) still applies each plan's retention inside the weeks kept, and
 * empties the DEFAULT partition over time.
 */

export const PARTITIONED_TABLES: ReadonlyArray<{ table: string; kind: TimeIdKind }> = [
  { table: "emails", kind: "email" },
  { table: "email_events", kind: "event" },
  { table: "webhook_deliveries", kind: "delivery" },
  { table: "webhook_attempts", kind: "attempt" },
  { table: "inbound_emails", kind: "inbound" },
];

/** Weeks created ahead of the current one. */
export const WEEKS_AHEAD = 4;

/**
 * Weeks created ahead when migrations run (infra/scripts/database.ts): creating a partition makes
 * PostgreSQL read the whole DEFAULT partition under the table's lock, and after an upgrade that
 * partition holds every older row until retention has deleted them (the longest retention plus the
 * scheduling horizon, 17 weeks). Creating these weeks at upgrade time does that reading then, in
 * the upgrade's window, rather than each week under live traffic.
 */
export const WEEKS_AHEAD_AT_MIGRATION = 18;

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday 00:00 UTC starting the week of `at`. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** `YYYYMMDD` of a week's Monday, as partition names carry it. */
export function weekName(monday: Date): string {
  return monday.toISOString().slice(0, 10).replaceAll("-", "");
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

function weekOfName(week: string): Date {
  return new Date(`${week.slice(0, 4)}-${week.slice(4, 6)}-${week.slice(6, 8)}T00:00:00Z`);
}

/** Creates the partitions of the current week and the next `weeksAhead` for every table (idempotent); answers how many it created. */
export async function createPartitionsAhead(pool: Pool, now: Date = new Date(), weeksAhead = WEEKS_AHEAD): Promise<number> {
  let created = 0;
  const first = weekStart(now);
  for (let w = 0; w <= weeksAhead; w++) {
    const monday = new Date(first.getTime() + w * WEEK_MS);
    const end = new Date(monday.getTime() + WEEK_MS);
    for (const { table, kind } of PARTITIONED_TABLES) {
      created +=
        (await withLockRetries(() =>
          createWeekPartitions(pool, table, weekName(monday), idLowerBoundAt(kind, monday), idLowerBoundAt(kind, end)),
        )) ?? 0;
    }
  }
  return created;
}

/**
 * How long after a week has ended its partitions may be dropped: every plan's retention must have
 * passed, and an email of that week may have been scheduled this far ahead.
 */
export function dropAfterMs(): number {
  const longest = Math.max(...Object.values(PLANS).map((plan) => plan.retentionDays));
  return (longest + SCHEDULE_LIMITS.maxAheadDays) * DAY_MS;
}

/**
 * Drops the partitions of every week that ended more than `dropAfterMs()` ago and holds no email
 * still kept (unfinished, or active within its plan's retention) and no inbound record received
 * within it; answers the weeks dropped (`YYYYMMDD`). A week kept is left to the batch purge.
 */
export async function dropExpiredPartitions(pool: Pool, now: Date = new Date()): Promise<string[]> {
  const partitions = await listWeekPartitions(
    pool,
    PARTITIONED_TABLES.map((t) => t.table),
  );
  const weeks = new Map<string, WeekPartition[]>();
  for (const partition of partitions) weeks.set(partition.week, [...(weeks.get(partition.week) ?? []), partition]);
  const cutoffs = Object.entries(PLANS).map(([plan, limits]) => ({
    plan,
    before: new Date(now.getTime() - limits.retentionDays * DAY_MS),
  }));
  const dropped: string[] = [];
  for (const [week, ofWeek] of [...weeks].sort(([a], [b]) => a.localeCompare(b))) {
    const monday = weekOfName(week);
    const end = new Date(monday.getTime() + WEEK_MS);
    if (end.getTime() + dropAfterMs() > now.getTime()) continue;
    const ids = (kind: TimeIdKind) => ({ from: idLowerBoundAt(kind, monday), to: idLowerBoundAt(kind, end) });
    if (await dropWeekPartitions(pool, { partitions: ofWeek, emailIds: ids("email"), inboundIds: ids("inbound"), cutoffs }))
      dropped.push(week);
  }
  return dropped;
}

export interface PartitionsKept {
  created: number;
  droppedWeeks: string[];
}

/** One run of the keeper: create ahead, then drop what has expired. */
export async function keepPartitions(pool: Pool, now: Date = new Date()): Promise<PartitionsKept> {
  const created = await createPartitionsAhead(pool, now);
  const droppedWeeks = await dropExpiredPartitions(pool, now);
  return { created, droppedWeeks };
}
