import type { ErasureStatus } from "@svc/db";
import type { Queryable } from "../sql.ts";

/**
 * The `erasures` table: one row per request to forget addresses or emails in a workspace, with
 * its progress (step, walk position, receipt counts). A runner claims a row by setting
 * `claimedAt`; every write of progress names the claim it holds, so a runner whose claim was taken
 * over (it stopped for longer than the lease) can no longer write, and its batch rolls back.
 */

export interface ErasureRow {
  id: string;
  workspaceId: string;
  status: ErasureStatus;
  addresses: string[];
  emailIds: string[];
  addressCount: number;
  emailIdCount: number;
  step: string;
  cursor: unknown;
  receipt: unknown;
  error: string | null;
  requestedBy: { type: string; id: string | null };
  claimedAt: Date | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

const COLUMNS = `id, "workspaceId", status::text AS status, addresses, "emailIds", "addressCount", "emailIdCount", step, cursor,
  receipt, error, "requestedBy", "claimedAt", attempts, "createdAt", "startedAt", "completedAt"`;

export async function insertErasure(
  db: Queryable,
  row: Pick<ErasureRow, "id" | "workspaceId" | "addresses" | "emailIds" | "requestedBy">,
): Promise<ErasureRow> {
  const { rows } = await db.query(
    `INSERT INTO erasures (id, "workspaceId", addresses, "emailIds", "addressCount", "emailIdCount", "requestedBy")
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [row.id, row.workspaceId, row.addresses, row.emailIds, row.addresses.length, row.emailIds.length, JSON.stringify(row.requestedBy)],
  );
  return rows[0] as ErasureRow;
}

export async function selectErasure(db: Queryable, workspaceId: string, id: string): Promise<ErasureRow | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM erasures WHERE id = $1 AND "workspaceId" = $2`, [id, workspaceId]);
  return (rows[0] as ErasureRow | undefined) ?? null;
}

/** An erasure of any workspace (the operator's CLI). */
export async function selectErasureById(db: Queryable, id: string): Promise<ErasureRow | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM erasures WHERE id = $1`, [id]);
  return (rows[0] as ErasureRow | undefined) ?? null;
}

/** Every workspace's latest erasures, newest first (the operator's CLI). */
export async function selectLatestErasures(db: Queryable, limit: number): Promise<ErasureRow[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM erasures ORDER BY "createdAt" DESC, id DESC LIMIT $1`, [limit]);
  return rows as ErasureRow[];
}

/** The workspace's erasures, newest first, `limit` of them from before `before` (an erasure id of the workspace). */
export async function selectErasures(db: Queryable, workspaceId: string, limit: number, before: string | null): Promise<ErasureRow[]> {
  const { rows } = before
    ? await db.query(
        `SELECT ${COLUMNS} FROM erasures WHERE "workspaceId" = $1
            AND ("createdAt", id) < (SELECT "createdAt", id FROM erasures WHERE id = $3 AND "workspaceId" = $1)
          ORDER BY "createdAt" DESC, id DESC LIMIT $2`,
        [workspaceId, limit, before],
      )
    : await db.query(`SELECT ${COLUMNS} FROM erasures WHERE "workspaceId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT $2`, [
        workspaceId,
        limit,
      ]);
  return rows as ErasureRow[];
}

/**
 * Claims the oldest erasure waiting to run: `queued`, or `running` with no claim (stopped
 * cleanly) or a claim older than `leaseMs` (its runner stopped); `only`: that erasure or none
 * (the CLI running one in the foreground). One runner gets each.
 */
export async function claimNextErasure(
  db: Queryable,
  leaseMs: number,
  claim: Date,
  only: string | null = null,
): Promise<ErasureRow | null> {
  const { rows } = await db.query(
    `UPDATE erasures SET status = 'running', "claimedAt" = $2, "startedAt" = coalesce("startedAt", $2)
      WHERE id = (SELECT id FROM erasures
                   WHERE ($3::text IS NULL OR id = $3)
                     AND (status = 'queued'
                      OR (status = 'running' AND ("claimedAt" IS NULL OR "claimedAt" < $2::timestamptz - make_interval(secs => $1::float8 / 1000))))
                   ORDER BY "createdAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [leaseMs, claim, only],
  );
  return (rows[0] as ErasureRow | undefined) ?? null;
}

/**
 * Writes a batch's progress under the claim `claim`, renewing it as `renewed`; false when the
 * claim is no longer this runner's (the caller then rolls its batch back).
 */
export async function saveErasureProgress(
  db: Queryable,
  id: string,
  claim: Date,
  renewed: Date,
  progress: { step: string; cursor: unknown; receipt: unknown },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE erasures SET step = $4, cursor = $5::jsonb, receipt = $6::jsonb, "claimedAt" = $3
      WHERE id = $1 AND "claimedAt" = $2 AND status = 'running'`,
    [id, claim, renewed, progress.step, JSON.stringify(progress.cursor ?? null), JSON.stringify(progress.receipt)],
  );
  return rowCount === 1;
}

/** Ends the erasure `completed` with its receipt, forgetting the addresses and email ids it was asked about. */
export async function completeErasure(db: Queryable, id: string, claim: Date, receipt: unknown): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE erasures SET status = 'completed', receipt = $3::jsonb, addresses = '{}', "emailIds" = '{}', cursor = NULL,
            step = 'done', "claimedAt" = NULL, "completedAt" = now()
      WHERE id = $1 AND "claimedAt" = $2 AND status = 'running'`,
    [id, claim, JSON.stringify(receipt)],
  );
  return rowCount === 1;
}

/**
 * Counts a failed run and gives the claim back, so the next runner tries again; at `maxAttempts`
 * failures the erasure ends `failed` (its addresses forgotten: what it removed stays removed).
 */
export async function recordErasureFailure(
  db: Queryable,
  id: string,
  claim: Date,
  error: string,
  maxAttempts: number,
): Promise<ErasureStatus> {
  const { rows } = await db.query(
    `UPDATE erasures SET attempts = attempts + 1, error = $3, "claimedAt" = NULL,
            status = CASE WHEN attempts + 1 >= $4 THEN 'failed'::"ErasureStatus" ELSE status END,
            addresses = CASE WHEN attempts + 1 >= $4 THEN '{}' ELSE addresses END,
            "emailIds" = CASE WHEN attempts + 1 >= $4 THEN '{}' ELSE "emailIds" END,
            "completedAt" = CASE WHEN attempts + 1 >= $4 THEN now() ELSE "completedAt" END
      WHERE id = $1 AND "claimedAt" = $2 RETURNING status::text AS status`,
    [id, claim, error.slice(0, 500), maxAttempts],
  );
  return ((rows[0] as { status: ErasureStatus } | undefined)?.status ?? "running") as ErasureStatus;
}

/** Gives the claim back (a runner stopping between batches): the next runner goes on at once. */
export async function releaseErasureClaim(db: Queryable, id: string, claim: Date): Promise<void> {
  await db.query(`UPDATE erasures SET "claimedAt" = NULL WHERE id = $1 AND "claimedAt" = $2`, [id, claim]);
}
