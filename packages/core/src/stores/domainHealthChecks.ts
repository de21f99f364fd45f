import { newId, type Prisma } from "@svc/db";
import type { HealthChange, HealthFinding } from "../domains/health.ts";

/** The `domain_health_checks` table: each re-check's DNS health of a sending domain, the last MAX_HEALTH_CHECKS kept. */

/** Checks kept per domain: about three months of daily re-checks. */
export const MAX_HEALTH_CHECKS = 90;

export interface DomainHealthCheckRow {
  id: string;
  checkedAt: Date;
  findings: HealthFinding[];
  changes: HealthChange[];
}

export async function latestHealthFindings(prisma: Prisma.TransactionClient, domainId: string): Promise<HealthFinding[] | null> {
  const row = await prisma.domainHealthCheck.findFirst({
    where: { domainId },
    orderBy: [{ checkedAt: "desc" }, { id: "desc" }],
    select: { findings: true },
  });
  return row ? (row.findings as unknown as HealthFinding[]) : null;
}

/** Adds a check and drops the domain's checks beyond the newest `keep`. */
export async function insertHealthCheck(
  prisma: Prisma.TransactionClient,
  input: { domainId: string; workspaceId: string; checkedAt: Date; findings: HealthFinding[]; changes: HealthChange[] },
  keep = MAX_HEALTH_CHECKS,
): Promise<string> {
  const id = newId("domainHealthCheck");
  await prisma.domainHealthCheck.create({
    data: {
      id,
      domainId: input.domainId,
      workspaceId: input.workspaceId,
      checkedAt: input.checkedAt,
      findings: input.findings as unknown as Prisma.InputJsonValue,
      changes: input.changes as unknown as Prisma.InputJsonValue,
    },
  });
  await prisma.$executeRaw`
    DELETE FROM domain_health_checks
     WHERE "domainId" = ${input.domainId}
       AND id NOT IN (SELECT id FROM domain_health_checks WHERE "domainId" = ${input.domainId}
                       ORDER BY "checkedAt" DESC, id DESC LIMIT ${keep})`;
  return id;
}

/** A workspace's domain's checks, newest first; another workspace's domain answers none. */
export async function findHealthChecks(
  prisma: Prisma.TransactionClient,
  key: { workspaceId: string; domainId: string },
  limit = MAX_HEALTH_CHECKS,
): Promise<DomainHealthCheckRow[]> {
  const rows = await prisma.domainHealthCheck.findMany({
    where: { domainId: key.domainId, workspaceId: key.workspaceId },
    orderBy: [{ checkedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, checkedAt: true, findings: true, changes: true },
  });
  return rows.map((row) => ({
    id: row.id,
    checkedAt: row.checkedAt,
    findings: row.findings as unknown as HealthFinding[],
    changes: row.changes as unknown as HealthChange[],
  }));
}
