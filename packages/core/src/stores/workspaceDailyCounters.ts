import type { Prisma } from "@svc/db";

/**
 * The `workspace_daily_counters` table: per workspace, UTC day and kind, how many of a limited
 * action (an invitation mailed, a test event, a verification mail the provider sent to a test recipient) happened. The sends' own limit has its table
 * (`daily_usage`), on the hot path in raw SQL; these are dashboard actions.
 */

export type DailyCounterKind = "invitation" | "test_event" | "test_recipient_verification";

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
