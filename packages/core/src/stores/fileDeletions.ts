import type { Queryable } from "../sql.ts";

/**
 * The `file_deletions` table: the object-store files of rows that are gone. The statements that
 * delete emails and received messages (retention's purge in the emails and inbound stores, a
 * partition drop in the partitions store) insert here in the same statement or transaction,
 * through the SQL below, so a crash never loses track of an object; retention drains the table.
 */

export interface FileDeletion {
  id: string;
  kind: "emails" | "inbound";
  workspaceId: string;
  ownerId: string;
  count: number;
}

/**
 * `INSERT … SELECT` of the files of the email rows `source` yields (columns `id`,
 * `"organizationId"`, `attachments`): those with attachments (their files may still be in the
 * object store; with PostgreSQL's store they went with the row and the entry is simply dropped).
 */
export function recordEmailFilesSql(source: string, erasureParam = "NULL"): string {
  return `INSERT INTO file_deletions (kind, "workspaceId", "ownerId", count, "erasureId")
    SELECT 'emails', s."organizationId", s.id, jsonb_array_length(s.attachments), ${erasureParam} FROM ${source} s
     WHERE s.attachments <> '[]'::jsonb`;
}

/**
 * The same for received messages (columns `id`, `"workspaceId"`, `attachments` and `"inStore"`,
 * `raw IS NULL`): those whose bytes the object store holds.
 */
export function recordInboundFilesSql(source: string, erasureParam = "NULL"): string {
  return `INSERT INTO file_deletions (kind, "workspaceId", "ownerId", count, "erasureId")
    SELECT 'inbound', s."workspaceId", s.id, jsonb_array_length(s.attachments), ${erasureParam} FROM ${source} s
     WHERE s."inStore"`;
}

/** The oldest `limit` entries. */
export async function selectFileDeletions(db: Queryable, limit: number): Promise<FileDeletion[]> {
  const { rows } = await db.query(`SELECT id::text AS id, kind, "workspaceId", "ownerId", count FROM file_deletions ORDER BY id LIMIT $1`, [
    limit,
  ]);
  return rows as FileDeletion[];
}

/** The oldest `limit` entries recorded by one erasure (which deletes their objects itself). */
export async function selectFileDeletionsOfErasure(db: Queryable, erasureId: string, limit: number): Promise<FileDeletion[]> {
  const { rows } = await db.query(
    `SELECT id::text AS id, kind, "workspaceId", "ownerId", count FROM file_deletions WHERE "erasureId" = $1 ORDER BY id LIMIT $2`,
    [erasureId, limit],
  );
  return rows as FileDeletion[];
}

/** Forgets entries whose files are deleted. */
export async function deleteFileDeletions(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(`DELETE FROM file_deletions WHERE id = ANY ($1::bigint[])`, [ids]);
}
