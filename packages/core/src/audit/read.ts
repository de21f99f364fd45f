import { Readable } from "node:stream";
import { idLowerBoundAt } from "@svc/db";
import { stringify } from "csv-stringify";
import { z } from "zod";
import { AppError } from "../errors.ts";
import type { Queryable } from "../sql.ts";
import { type AuditLogRow, type AuditLogScope, selectAuditLogRows } from "../stores/auditLog.ts";
import { formulaGuarded } from "../suppressions/service.ts";
import { AUDIT_ACTIONS, type AuditAction, isAuditAction } from "./actions.ts";

/** GET /audit-log answers pages of at most this many entries (100 when `limit` is not given). */
export const AUDIT_PAGE_LIMIT = { default: 100, max: 1000 } as const;
/** An export holds at most this many entries (newest first); narrow it with since/until for more. */
export const AUDIT_EXPORT_LIMIT = { default: 100_000, max: 100_000 } as const;
/** An export reads this many entries at a time, and only as fast as the client takes them. */
const EXPORT_BATCH = 500;

/** Whose entries a read sees: one workspace's (an owner, a full-access key), or the install-wide ones (an operator). */
export type AuditScope = AuditLogScope;

export interface AuditEntryView {
  id: string;
  at: string;
  workspaceId: string | null;
  actor: { type: string; id: string | null };
  source: string | null;
  action: string;
  target: { type: string; id: string } | null;
  changes: Record<string, unknown>;
}

export interface AuditLogFilters {
  action?: AuditAction;
  actor?: string;
  target?: string;
  since?: Date;
  until?: Date;
}

export interface AuditLogQuery extends AuditLogFilters {
  limit?: number;
  after?: string;
}

export interface AuditExportQuery extends AuditLogFilters {
  format: "csv" | "jsonl";
  limit?: number;
}

const invalid = (message: string) => new AppError("validation_failed", message);
const isoDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
/** An audit id: `aud_`, the 8-character time, 16 random characters. */
const AUDIT_ID = /^aud_[0-9A-Za-z]{24}$/;
/** Actor and target ids are short prefixed ids (or `operator` names): printable, no spaces. */
const ID_TEXT = /^[\x21-\x7e]{1,200}$/;

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(`${name}: must be given once, as a plain value.`);
  return value;
}

function parseTime(value: string, name: string): Date {
  const time = new Date(value);
  if (!isoDateTime.safeParse(value).success || Number.isNaN(time.getTime()))
    throw invalid(`${name}: must be an ISO 8601 time with a zone, like 2026-12-07T10:00:00Z, or a date, like 2026-12-07.`);
  return time;
}

function parseLimit(value: string, max: number): number {
  const limit = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!(limit >= 1 && limit <= max)) throw invalid(`limit: must be an integer from 1 to ${max}.`);
  return limit;
}

function parseFilters(query: Record<string, unknown>, known: readonly string[]): AuditLogFilters {
  const unknown = Object.keys(query).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw invalid(`unknown query parameter(s): ${unknown.join(", ")}. Known: ${known.join(", ")}.`);
  const filters: AuditLogFilters = {};
  const action = single(query, "action");
  if (action !== undefined) {
    if (!isAuditAction(action)) throw invalid(`action: must be one of ${AUDIT_ACTIONS.join(", ")}.`);
    filters.action = action;
  }
  for (const name of ["actor", "target"] as const) {
    const value = single(query, name);
    if (value === undefined) continue;
    if (!ID_TEXT.test(value)) throw invalid(`${name}: must be an id (1 to 200 printable characters, no spaces).`);
    filters[name] = value;
  }
  const since = single(query, "since");
  if (since !== undefined) filters.since = parseTime(since, "since");
  const until = single(query, "until");
  if (until !== undefined) filters.until = parseTime(until, "until");
  if (filters.since && filters.until && filters.until <= filters.since) throw invalid("until: must be later than since.");
  return filters;
}

const LIST_PARAMETERS = ["action", "actor", "target", "since", "until", "limit", "after"] as const;
const EXPORT_PARAMETERS = ["format", "action", "actor", "target", "since", "until", "limit"] as const;

/** GET /audit-log's query, validated; a 422 names the first parameter that is wrong. */
export function parseAuditLogQuery(query: Record<string, unknown>): AuditLogQuery {
  const result: AuditLogQuery = parseFilters(query, LIST_PARAMETERS);
  const limit = single(query, "limit");
  if (limit !== undefined) result.limit = parseLimit(limit, AUDIT_PAGE_LIMIT.max);
  const after = single(query, "after");
  if (after !== undefined) {
    if (!AUDIT_ID.test(after)) throw invalid("after: must be the nextCursor of a previous page (an aud_ id).");
    result.after = after;
  }
  return result;
}

