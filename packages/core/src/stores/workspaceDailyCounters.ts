import type { Prisma } from "@svc/db";
import type { Queryable } from "../sql.ts";

/**
 * The `workspace_daily_counters` table: per workspace, UTC day and kind, how many of a limited
 * action (an invitation mailed, a test event, a verification mail the provider sent to a test recipient) happened. The sends' own limit has its table
 * (`daily_usage`), on the hot path in raw SQL; these are dashboard actions.
 */

export type DailyCounterKind = "invitation" | "test_event" | "test_recipient_verification" | "replayed_delivery";

/**
 * Counts one `kind` action for the workspace's UTC day unless `limit` is already reached;
 * answers the new count, or null when nothing was counted. The upsert's row lock serialises
 * concurrent callers of one workspace and kind until their transaction ends, so the count is
 * exact and what the caller checks after it sees the others' committed work.
 */
export async function incrementWorkspaceDailyCounter(
  db: Prisma.TransactionClient,
  workspaceId: string,
  kind: DailyCounterKind,
  limit: number,
): Promise<number | null> {
  const rows = await db.$queryRaw<Array<{ count: number }>>`
    INSERT INTO workspace_daily_counters ("workspaceId", day, kind, count)
    VALUES (${workspaceId}, (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::date, ${kind}, 1)
    ON CONFLICT ("workspaceId", day, kind) DO UPDATE SET count = workspace_daily_counters.count + 1
      WHERE workspace_daily_counters.count < ${limit}::int
    RETURNING count`;
  return rows[0]?.count ?? null;
}

/**
 * Counts `amount` `kind` actions for the workspace's UTC day unless that would take the day past
 * `limit`; answers the new count, or null when nothing was counted. Serialised as above.
 */
export async function addToWorkspaceDailyCounter(
  db: Queryable,
  workspaceId: string,
  kind: DailyCounterKind,
  amount: number,
  limit: number,
): Promise<number | null> {
  const { rows } = await db.query(
    `INSERT INTO workspace_daily_counters ("workspaceId", day, kind, count)
     SELECT $1, (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::date, $2, $3::int WHERE $3::int <= $4::int
     ON CONFLICT ("workspaceId", day, kind) DO UPDATE SET count = workspace_daily_counters.count + EXCLUDED.count
       WHERE workspace_daily_counters.count + EXCLUDED.count <= $4::int
     RETURNING count`,
    [workspaceId, kind, amount, limit],
  );
  return (rows[0] as { count: number } | undefined)?.count ?? null;
}

/** What the workspace counted of `kind` today (UTC). */
export async function selectWorkspaceDailyCount(db: Queryable, workspaceId: string, kind: DailyCounterKind): Promise<number> {
  const { rows } = await db.query(
    `SELECT count FROM workspace_daily_counters WHERE "workspaceId" = $1 AND day = (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::date AND kind = $2`,
    [workspaceId, kind],
  );
  return (rows[0] as { count: number } | undefined)?.count ?? 0;
}
