import type { Db } from "@svc/db";
import { findCheckableDomains } from "../stores/domains.ts";
import { checkDmarc, checkRecords, type RecordCheck } from "./checks.ts";
import type { TxtResolver } from "./resolver.ts";
import { recordsOf } from "./views.ts";

/**
 * Each sending domain's DNS as verification reads it (the records it was shown, and DMARC), read
 * only: nothing about the domain changes. For `svc doctor`, which proves an install without
 * touching what it proves.
 */
export interface DomainDnsReport {
  domainId: string;
  workspaceId: string;
  name: string;
  status: string;
  checks: RecordCheck[];
}

/** At most this many domains are checked in one run; an install with more names the rest by count. */
const MAX_DOMAINS = 200;

export async function domainDnsReports(
  prisma: Db,
  resolver: TxtResolver,
  filter: { names?: readonly string[] } = {},
): Promise<{ reports: DomainDnsReport[]; truncated: boolean }> {
  const domains = await findCheckableDomains(prisma, filter.names ?? [], MAX_DOMAINS + 1);
  const reports = await Promise.all(
    domains.slice(0, MAX_DOMAINS).map(async (domain) => {
      const [outcomes, dmarc] = await Promise.all([checkRecords(resolver, recordsOf(domain)), checkDmarc(resolver, domain.name)]);
      return {
        domainId: domain.id,
        workspaceId: domain.workspaceId,
        name: domain.name,
        status: domain.status,
        checks: [...outcomes.map((outcome) => outcome.check), dmarc],
      };
    }),
  );
  return { reports, truncated: domains.length > MAX_DOMAINS };
}
