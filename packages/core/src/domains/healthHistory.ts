import type { Db, Domain } from "@svc/db";
import { notFound } from "../errors.ts";
import { findHealthChecks, insertHealthCheck, latestHealthFindings } from "../stores/domainHealthChecks.ts";
import { findDomain } from "../stores/domains.ts";
import { domainHealth, type HealthChange, type HealthFinding, healthChanges } from "./health.ts";
import type { TxtResolver } from "./resolver.ts";

/** Checks `domain`'s DNS health and keeps the result with what changed since the check before. */
export async function recordDomainHealth(
  prisma: Db,
  resolver: TxtResolver,
  domain: Domain,
  checkedAt: Date,
): Promise<{ findings: HealthFinding[]; changes: HealthChange[] }> {
  const findings = await domainHealth(resolver, domain);
  const changes = healthChanges(await latestHealthFindings(prisma, domain.id), findings);
  await insertHealthCheck(prisma, { domainId: domain.id, workspaceId: domain.workspaceId, checkedAt, findings, changes });
  return { findings, changes };
}

export interface DomainHealthHistory {
  domainId: string;
  domain: string;
  /** The newest check's findings (empty before the first re-check). */
  latest: { checkedAt: Date; findings: HealthFinding[] } | null;
  /** Every kept check that changed a status, newest first. */
  changes: Array<{ checkedAt: Date; changes: HealthChange[] }>;
  checks: number;
}

/**
 * A domain's DNS health history, for the dashboard and `svc domain health`. `workspaceId` scopes
 * it (absent: the operator's CLI); a domain of another workspace is not found.
 */
export async function getDomainHealth(prisma: Db, domainId: string, workspaceId?: string): Promise<DomainHealthHistory> {
  const domain = await findDomain(prisma, { domainId, ...(workspaceId ? { workspaceId } : {}) });
  if (!domain) throw notFound("Domain");
  const checks = await findHealthChecks(prisma, { domainId: domain.id, workspaceId: domain.workspaceId });
  const newest = checks[0];
  return {
    domainId: domain.id,
    domain: domain.name,
    latest: newest ? { checkedAt: newest.checkedAt, findings: newest.findings } : null,
    changes: checks.filter((check) => check.changes.length > 0).map((check) => ({ checkedAt: check.checkedAt, changes: check.changes })),
    checks: checks.length,
  };
}
