import type { Prisma } from "@svc/db";
import type { QueryConfig, QueryResult } from "pg";
import type { Queryable } from "../sql.ts";

/**
 * The audit_log table: one row per management change and sign-in. Append-only: this store has an
 * insert and reads, nothing else, and the table's trigger refuses UPDATE, DELETE and TRUNCATE
 * (old months go only by dropping their partition, stores/partitions.ts). Range-partitioned by id,
 * whose time part orders entries: "newest first" is `id DESC`, and an id is its own cursor.
 */

export interface AuditLogRow {
  id: string;
  at: Date;
  workspaceId: string | null;
  actorType: string;
  actorId: string | null;
  source: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  changes: Record<string, unknown>;
}

export async function insertAuditLogRow(db: Queryable, row: AuditLogRow): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (id, at, "workspaceId", "actorType", "actorId", source, action, "targetType", "targetId", changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      row.id,
      row.at,
      row.workspaceId,
      row.actorType,
      row.actorId,
      row.source,
      row.action,
      row.targetType,
      row.targetId,
      JSON.stringify(row.changes),
    ],
  );
}

/** Whose entries a read sees: one workspace's, or the install-wide ones (no workspace). */
export type AuditLogScope = { workspaceId: string } | { installWide: true };

export interface AuditLogRange {
  scope: AuditLogScope;
  action?: string;
  /** The actor's id (a user id, a key id, or "operator"). */
  actorId?: string;
  targetId?: string;
  /** Ids bounding the entries' time: `id >= sinceId` and `id < untilId`. */
  sinceId?: string;
  untilId?: string;
  /** Strictly older than this entry (the previous page's last id). */
  beforeId?: string;
  limit: number;
}

export async function selectAuditLogRows(db: Queryable, range: AuditLogRange): Promise<AuditLogRow[]> {
  const values: unknown[] = [];
  const where: string[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(sql(`$${values.length}`));
  };
  if ("workspaceId" in range.scope) add((p) => `"workspaceId" = ${p}`, range.scope.workspaceId);
  else where.push(`"workspaceId" IS NULL`);
  if (range.action !== undefined) add((p) => `action = ${p}`, range.action);
  if (range.actorId !== undefined) add((p) => `"actorId" = ${p}`, range.actorId);
  if (range.targetId !== undefined) add((p) => `"targetId" = ${p}`, range.targetId);
  if (range.sinceId !== undefined) add((p) => `id >= ${p}`, range.sinceId);
  if (range.untilId !== undefined) add((p) => `id < ${p}`, range.untilId);
  if (range.beforeId !== undefined) add((p) => `id < ${p}`, range.beforeId);
  values.push(range.limit);
  const { rows } = await db.query(
    `SELECT id, at, "workspaceId", "actorType", "actorId", source, action, "targetType", "targetId", changes
       FROM audit_log WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT $${values.length}`,
    values,
  );
  return rows as AuditLogRow[];
}

/**
 * A Prisma transaction as a Queryable, so that `recordAudit` writes its entry in a change made with
 * Prisma's interactive transaction: the entry commits or rolls back with the change.
 */
export function prismaQueryable(tx: Prisma.TransactionClient): Queryable {
  const run = async (text: string, values: unknown[] = []): Promise<QueryResult> => {
    const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values);
    return { rows, rowCount: rows.length, command: "", oid: 0, fields: [] };
  };
  return {
    query: ((textOrConfig: string | QueryConfig, values?: unknown[]) =>
      typeof textOrConfig === "string"
        ? run(textOrConfig, values)
        : run(textOrConfig.text, textOrConfig.values as unknown[] | undefined)) as Queryable["query"],
  };
}
