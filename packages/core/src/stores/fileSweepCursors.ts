import type { Queryable } from "../sql.ts";

/**
 * The `file_sweep_cursors` table: where the object store's leftover sweep goes on from, one row
 * per bucket and key root, so that every run (in any process, after any restart) continues
 * where the last one stopped.
 */

/** The last key examined under `scope`; null to start from the beginning. */
export async function selectFileSweepCursor(db: Queryable, scope: string): Promise<string | null> {
  const { rows } = await db.query(`SELECT cursor FROM file_sweep_cursors WHERE scope = $1`, [scope]);
  return (rows[0] as { cursor: string | null } | undefined)?.cursor ?? null;
}

export async function upsertFileSweepCursor(db: Queryable, scope: string, cursor: string | null): Promise<void> {
  await db.query(
    `INSERT INTO file_sweep_cursors (scope, cursor, "updatedAt") VALUES ($1, $2, now())
     ON CONFLICT (scope) DO UPDATE SET cursor = EXCLUDED.cursor, "updatedAt" = EXCLUDED."updatedAt"`,
    [scope, cursor],
  );
}
