import type { Queryable } from "../sql.ts";

/**
 * The `daily_usage` table: one counter per workspace and UTC day, the guard of a plan's daily
 * send limit.
 */

/**
 * Counts one send against the workspace's UTC day, unless `limit` is already reached; answers the
 * new count, or null when the limit is reached and nothing was counted.
 *
 * The upsert increments only while `count < limit`, and the row lock it takes serialises
 * concurrent sends of one workspace until their transactions end, so the count is exact under
 * any concurrency. The day is the database's UTC date, the same for every API instance. Run it
 * as late in the caller's transaction as possible: the row stays locked until commit.
 */
export async function incrementDailyUsage(db: Queryable, workspaceId: string, limit: number): Promise<number | null> {
  const result = await db.query(
    `INSERT INTO daily_usage ("workspaceId", day, count)
     VALUES ($1, (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::date, 1)
     ON CONFLICT ("workspaceId", day) DO UPDATE SET count = daily_usage.count + 1
       WHERE $2::int IS NULL OR daily_usage.count < $2::int
     RETURNING count`,
    [workspaceId, limit],
  );
  return (result.rows[0] as { count: number } | undefined)?.count ?? null;
}
