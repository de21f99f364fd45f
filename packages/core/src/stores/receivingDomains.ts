/**
 * The `receiving_domains` table: domains a workspace receives mail for, their expected records
 * and last check. Several workspaces may add a name; a partial unique index lets one have it
 * verified at a time.
 */
import type { DomainStatus, InboundRoute, Prisma, ReceivingDomain } from "@svc/db";
import type { RecordCheck } from "../domains/checks.ts";
import type { ExpectedRecord } from "../domains/records.ts";
import type { Queryable } from "../sql.ts";
import { type DueForCheckRange, dueForCheckPage } from "./dueForCheck.ts";

type PrismaTx = Prisma.TransactionClient;

interface ReceivingDomainKey {
  receivingDomainId: string;
  workspaceId?: string;
}

const where = ({ receivingDomainId, workspaceId }: ReceivingDomainKey) => ({
  id: receivingDomainId,
  ...(workspaceId ? { workspaceId } : {}),
});

export type ReceivingDomainWithRoutes = ReceivingDomain & { routes: InboundRoute[] };

export function insertReceivingDomain(
  prisma: PrismaTx,
  row: { id: string; workspaceId: string; name: string; verificationToken: string; records: readonly ExpectedRecord[] },
): Promise<ReceivingDomainWithRoutes> {
  return prisma.receivingDomain.create({
    data: { ...row, records: row.records as unknown as Prisma.InputJsonValue },
    include: { routes: true },
  });
}

export function findReceivingDomain(prisma: PrismaTx, key: ReceivingDomainKey): Promise<ReceivingDomainWithRoutes | null> {
  return prisma.receivingDomain.findFirst({ where: where(key), include: { routes: { orderBy: { localPart: "asc" } } } });
}

export function findReceivingDomainsOfWorkspace(prisma: PrismaTx, workspaceId: string): Promise<ReceivingDomainWithRoutes[]> {
  return prisma.receivingDomain.findMany({
    where: { workspaceId },
    orderBy: { name: "asc" },
    include: { routes: { orderBy: { localPart: "asc" } } },
  });
}

export function countReceivingDomains(prisma: PrismaTx, workspaceId: string): Promise<number> {
  return prisma.receivingDomain.count({ where: { workspaceId } });
}

export async function receivingDomainNameTaken(prisma: PrismaTx, workspaceId: string, name: string): Promise<boolean> {
  return (await prisma.receivingDomain.count({ where: { workspaceId, name } })) > 0;
}

/** Whether another workspace has `name` verified for receiving. */
export async function receivingDomainVerifiedElsewhere(prisma: PrismaTx, name: string, workspaceId: string): Promise<boolean> {
  return (await prisma.receivingDomain.count({ where: { name, status: "verified", NOT: { workspaceId } } })) > 0;
}

/** The verified receiving domains of these names, with their routes (the receiver's look-up per recipient domain). */
export function findVerifiedReceivingDomains(prisma: PrismaTx, names: readonly string[]): Promise<ReceivingDomainWithRoutes[]> {
  return prisma.receivingDomain.findMany({ where: { name: { in: [...names] }, status: "verified" }, include: { routes: true } });
}

/** Every name verified for receiving by some workspace, in order (`svc ses setup --inbound` makes a receipt rule per name). */
export async function selectVerifiedReceivingDomainNames(prisma: PrismaTx): Promise<string[]> {
  const rows = await prisma.receivingDomain.findMany({
    where: { status: "verified" },
    select: { name: true },
    distinct: ["name"],
    orderBy: { name: "asc" },
  });
  return rows.map((row) => row.name);
}

/** Receiving domains last checked before `checkedBefore` (or never), in id order after `afterId`: the re-check's pages. */
export function findReceivingDomainsDueForCheck(prisma: PrismaTx, range: DueForCheckRange): Promise<ReceivingDomain[]> {
  return prisma.receivingDomain.findMany(dueForCheckPage(range));
}

export async function deleteReceivingDomain(prisma: PrismaTx, key: ReceivingDomainKey): Promise<boolean> {
  return (await prisma.receivingDomain.deleteMany({ where: where(key) })).count > 0;
}

export async function updateReceivingDomainCheck(
  prisma: PrismaTx,
  key: ReceivingDomainKey,
  data: { status: DomainStatus; lastCheckedAt: Date; lastChecks: RecordCheck[]; verifiedAt?: Date | null },
): Promise<boolean> {
  const result = await prisma.receivingDomain.updateMany({
    where: where(key),
    data: { ...data, lastChecks: data.lastChecks as unknown as Prisma.InputJsonValue },
  });
  return result.count > 0;
}

/** The workspace a receiving domain belongs to (the audit log names it for a change made by id alone), or null. */
export async function selectReceivingDomainWorkspaceId(db: Queryable, receivingDomainId: string): Promise<string | null> {
  const { rows } = await db.query(`SELECT "workspaceId" FROM receiving_domains WHERE id = $1`, [receivingDomainId]);
  return (rows[0] as { workspaceId: string } | undefined)?.workspaceId ?? null;
}
