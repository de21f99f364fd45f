import type { DbHandle, Plan } from "@svc/db";
import { AppError } from "../errors.ts";
import { planLimits } from "../plans.ts";
import { sqlPool, type SqlClient } from "../sql.ts";
import { utcDay } from "../time.ts";

/**
 * Counts one send against the workspace's UTC day, inside the caller's transaction, or throws
 * 429 when the plan's limit is reached. A plan without a limit has nothing to guard: no row is
 * written, because the row lock would serialise every send of the workspace for nothing
 * (it capped an unlimited workspace at about 250 sends/s, bench/results/api.json). Today's
 * sends for display are counted from the emails themselves (`countSendsToday`).
 *
 * The counter row is the guard: the upsert increments only while `count < limit`, and the row
 * lock it takes serialises concurrent sends of one workspace until their transactions end, so
 * the count is exact under any concurrency, and it lives in Postgres, so losing Redis loses
 * nothing. The day is the database's UTC date, the same for every API instance.
 * Call it as late in the transaction as possible: the row stays locked until commit.
 */
export async function countDailySend(client: SqlClient, workspaceId: string, plan: Plan): Promise<number | null> {
  const limits = planLimits(plan);
  if (limits.dailySendLimit === null) return null;
  const result = await client.query<{ count: number }>(
    `INSERT INTO daily_usage ("workspaceId", day, count)
     VALUES ($1, (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::date, 1)
     ON CONFLICT ("workspaceId", day) DO UPDATE SET count = daily_usage.count + 1
       WHERE $2::int IS NULL OR daily_usage.count < $2::int
     RETURNING count`,
    [workspaceId, limits.dailySendLimit],
  );
  const row = result.rows[0];
  if (!row) {
    throw new AppError(
      "daily_limit_reached",
      `Daily send limit reached: the ${limits.label} plan allows ${limits.dailySendLimit} emails per day. ` +
        "Upgrade your plan to send more, or wait until tomorrow (UTC) when the limit resets.",
    );
  }
  return row.count;
}

/**
 * Emails the workspace queued today (UTC), whatever its plan: a range scan of the
 * (organizationId, createdAt) index. For a limited plan this equals the usage counter.
 */
export async function countSendsToday(handle: DbHandle, workspaceId: string, now: Date = new Date()): Promise<number> {
  const { rows } = await sqlPool(handle).query<{ count: number }>(
    `SELECT count(*)::int AS count FROM emails WHERE "organizationId" = $1 AND "createdAt" >= $2`,
    [workspaceId, utcDay(now)],
  );
  return rows[0]?.count ?? 0;
}
