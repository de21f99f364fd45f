/**
 * The `dmarc_reports`, `dmarc_records` and `dmarc_refusals` tables: aggregate reports a workspace
 * received for its sending domains, their rows, and the reports refused at its address. Every
 * read is by workspace.
 */
import { type DmarcRecord, type DmarcReport, Prisma } from "@svc/db";
import type { DmarcRecordInput, DmarcReportInput } from "../dmarc/parse.ts";

type PrismaTx = Prisma.TransactionClient;

/** Inserts a report with its records; false when the workspace has this (org, report id) already. */
export async function insertDmarcReport(
  prisma: PrismaTx,
  row: { id: string; workspaceId: string; domainId: string; authenticated: boolean; receivedAt: Date },
  report: DmarcReportInput,
): Promise<boolean> {
  const records = report.records.map((record: DmarcRecordInput) => ({
    ...record,
    count: BigInt(record.count),
    workspaceId: row.workspaceId,
    domain: report.domain,
    beginAt: report.beginAt,
  }));
  try {
    await prisma.dmarcReport.create({
      data: {
        ...row,
        domain: report.domain,
        orgName: report.orgName,
        orgEmail: report.orgEmail,
        reportId: report.reportId,
        beginAt: report.beginAt,
        endAt: report.endAt,
        policy: report.policy as Prisma.InputJsonValue,
        recordCount: records.length,
        messageCount: records.reduce((sum, record) => sum + record.count, 0n),
        records: { createMany: { data: records } },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return false;
    throw error;
  }
}

export function insertDmarcRefusal(prisma: PrismaTx, row: { workspaceId: string; reason: string; detail: string; receivedAt: Date }) {
  return prisma.dmarcRefusal.create({ data: row });
}

export function countDmarcRefusals(prisma: PrismaTx, workspaceId: string, range: { from: Date; to: Date }) {
  return prisma.dmarcRefusal.groupBy({
    by: ["reason"],
    where: { workspaceId, receivedAt: { gte: range.from, lt: range.to } },
    _count: { _all: true },
  });
}

/** Newest first; `after` is the last id of the previous page. */
export function selectDmarcReports(
  prisma: PrismaTx,
  workspaceId: string,
  options: { limit: number; after?: string; domain?: string },
): Promise<DmarcReport[]> {
  return prisma.dmarcReport.findMany({
    where: { workspaceId, ...(options.domain ? { domain: options.domain } : {}), ...(options.after ? { id: { lt: options.after } } : {}) },
    orderBy: { id: "desc" },
    take: options.limit,
  });
}

export function selectDmarcReport(
  prisma: PrismaTx,
  workspaceId: string,
  id: string,
): Promise<(DmarcReport & { records: DmarcRecord[] }) | null> {
  return prisma.dmarcReport.findFirst({ where: { id, workspaceId }, include: { records: { orderBy: { id: "asc" } } } });
}

export interface DmarcSourceRow {
  domain: string;
  sourceIp: string;
  /** The day (UTC) the reports' ranges begin, when grouped by day. */
  day?: Date;
  total: bigint;
  aligned: bigint;
  none: bigint;
  quarantine: bigint;
  reject: bigint;
}

/** Message counts by domain and source IP over reports beginning in [from, to). */
export function selectDmarcSummary(
  prisma: PrismaTx,
  workspaceId: string,
  range: { from: Date; to: Date; domain?: string; limit: number },
): Promise<DmarcSourceRow[]> {
  return prisma.$queryRaw<DmarcSourceRow[]>`
    SELECT "domain", "sourceIp",
           SUM("count")::bigint AS total,
           COALESCE(SUM("count") FILTER (WHERE "aligned"), 0)::bigint AS aligned,
           COALESCE(SUM("count") FILTER (WHERE "disposition" = 'none'), 0)::bigint AS none,
           COALESCE(SUM("count") FILTER (WHERE "disposition" = 'quarantine'), 0)::bigint AS quarantine,
           COALESCE(SUM("count") FILTER (WHERE "disposition" = 'reject'), 0)::bigint AS reject
      FROM dmarc_records
     WHERE "workspaceId" = ${workspaceId} AND "beginAt" >= ${range.from} AND "beginAt" < ${range.to}
       AND (${range.domain ?? null}::text IS NULL OR "domain" = ${range.domain ?? null})
     GROUP BY "domain", "sourceIp"
     ORDER BY total DESC, "domain", "sourceIp"
     LIMIT ${range.limit}`;
}

/** Message counts by day, aligned or not, over reports beginning in [from, to) (the dashboard's chart). */
export function selectDmarcDaily(
  prisma: PrismaTx,
  workspaceId: string,
  range: { from: Date; to: Date; domain?: string },
): Promise<Array<{ day: Date; total: bigint; aligned: bigint }>> {
  return prisma.$queryRaw`
    SELECT date_trunc('day', "beginAt" AT TIME ZONE 'UTC') AS day,
           SUM("count")::bigint AS total,
           COALESCE(SUM("count") FILTER (WHERE "aligned"), 0)::bigint AS aligned
      FROM dmarc_records
     WHERE "workspaceId" = ${workspaceId} AND "beginAt" >= ${range.from} AND "beginAt" < ${range.to}
       AND (${range.domain ?? null}::text IS NULL OR "domain" = ${range.domain ?? null})
     GROUP BY 1 ORDER BY 1`;
}

/** Message counts by day for the given source IPs over reports beginning in [from, to). */
export function selectDmarcSourceDaily(
  prisma: PrismaTx,
  workspaceId: string,
  range: { from: Date; to: Date; sourceIps: string[] },
): Promise<Array<{ day: Date; sourceIp: string; total: bigint }>> {
  return prisma.$queryRaw`
    SELECT date_trunc('day', "beginAt" AT TIME ZONE 'UTC') AS day, "sourceIp", SUM("count")::bigint AS total
      FROM dmarc_records
     WHERE "workspaceId" = ${workspaceId} AND "beginAt" >= ${range.from} AND "beginAt" < ${range.to}
       AND "sourceIp" = ANY(${range.sourceIps}::text[])
     GROUP BY 1, 2 ORDER BY 1`;
}
