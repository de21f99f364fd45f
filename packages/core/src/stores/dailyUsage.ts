import type { Queryable } from "../sql.ts";

/**
 * The `daily_usage` table: one counter per workspace and UTC day, the guard of a plan's daily
 * send limit.
 */

/**
 * Counts `amount` sends (a batch counts all of its emails at once) against the workspace's UTC
 * day, unless they do not fit under `limit`; answers the new count, or null when they do not fit
 * and nothing was counted. A negative `amount` gives sends back (always fits).
 *
 * The upsert adds only while the sum stays within `limit`, and the row lock it takes serialises
 * concurrent sends of one workspace until their transactions end, so the count is exact under
 * any concurrency. The day is the database's UTC date, the same for every API instance. Run it
 * as late in the caller's transaction as possible: the row stays locked until commit.
 */
export async function incrementDailyUsage(db: Queryable, workspaceId: string, limit: number, amount = 1): Promise<number | null> {
  const result = await db.query(
    `INSERT INTO daily_usage ("workspaceId", day, count)
     SELECT $1, (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::date, $3::int WHERE $3::int <= $2::int
     ON CONFLICT ("workspaceId", day) DO UPDATE SET count = daily_usage.count + $3::int
       WHERE daily_usage.count + $3::int <= $2::int
     RETURNING count`,
    [workspaceId, limit, amount],
  );
  return (result.rows[0] as { count: number } | undefined)?.count ?? null;
}

/**
 * Takes the workspace's counter for today (making it at 0 if it is missing) and answers its
 * count. The row stays locked until the caller's transaction ends, so the caller can decide how
 * many sends fit and add them (addDailyUsage) without a concurrent send slipping in between.
 */
export async function lockDailyUsage(db: Queryable, workspaceId: string): Promise<number> {
  const { rows } = await db.query({
    name: "svc_lock_daily_usage",
    text: `INSERT INTO daily_usage ("workspaceId", day, count) VALUES ($1, (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::date, 0)
           ON CONFLICT ("workspaceId", day) DO UPDATE SET count = daily_usage.count
           RETURNING count`,
    values: [workspaceId],
  });
  return (rows[0] as { count: number }).count;
}

/** Adds `amount` sends to the counter the caller's transaction holds (lockDailyUsage). */
export async function addDailyUsage(db: Queryable, workspaceId: string, amount: number): Promise<void> {
  await db.query({
    name: "svc_add_daily_usage",
    text: `UPDATE daily_usage SET count = count + $2::int WHERE "workspaceId" = $1 AND day = (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::date`,
    values: [workspaceId, amount],
  });
}
