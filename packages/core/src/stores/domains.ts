/**
 * The `domains` table: sending domains, their expected DNS records, DKIM keys and last check.
 * Functions take the Prisma client or a transaction client. The send path also reads this
 * table, inside its email insert statement (the emails store), to check the sender's domain.
 */
import type { Domain, DomainStatus, Prisma } from "@svc/db";
import type { RecordCheck } from "../domains/checks.ts";
import type { ExpectedRecord } from "../domains/records.ts";
import type { Queryable } from "../sql.ts";

/** One domain, or only within one workspace when `workspaceId` is given. */
interface DomainKey {
  domainId: string;
  workspaceId?: string;
}

const where = ({ domainId, workspaceId }: DomainKey) => ({ id: domainId, ...(workspaceId ? { workspaceId } : {}) });

export function insertDomain(
  prisma: Prisma.TransactionClient,
  row: {
    id: string;
    workspaceId: string;
    name: string;
    status: DomainStatus;
    records: readonly ExpectedRecord[];
    verificationToken: string;
    dkimSelector: string;
    dkimPublicKey: string;
    dkimPrivateKey: string;
  },
): Promise<Domain> {
  return prisma.domain.create({ data: { ...row, records: row.records as unknown as Prisma.InputJsonValue } });
}

export function findDomain(prisma: Prisma.TransactionClient, key: DomainKey): Promise<Domain | null> {
  return prisma.domain.findFirst({ where: where(key) });
}

export async function domainNameTaken(prisma: Prisma.TransactionClient, workspaceId: string, name: string): Promise<boolean> {
  return (await prisma.domain.findUnique({ where: { workspaceId_name: { workspaceId, name } }, select: { id: true } })) !== null;
}

/** The workspace's domains, newest first. */
export function findDomainsOfWorkspace(prisma: Prisma.TransactionClient, workspaceId: string): Promise<Domain[]> {
  return prisma.domain.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

export function countDomains(prisma: Prisma.TransactionClient, workspaceId: string): Promise<number> {
  return prisma.domain.count({ where: { workspaceId } });
}

/** How many of the workspace's domains are in each status (statuses with none are absent). */
export async function countDomainsByStatus(prisma: Prisma.TransactionClient, workspaceId: string): Promise<Array<{ status: DomainStatus; count: number }>> {
  const rows = await prisma.domain.groupBy({ by: ["status"], where: { workspaceId }, _count: { _all: true } });
  return rows.map((row) => ({ status: row.status, count: row._count._all }));
}

/** The outcome of a check. `verifiedAt` is written only when given. */
interface DomainCheckUpdate {
  status: DomainStatus;
  lastCheckedAt: Date;
  lastChecks: readonly RecordCheck[];
  verifiedAt?: Date | null;
}

/** Records a check's outcome; the updated row, or null when there is no such domain (any more). */
export async function updateDomainCheck(prisma: Prisma.TransactionClient, key: DomainKey, update: DomainCheckUpdate): Promise<Domain | null> {
  const [updated] = await prisma.domain.updateManyAndReturn({
    where: where(key),
    data: { ...update, lastChecks: update.lastChecks as unknown as Prisma.InputJsonValue },
  });
  return updated ?? null;
}

/** False when there is no such domain (any more). */
export async function deleteDomain(prisma: Prisma.TransactionClient, key: DomainKey): Promise<boolean> {
  const { count } = await prisma.domain.deleteMany({ where: where(key) });
  return count > 0;
}

/** A domain's open/click tracking settings. */
export interface DomainTracking {
  openTracking: boolean;
  clickTracking: boolean;
  trackingDomain: string | null;
}

/** Sets the tracking switches; the updated row, or null when there is no such domain. */
export async function updateDomainTracking(prisma: Prisma.TransactionClient, key: DomainKey, tracking: DomainTracking): Promise<Domain | null> {
  const [updated] = await prisma.domain.updateManyAndReturn({ where: where(key), data: tracking });
  return updated ?? null;
}

/**
 * The tracking settings of sending domains by workspace and name (the sender's choice of
 * configuration set). Domains not found are absent from the answer.
 */
export async function selectDomainTracking(
  db: Queryable,
  keys: Array<{ workspaceId: string; name: string }>,
): Promise<Array<{ workspaceId: string; name: string } & DomainTracking>> {
  if (keys.length === 0) return [];
  const { rows } = await db.query(
    `SELECT d."workspaceId", d.name, d."openTracking", d."clickTracking", d."trackingDomain"
       FROM domains d
       JOIN unnest($1::text[], $2::text[]) AS k(workspace_id, name) ON d."workspaceId" = k.workspace_id AND d.name = k.name`,
    [keys.map((key) => key.workspaceId), keys.map((key) => key.name)],
  );
  return rows as Array<{ workspaceId: string; name: string } & DomainTracking>;
}

/** Every distinct tracking combination with a custom tracking domain that some domain uses. */
export async function findCustomTrackingCombinations(prisma: Prisma.TransactionClient): Promise<DomainTracking[]> {
  const rows = await prisma.domain.findMany({
    where: { trackingDomain: { not: null }, OR: [{ openTracking: true }, { clickTracking: true }] },
    select: { openTracking: true, clickTracking: true, trackingDomain: true },
    distinct: ["openTracking", "clickTracking", "trackingDomain"],
    orderBy: [{ trackingDomain: "asc" }, { openTracking: "asc" }, { clickTracking: "asc" }],
  });
  return rows;
}
