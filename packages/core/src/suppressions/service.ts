import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SuppressionReason } from "@svc/db";
import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { parseRecipientAddress } from "../recipients/address.ts";
import type { Queryable } from "../sql.ts";
import {
  allSuppressions,
  deleteSuppression,
  findSuppression,
  insertSuppressions,
  type SuppressionRow,
  selectSuppressions,
} from "../stores/suppressions.ts";

/**
 * The workspace's suppression list: addresses the sender never hands to the provider. Provider
 * verdicts (permanent bounces, complaints) are added by the ingester with their event; people add
 * and remove entries here (REST, dashboard, CLI). Test and live keys share one list.
 */

const SUPPRESSION_REASONS = ["hard_bounce", "complaint", "manual"] as const satisfies readonly SuppressionReason[];

export interface SuppressionView {
  id: string;
  address: string;
  reason: SuppressionReason;
  /** The email and event that caused the entry (null for a manual one, or once retention removed them). */
  emailId: string | null;
  eventId: string | null;
  createdAt: string;
  expiresAt: string | null;
  /** False once expiresAt has passed: the entry no longer suppresses. */
  active: boolean;
}

export function toSuppressionView(row: SuppressionRow, now = new Date()): SuppressionView {
  return {
    id: row.id,
    address: row.address,
    reason: row.reason,
    emailId: row.emailId,
    eventId: row.eventId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    active: row.expiresAt === null || row.expiresAt.getTime() > now.getTime(),
  };
}

const SUPPRESSION_LIST_DEFAULT_LIMIT = 100;
export const SUPPRESSION_LIST_MAX_LIMIT = 1000;
/** A search text longer than an address cannot match one. */
const MAX_SEARCH_LENGTH = 254;

export interface SuppressionListQuery {
  address?: string;
  reason?: SuppressionReason;
  after?: string;
  limit?: number;
}

const invalid = (message: string) => new AppError("validation_failed", message);

function checkText(value: string, field: string, max: number): string {
  if (/[\u0000-\u001f\u007f]/.test(value)) throw invalid(`${field}: must not contain control characters.`);
  if (value.length > max) throw invalid(`${field}: at most ${max} characters.`);
  return value;
}

/** Reads GET /suppressions' query (each value given once, as text); throws a 422 naming the field. */
export function parseSuppressionListQuery(query: Record<string, unknown>): SuppressionListQuery {
  const single = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw invalid(`${name}: must be given once, as a plain value.`);
    return value;
  };
  const unknown = Object.keys(query).filter((key) => !["address", "reason", "after", "limit"].includes(key));
  if (unknown.length > 0) throw invalid(`unknown query parameter(s): ${unknown.join(", ")}.`);
  const result: SuppressionListQuery = {};
  const address = single("address");
  if (address !== undefined && address.trim() !== "")
    result.address = checkText(address, "address", MAX_SEARCH_LENGTH).trim().toLowerCase();
  const reason = single("reason");
  if (reason !== undefined) result.reason = parseReason(reason);
  const after = single("after");
  if (after !== undefined) result.after = checkText(after, "after", MAX_SEARCH_LENGTH).trim().toLowerCase();
  const limit = single("limit");
  if (limit !== undefined) {
    const n = /^\d{1,4}$/.test(limit) ? Number(limit) : Number.NaN;
    if (!(n >= 1 && n <= SUPPRESSION_LIST_MAX_LIMIT)) throw invalid(`limit: must be an integer from 1 to ${SUPPRESSION_LIST_MAX_LIMIT}.`);
    result.limit = n;
  }
  return result;
}

export function parseReason(value: string): SuppressionReason {
  if (!(SUPPRESSION_REASONS as readonly string[]).includes(value))
    throw invalid(`reason: must be one of ${SUPPRESSION_REASONS.join(", ")}.`);
  return value as SuppressionReason;
}

/** The workspace's entries in address order (expired ones included, marked inactive). */
export async function listSuppressions(db: Queryable, workspaceId: string, query: SuppressionListQuery = {}): Promise<SuppressionView[]> {
  const rows = await selectSuppressions(db, workspaceId, {
    limit: query.limit ?? SUPPRESSION_LIST_DEFAULT_LIMIT,
    ...(query.address !== undefined ? { addressContains: query.address } : {}),
    ...(query.reason !== undefined ? { reason: query.reason } : {}),
    ...(query.after !== undefined ? { after: query.after } : {}),
  });
  const now = new Date();
  return rows.map((row) => toSuppressionView(row, now));
}

