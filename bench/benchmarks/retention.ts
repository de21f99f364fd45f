import { performance } from "node:perf_hooks";
import {
  createMonth,
  createPartitionsAhead,
  dropExpiredPartitions,
  monthName,
  monthStart,
  monthsAfter,
  purgeExpiredEmails,
} from "@svc/core";
import pg from "pg";
import { createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { createBenchWorkspace } from "../lib/fixtures.ts";
import { EVENTS_PER_EMAIL, fillHistory } from "../lib/history.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Retention of one expired month of BENCH_RETENTION_EMAILS emails (2 M by default) with two events
 * each: (a) the partition keeper dropping the month's partitions against (b) the batch purge
 * deleting the same rows (as it did before partitioning, and still does for the DEFAULT
 * partition and shorter plans). The month is filled, purged in batches, filled again the same way,
 * and dropped; each is timed, with the WAL it wrote (pg_current_wal_lsn before and after: the whole
 * cluster's, so run it on a quiet machine). Emails of this month are there throughout and must
 * stay untouched.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_EMAILS = 1000;

async function walLsn(pool: pg.Pool): Promise<string> {
  return (await pool.query("SELECT pg_current_wal_lsn()::text AS lsn")).rows[0].lsn;
}

async function walSince(pool: pg.Pool, lsn: string): Promise<number> {
  return Number((await pool.query("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn) AS bytes", [lsn])).rows[0].bytes);
}

/** `count` delivered emails spread over the month from `start`, last active then, with their events. */
async function fillMonth(
  pool: pg.Pool,
  workspace: { workspaceId: string; apiKeyId: string },
  start: Date,
  count: number,
  tag: string,
): Promise<void> {
  await fillHistory(pool, workspace, { count, from: start, to: monthsAfter(start, 1), tag });
}

async function countRows(pool: pg.Pool, workspaceId: string): Promise<{ emails: number; events: number }> {
  const emails = Number((await pool.query(`SELECT count(*) FROM emails WHERE "organizationId" = $1`, [workspaceId])).rows[0].count);
  const events = Number(
    (
      await pool.query(`SELECT count(*) FROM email_events v JOIN emails e ON e.id = v."emailId" WHERE e."organizationId" = $1`, [
        workspaceId,
      ])
    ).rows[0].count,
  );
  return { emails, events };
}

export default async function retentionBenchmark(): Promise<BenchResult> {
  const emails = Number(process.env.BENCH_RETENTION_EMAILS ?? 2_000_000);
  const env = await createBenchEnvironment("retention");
  // Filling millions of rows takes longer than the service's statement timeout: a pool of its own.
  const fillPool = new pg.Pool({ connectionString: env.databaseUrl, max: 1 });
  try {
    const pool = typedPool(env.db);
    const now = new Date();
    const workspace = await createBenchWorkspace(env.db, "Retention");
    // A month long past every plan's retention and the scheduling horizon.
    const old = monthStart(new Date(now.getTime() - 200 * DAY_MS));
    await createPartitionsAhead(pool, now);
    await createMonth(pool, old);
    const recent = { workspaceId: workspace.workspaceId, apiKeyId: workspace.apiKeyId };
    // This month's emails (last active now, within retention): the ones that must stay.
    await fillMonth(fillPool, recent, monthStart(now), RECENT_EMAILS, "recent");
    await pool.query(`UPDATE emails SET "lastActivityAt" = now() WHERE "organizationId" = $1`, [workspace.workspaceId]);
    const kept = await countRows(pool, workspace.workspaceId);

    // (b) the batch purge.
    await fillMonth(fillPool, recent, old, emails, "old");
    const filledForPurge = await countRows(pool, workspace.workspaceId);
    let lsn = await walLsn(pool);
    let started = performance.now();
    const purged = await purgeExpiredEmails(env.db.prisma, now);
    const purgeMs = performance.now() - started;
    const purgeWal = await walSince(pool, lsn);
    const afterPurge = await countRows(pool, workspace.workspaceId);

    // (a) the same rows again, dropped with their partitions.
    await fillMonth(fillPool, recent, old, emails, "old");
    const filledForDrop = await countRows(pool, workspace.workspaceId);
    lsn = await walLsn(pool);
    started = performance.now();
    const dropped = await dropExpiredPartitions(pool, now);
    const dropMs = performance.now() - started;
    const dropWal = await walSince(pool, lsn);
    const afterDrop = await countRows(pool, workspace.workspaceId);

    const expected = { emails: kept.emails + emails, events: kept.events + emails * EVENTS_PER_EMAIL };
    const checks = {
      filledAlike:
        filledForPurge.emails === expected.emails && filledForDrop.emails === expected.emails && filledForDrop.events === expected.events,
      purgeDeletedTheMonth: purged.emailsDeleted === emails,
      monthDropped: dropped.includes(monthName(old)),
      keptAfterPurge: afterPurge.emails === kept.emails && afterPurge.events === kept.events,
      keptAfterDrop: afterDrop.emails === kept.emails && afterDrop.events === kept.events,
    };
    return {
      name: "retention",
      figure: {
        value: round(dropMs, 1),
        unit: "ms",
        what: `drop one expired month's partitions (${emails} emails, ${emails * EVENTS_PER_EMAIL} events)`,
      },
      baseline: { value: round(purgeMs, 1), unit: "ms", what: "batch-delete the same rows (purgeExpiredEmails, 1,000 per statement)" },
      ratio: ratioOf(dropMs, purgeMs),
      target: { description: "dropping writes under 1 % of the batch purge's WAL", met: dropWal < purgeWal / 100 },
      checks: { passed: Object.values(checks).every(Boolean), ...checks },
      details: {
        emails,
        eventsPerEmail: EVENTS_PER_EMAIL,
        keptEmails: kept.emails,
        purge: { ms: round(purgeMs, 1), walBytes: purgeWal, emailsDeleted: purged.emailsDeleted },
        drop: { ms: round(dropMs, 1), walBytes: dropWal, months: dropped },
      },
    };
  } finally {
    await fillPool.end();
    await env.dispose();
  }
}
