import type { Db, DmarcRecord, DmarcReport } from "@svc/db";
import { z } from "zod";
import { AppError, notFound } from "../errors.ts";
import {
  countDmarcRefusals,
  selectDmarcDaily,
  selectDmarcReport,
  selectDmarcReports,
  selectDmarcSourceDaily,
  selectDmarcSummary,
} from "../stores/dmarcReports.ts";
import type { DmarcRecordInput } from "./parse.ts";

export const DMARC_PAGE_LIMIT = { default: 20, max: 100 } as const;
/** Source rows a summary returns at most (the largest senders first). */
export const DMARC_SUMMARY_LIMIT = 500;
/** A summary spans at most this many days. */
export const DMARC_SUMMARY_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export interface DmarcReportView {
  id: string;
  domain: string;
  orgName: string;
  orgEmail: string | null;
  reportId: string;
  begin: string;
  end: string;
  policy: Record<string, unknown>;
  recordCount: number;
  messageCount: number;
  authenticated: boolean;
  receivedAt: string;
}

/** A record as the REST API shows it: as it was read from the report. */
export type DmarcRecordView = DmarcRecordInput;

function toView(row: DmarcReport): DmarcReportView {
  return {
    id: row.id,
    domain: row.domain,
    orgName: row.orgName,
    orgEmail: row.orgEmail,
    reportId: row.reportId,
    begin: row.beginAt.toISOString(),
    end: row.endAt.toISOString(),
    policy: row.policy as Record<string, unknown>,
    recordCount: row.recordCount,
    messageCount: Number(row.messageCount),
    authenticated: row.authenticated,
    receivedAt: row.receivedAt.toISOString(),
  };
}

function toRecordView(row: DmarcRecord): DmarcRecordView {
  const { sourceIp, disposition, dkim, spf, aligned, headerFrom, envelopeFrom, dkimDomain, dkimResult, spfDomain, spfResult } = row;
  return {
    sourceIp,
    count: Number(row.count),
    disposition,
    dkim,
    spf,
    aligned,
    headerFrom,
    envelopeFrom,
    dkimDomain,
    dkimResult,
    spfDomain,
    spfResult,
  };
}

function parseQuery<T extends z.ZodType>(schema: T, query: Record<string, unknown>): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("validation_failed", `${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  return parsed.data;
}

const domainParam = z
  .string()
  .min(1)
  .max(253)
  .transform((value) => value.toLowerCase());

export const dmarcListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(DMARC_PAGE_LIMIT.max).optional(),
  after: z.string().min(1).max(64).optional(),
  domain: domainParam.optional(),
});

export const dmarcSummaryQuerySchema = z.strictObject({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  domain: domainParam.optional(),
});

export function parseDmarcListQuery(query: Record<string, unknown>) {
  return parseQuery(dmarcListQuerySchema, query);
}

/** `from`/`to` default to the last 30 days; at most DMARC_SUMMARY_MAX_DAYS apart. */
export function parseDmarcSummaryQuery(query: Record<string, unknown>, now = new Date()): { from: Date; to: Date; domain?: string } {
  const parsed = parseQuery(dmarcSummaryQuerySchema, query);
  const to = parsed.to ? new Date(parsed.to) : now;
  const from = parsed.from ? new Date(parsed.from) : new Date(to.getTime() - 30 * DAY_MS);
  if (from >= to) throw new AppError("validation_failed", "from: must be before to.");
  if (to.getTime() - from.getTime() > DMARC_SUMMARY_MAX_DAYS * DAY_MS)
    throw new AppError("validation_failed", `to: at most ${DMARC_SUMMARY_MAX_DAYS} days after from.`);
  return { from, to, ...(parsed.domain ? { domain: parsed.domain } : {}) };
}

/** A workspace's reports, newest first. */
export async function listDmarcReports(
  prisma: Db,
  workspaceId: string,
  options: { limit?: number; after?: string; domain?: string } = {},
): Promise<{ data: DmarcReportView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? DMARC_PAGE_LIMIT.default, 1), DMARC_PAGE_LIMIT.max);
  const rows = await selectDmarcReports(prisma, workspaceId, { ...options, limit });
  return { data: rows.map(toView), nextCursor: rows.length === limit ? rows[rows.length - 1]!.id : null };
}

/** Another workspace's report is a missing one. */
export async function getDmarcReport(
  prisma: Db,
  workspaceId: string,
  id: string,
): Promise<DmarcReportView & { records: DmarcRecordView[] }> {
  const row = await selectDmarcReport(prisma, workspaceId, id);
  if (!row) throw notFound("DMARC report");
  return { ...toView(row), records: row.records.map(toRecordView) };
}

export interface DmarcSourceView {
  domain: string;
  sourceIp: string;
  messages: number;
  aligned: number;
  notAligned: number;
  disposition: { none: number; quarantine: number; reject: number };
}

export interface DmarcSummaryView {
  from: string;
  to: string;
  totals: { messages: number; aligned: number; notAligned: number };
  sources: DmarcSourceView[];
  daily: Array<{ day: string; messages: number; aligned: number }>;
  refused: Record<string, number>;
}

/** Messages by domain and source IP over reports beginning in [from, to): aligned or not, by disposition; and the refusals. */
export async function summarizeDmarc(
  prisma: Db,
  workspaceId: string,
  range: { from: Date; to: Date; domain?: string },
): Promise<DmarcSummaryView> {
  const [rows, daily, refusals] = await Promise.all([
    selectDmarcSummary(prisma, workspaceId, { ...range, limit: DMARC_SUMMARY_LIMIT }),
    selectDmarcDaily(prisma, workspaceId, range),
    countDmarcRefusals(prisma, workspaceId, range),
  ]);
  const sources = rows.map((row) => ({
    domain: row.domain,
    sourceIp: row.sourceIp,
    messages: Number(row.total),
    aligned: Number(row.aligned),
    notAligned: Number(row.total - row.aligned),
    disposition: { none: Number(row.none), quarantine: Number(row.quarantine), reject: Number(row.reject) },
  }));
  const totals = daily.reduce((sum, day) => ({ messages: sum.messages + Number(day.total), aligned: sum.aligned + Number(day.aligned) }), {
    messages: 0,
    aligned: 0,
  });
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    totals: { ...totals, notAligned: totals.messages - totals.aligned },
    sources,
    daily: daily.map((day) => ({ day: day.day.toISOString().slice(0, 10), messages: Number(day.total), aligned: Number(day.aligned) })),
    refused: Object.fromEntries(refusals.map((row) => [row.reason, row._count._all])),
  };
}

/** The largest sources' messages per day: day (YYYY-MM-DD) → source IP → messages. */
export interface DmarcSourceVolume {
  sourceIps: string[];
  byDay: Map<string, Map<string, number>>;
}

/** Per day (YYYY-MM-DD), messages from each of the summary's `top` largest sources: the dashboard's volume by source. */
export async function dmarcSourceVolume(
  prisma: Db,
  workspaceId: string,
  summary: Pick<DmarcSummaryView, "from" | "to" | "sources">,
  top = 5,
): Promise<DmarcSourceVolume> {
  const sourceIps = [...new Set(summary.sources.map((source) => source.sourceIp))].slice(0, top);
  const rows =
    sourceIps.length === 0
      ? []
      : await selectDmarcSourceDaily(prisma, workspaceId, { from: new Date(summary.from), to: new Date(summary.to), sourceIps });
  const byDay = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const day = row.day.toISOString().slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? new Map()).set(row.sourceIp, Number(row.total)));
  }
  return { sourceIps, byDay };
}