export interface NewManualSuppression {
  address: string;
  expiresAt: Date | null;
}

/** The POST /suppressions body; also the source of its OpenAPI description. */
export const manualSuppressionSchema = z.strictObject(
  {
    address: z
      .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
      .max(1000, { error: "at most 254 characters" }),
    reason: z.literal("manual", { error: 'only "manual" can be added by hand (bounces and complaints come from the provider)' }).optional(),
    expiresAt: z
      .union([z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time such as 2030-01-01T00:00:00Z" }), z.null()])
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : "the body must be a JSON object",
  },
);

/** Validates a POST /suppressions body; throws a 422 naming what is wrong. */
export function parseManualSuppression(body: unknown, now = new Date()): NewManualSuppression {
  const result = manualSuppressionSchema.safeParse(body);
  if (!result.success) {
    const problems = result.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
    );
    throw invalid(`Invalid request: ${[...new Set(problems)].join("; ")}.`);
  }
  const address = parseRecipientAddress(checkText(result.data.address, "address", 1000), "address");
  let expiresAt: Date | null = null;
  if (result.data.expiresAt) {
    expiresAt = new Date(result.data.expiresAt);
    if (Number.isNaN(expiresAt.getTime())) throw invalid("expiresAt: must be a valid date-time.");
    if (expiresAt.getTime() <= now.getTime()) throw invalid("expiresAt: must be in the future.");
  }
  return { address, expiresAt };
}

/**
 * Adds a manual entry. An address already on the list is left as it is and answered with
 * `created: false` (an add is idempotent; the existing entry's reason may be stronger); an
 * expired entry is replaced by the new one.
 */
export async function addManualSuppression(
  db: Queryable,
  workspaceId: string,
  input: NewManualSuppression,
): Promise<{ created: boolean; suppression: SuppressionView }> {
  const added = await insertSuppressions(db, workspaceId, [{ address: input.address, reason: "manual", expiresAt: input.expiresAt }]);
  const row = await findSuppression(db, workspaceId, input.address);
  if (!row) throw new AppError("not_found", "Suppression not found.");
  return { created: added.length > 0, suppression: toSuppressionView(row) };
}

const suppressionNotFound = () => new AppError("not_found", "Suppression not found.");

/** The workspace's entry for an address already parsed, or 404 (another workspace's entry is a missing one). */
export async function getSuppression(db: Queryable, workspaceId: string, address: string): Promise<SuppressionView> {
  const row = await findSuppression(db, workspaceId, address);
  if (!row) throw suppressionNotFound();
  return toSuppressionView(row);
}

/**
 * Removes the workspace's entry for `address`. A complaint entry is removed only with
 * `confirmComplaint`: mailing someone who reported spam again harms the sending reputation, so
 * it must be a deliberate act (409 `confirmation_required` otherwise).
 */
export async function removeSuppression(
  db: Queryable,
  workspaceId: string,
  rawAddress: string,
  options: { confirmComplaint: boolean },
): Promise<SuppressionView> {
  if (rawAddress.length > 1000 || /[\u0000-\u001f\u007f]/.test(rawAddress)) throw suppressionNotFound();
  let address: string;
  try {
    address = parseRecipientAddress(rawAddress, "address");
  } catch {
    throw suppressionNotFound();
  }
  const removed = await deleteSuppression(db, workspaceId, address, options.confirmComplaint ? [] : ["complaint"]);
  if (removed) return toSuppressionView(removed);
  const existing = await findSuppression(db, workspaceId, address);
  if (!existing) throw suppressionNotFound();
  throw new AppError(
    "confirmation_required",
    `${address} is suppressed because its recipient complained; removing it needs an explicit confirmation (?confirm=complaint).`,
  );
}

/** CSV import bounds: a file larger than either is refused whole. */
export const SUPPRESSION_IMPORT_LIMITS = { maxBytes: 1024 * 1024, maxRows: 10_000 } as const;
/** How many invalid lines an import report names (it counts them all). */
const MAX_INVALID_REPORTED = 50;

export interface SuppressionImportReport {
  added: number;
  /** Already on the list, or repeated within the file. */
  skipped: number;
  invalid: number;
  /** The first invalid lines: 1-based line number, the value (cut to 100 characters), why. */
  invalidLines: Array<{ line: number; value: string; reason: string }>;
}

const HEADER_NAMES = ["email", "address", "email_address", "emailaddress"];

/**
 * A cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
 * return) is written with a leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function formulaGuarded(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as it was before formulaGuarded (an export imports back as it is). */
function withoutFormulaGuard(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * The records of a CSV text (csv-parse: RFC 4180 quoting, a newline inside quotes included),
 * each with the line it starts on. Empty lines are skipped; a malformed file (an unclosed quote)
 * is refused whole, naming where.
 */
function parseCsvRecords(csv: string): Array<{ fields: string[]; line: number }> {
  try {
    const parsed = parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      raw: true,
    }) as unknown as Array<{
      record: string[];
      info: { lines: number };
      raw: string;
    }>;
    return parsed.map(({ record, info, raw }) => ({
      fields: record,
      line: info.lines - (raw.trimEnd().match(/\r\n|\n|\r/g)?.length ?? 0),
    }));
  } catch (error) {
    if (error instanceof CsvError) throw invalid(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
}

/**
 * Reads a CSV of addresses: either one address per line, or a header row with a column named
 * `email` or `address` (any others are ignored). Manual entries, never expiring; addresses
 * already listed are skipped, invalid ones reported. Bounded by SUPPRESSION_IMPORT_LIMITS.
 */
export async function importSuppressionsCsv(db: Queryable, workspaceId: string, csv: string): Promise<SuppressionImportReport> {
  if (Buffer.byteLength(csv, "utf8") > SUPPRESSION_IMPORT_LIMITS.maxBytes) {
    throw new AppError("payload_too_large", "The file is larger than 1 MB; split it into smaller files.");
  }
  if (csv.includes("\u0000")) throw invalid("The file contains NUL bytes; it is not a CSV text file.");
  const records = parseCsvRecords(csv);
  let column = 0;
  let firstData = 0;
  const header = (records[0]?.fields ?? []).map((name) => name.toLowerCase());
  const named = header.findIndex((name) => HEADER_NAMES.includes(name));
  if (named >= 0) {
    column = named;
    firstData = 1;
  } else if (header.length > 1 && !header.some((name) => name.includes("@"))) {
    throw invalid("The CSV has several columns but none named email or address.");
  }
  const report: SuppressionImportReport = { added: 0, skipped: 0, invalid: 0, invalidLines: [] };
  const seen = new Set<string>();
  const addresses: string[] = [];
  if (records.length - firstData > SUPPRESSION_IMPORT_LIMITS.maxRows) {
    throw new AppError(
      "payload_too_large",
      `The file has more than ${SUPPRESSION_IMPORT_LIMITS.maxRows} rows; split it into smaller files.`,
    );
  }
  for (const { fields, line } of records.slice(firstData)) {
    const value = withoutFormulaGuard(fields[column] ?? "");
    try {
      const address = parseRecipientAddress(value, "address");
      if (seen.has(address)) report.skipped++;
      else {
        seen.add(address);
        addresses.push(address);
      }
    } catch (error) {
      report.invalid++;
      if (report.invalidLines.length < MAX_INVALID_REPORTED) {
        report.invalidLines.push({ line, value: value.slice(0, 100), reason: error instanceof Error ? error.message : "invalid" });
      }
    }
  }
  for (let i = 0; i < addresses.length; i += 1000) {
    const chunk = addresses.slice(i, i + 1000);
    const added = await insertSuppressions(
      db,
      workspaceId,
      chunk.map((address) => ({ address, reason: "manual" as const, expiresAt: null })),
    );
    report.added += added.length;
    report.skipped += chunk.length - added.length;
  }
  return report;
}

const CSV_COLUMNS = ["address", "reason", "created_at", "expires_at", "email_id", "event_id"];

/**
 * The workspace's whole list as a CSV stream (header first), read a batch of rows at a time and
 * only as fast as the reader takes it: pipe it (stream.pipeline) into the response, so that a
 * slow client holds one batch, not the list. Cells a spreadsheet would run as a formula are
 * neutralised (formulaGuarded); the import takes such cells back as they were.
 */
export function exportSuppressionsCsv(db: Queryable, workspaceId: string): Readable {
  async function* records() {
    for await (const rows of allSuppressions(db, workspaceId)) {
      for (const row of rows)
        yield [row.address, row.reason, row.createdAt.toISOString(), row.expiresAt?.toISOString() ?? null, row.emailId, row.eventId];
    }
  }
  const csv = stringify({ header: true, columns: CSV_COLUMNS, cast: { string: formulaGuarded } });
  csv.setEncoding("utf8");
  // pipeline (not pipe): a failed read destroys the CSV stream, so its reader sees the error.
  pipeline(Readable.from(records()), csv).catch(() => {});
  return csv;
}
