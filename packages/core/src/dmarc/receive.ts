import type { Db } from "@svc/db";
import { newId } from "@svc/db";
import type { InboundVerdicts } from "../inbound/authenticate.ts";
import { parseInbound } from "../inbound/parse.ts";
import { insertDmarcRefusal, insertDmarcReport } from "../stores/dmarcReports.ts";
import { findDomainsNamed } from "../stores/domains.ts";
import { DMARC_LIMITS, type DmarcLimits, DmarcRefused, readReport } from "./parse.ts";

/** Attachments that may be reports: by name or type (Google: `.xml.gz`, Microsoft: `.zip`, some: bare `.xml`). */
const REPORT_FILE = /\.(xml|xml\.gz|gz|zip)$/i;
const REPORT_TYPE = /(gzip|zip|xml|octet-stream)/i;

export type DmarcOutcome =
  | { outcome: "stored"; reportId: string; dmarcReportId: string }
  | { outcome: "duplicate"; reportId: string }
  | { outcome: "refused"; reason: string; detail: string };

export interface DmarcArrival {
  workspaceId: string;
  raw: Buffer;
  verdicts: InboundVerdicts;
  receivedAt: Date;
}

async function refuse(prisma: Db, arrival: DmarcArrival, reason: string, detail: string): Promise<DmarcOutcome> {
  await insertDmarcRefusal(prisma, { workspaceId: arrival.workspaceId, reason, detail, receivedAt: arrival.receivedAt });
  return { outcome: "refused", reason, detail };
}

/** A message refused whole before it was read (over the reports' size bound): counted for the workspace. */
export function refuseDmarcMessage(prisma: Db, arrival: Omit<DmarcArrival, "raw" | "verdicts">, detail: string) {
  return insertDmarcRefusal(prisma, { workspaceId: arrival.workspaceId, reason: "too_large", detail, receivedAt: arrival.receivedAt });
}

/**
 * A message at a workspace's reporting address: each report attachment (at most
 * `maxAttachments`) read within the bounds and stored with its records, once per (org, report
 * id). A report for a domain that is not one of the workspace's verified sending domains is
 * refused and counted, as is one past a bound: the workspace sees the count and the reason, never
 * anything of another workspace.
 */
export async function receiveDmarcReports(prisma: Db, arrival: DmarcArrival, limits: DmarcLimits = DMARC_LIMITS): Promise<DmarcOutcome[]> {
  const parsed = await parseInbound(arrival.raw);
  const candidates = parsed.attachments
    .map((meta, index) => ({ meta, bytes: parsed.files[index]! }))
    .filter(({ meta }) => REPORT_FILE.test(meta.filename ?? "") || REPORT_TYPE.test(meta.contentType));
  if (candidates.length === 0) return [await refuse(prisma, arrival, "not_a_report", "The message has no report attachment.")];
  const outcomes: DmarcOutcome[] = [];
  for (const { bytes } of candidates.slice(0, limits.maxAttachments)) {
    try {
      const report = await readReport(bytes, limits);
      const [domain] = (await findDomainsNamed(prisma, arrival.workspaceId, [report.domain])).filter((row) => row.status === "verified");
      if (!domain)
        throw new DmarcRefused("unknown_domain", `The report is for ${report.domain}, not a verified sending domain of this workspace.`);
      const id = newId("dmarcReport");
      const created = await insertDmarcReport(
        prisma,
        {
          id,
          workspaceId: arrival.workspaceId,
          domainId: domain.id,
          authenticated: arrival.verdicts.dmarc.result === "pass",
          receivedAt: arrival.receivedAt,
        },
        report,
      );
      outcomes.push(
        created ? { outcome: "stored", reportId: report.reportId, dmarcReportId: id } : { outcome: "duplicate", reportId: report.reportId },
      );
    } catch (error) {
      if (!(error instanceof DmarcRefused)) throw error;
      outcomes.push(await refuse(prisma, arrival, error.reason, error.message));
    }
  }
  return outcomes;
}