/** GET /audit-log/export's query: `format` csv or jsonl, the list's filters, `limit` up to the export's bound. */
export function parseAuditExportQuery(query: Record<string, unknown>): AuditExportQuery {
  const filters = parseFilters(query, EXPORT_PARAMETERS);
  const format = single(query, "format");
  if (format !== "csv" && format !== "jsonl") throw invalid("format: must be csv or jsonl.");
  const result: AuditExportQuery = { ...filters, format };
  const limit = single(query, "limit");
  if (limit !== undefined) result.limit = parseLimit(limit, AUDIT_EXPORT_LIMIT.max);
  return result;
}

export function toAuditEntryView(row: AuditLogRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    workspaceId: row.workspaceId,
    actor: { type: row.actorType, id: row.actorId },
    source: row.source,
    action: row.action,
    target: row.targetType !== null && row.targetId !== null ? { type: row.targetType, id: row.targetId } : null,
    changes: row.changes,
  };
}

function rangeOf(scope: AuditLogScope, filters: AuditLogFilters) {
  return {
    scope,
    ...(filters.action !== undefined ? { action: filters.action } : {}),
    ...(filters.actor !== undefined ? { actorId: filters.actor } : {}),
    ...(filters.target !== undefined ? { targetId: filters.target } : {}),
    ...(filters.since !== undefined ? { sinceId: idLowerBoundAt("audit", filters.since) } : {}),
    ...(filters.until !== undefined ? { untilId: idLowerBoundAt("audit", filters.until) } : {}),
  };
}

/**
 * One page of the scope's entries, newest first, and the cursor of the next (null on the last).
 * A workspace's scope never reaches another's entries nor the install-wide ones; a cursor from
 * elsewhere only bounds the time, it reveals nothing.
 */
export async function listAuditLog(
  db: Queryable,
  scope: AuditLogScope,
  query: AuditLogQuery = {},
): Promise<{ data: AuditEntryView[]; nextCursor: string | null }> {
  const limit = query.limit ?? AUDIT_PAGE_LIMIT.default;
  const rows = await selectAuditLogRows(db, {
    ...rangeOf(scope, query),
    ...(query.after !== undefined ? { beforeId: query.after } : {}),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return { data: page.map(toAuditEntryView), nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

async function* exportRows(db: Queryable, scope: AuditLogScope, query: AuditExportQuery): AsyncGenerator<AuditEntryView> {
  let left = query.limit ?? AUDIT_EXPORT_LIMIT.default;
  let beforeId: string | undefined;
  while (left > 0) {
    const rows = await selectAuditLogRows(db, {
      ...rangeOf(scope, query),
      ...(beforeId !== undefined ? { beforeId } : {}),
      limit: Math.min(EXPORT_BATCH, left),
    });
    for (const row of rows) yield toAuditEntryView(row);
    left -= rows.length;
    if (rows.length < EXPORT_BATCH) return;
    beforeId = rows.at(-1)?.id;
  }
}

const CSV_COLUMNS = ["id", "at", "workspace_id", "actor_type", "actor_id", "source", "action", "target_type", "target_id", "changes"];

/**
 * The scope's entries (newest first, at most `limit`) as CSV (header first, formula-like cells
 * neutralised) or JSON Lines, read a batch at a time and only as fast as the reader takes it: pipe
 * it (stream.pipeline) into the response. A failed read destroys the stream.
 */
export function exportAuditLog(db: Queryable, scope: AuditLogScope, query: AuditExportQuery): Readable {
  const entries = exportRows(db, scope, query);
  if (query.format === "jsonl") {
    return Readable.from(
      (async function* () {
        for await (const entry of entries) yield `${JSON.stringify(entry)}\n`;
      })(),
    );
  }
  async function* records() {
    for await (const e of entries)
      yield [
        e.id,
        e.at,
        e.workspaceId,
        e.actor.type,
        e.actor.id,
        e.source,
        e.action,
        e.target?.type ?? null,
        e.target?.id ?? null,
        JSON.stringify(e.changes),
      ];
  }
  const csv = stringify({ header: true, columns: CSV_COLUMNS, cast: { string: formulaGuarded } });
  csv.setEncoding("utf8");
  Readable.from(records())
    .on("error", (error) => csv.destroy(error))
    .pipe(csv);
  return csv;
}
