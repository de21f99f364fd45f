/**
 * The `domains` table: sending domains, their expected DNS records, DKIM keys and last check.
 * Functions take the Prisma client or a transaction client. The send path also reads this
 * table, inside its email insert statement (the emails store), to check the sender's domain.
 */
import { type Domain, type DomainStatus, Prisma } from "@svc/db";
import type { RecordCheck } from "../domains/checks.ts";
import type { ExpectedRecord } from "../domains/records.ts";
import type { Queryable } from "../sql.ts";
import { type DueForCheckRange, dueForCheckPage } from "./dueForCheck.ts";

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
    /** Sealed (SecretBox). */
    dkimPrivateKey: string;
    mailFromDomain: string | null;
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
export async function countDomainsByStatus(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
): Promise<Array<{ status: DomainStatus; count: number }>> {
  const rows = await prisma.domain.groupBy({ by: ["status"], where: { workspaceId }, _count: { _all: true } });
  return rows.map((row) => ({ status: row.status, count: row._count._all }));
}

/** The outcome of a check. Optional fields are written only when given. */
interface DomainCheckUpdate {
  status: DomainStatus;
  lastCheckedAt: Date;
  lastChecks: readonly RecordCheck[];
  verifiedAt?: Date | null;
  lastVerifiedAt?: Date | null;
  failureReason?: string | null;
  /** Null is written as SQL NULL (the simulator has no provider state). */
  providerState?: object | null;
}

/** Records a check's outcome; the updated row, or null when there is no such domain (any more). */
export async function updateDomainCheck(
  prisma: Prisma.TransactionClient,
  key: DomainKey,
  update: DomainCheckUpdate,
): Promise<Domain | null> {
  const { lastChecks, providerState, ...fields } = update;
  const [updated] = await prisma.domain.updateManyAndReturn({
    where: where(key),
    data: {
      ...fields,
      lastChecks: lastChecks as unknown as Prisma.InputJsonValue,
      ...(providerState !== undefined
        ? { providerState: providerState === null ? Prisma.DbNull : (providerState as Prisma.InputJsonValue) }
        : {}),
    },
  });
  return updated ?? null;
}

/**
 * Domains not checked since `checkedBefore` (or never), in id order after `afterId`, at most
 * `limit`: the scheduled re-check walks the table with it.
 */
export function findDomainsDueForCheck(prisma: Prisma.TransactionClient, range: DueForCheckRange): Promise<Domain[]> {
  return prisma.domain.findMany(dueForCheckPage(range));
}

/** The workspace's domains of these names (lower-case), for explaining a refused send. */
export function findDomainsNamed(prisma: Prisma.TransactionClient, workspaceId: string, names: readonly string[]): Promise<Domain[]> {
  return prisma.domain.findMany({ where: { workspaceId, name: { in: [...names] } } });
}

/** Whether a workspace other than `workspaceId` has a domain of this name. */
export async function domainNameUsedElsewhere(prisma: Prisma.TransactionClient, name: string, workspaceId: string): Promise<boolean> {
  return (await prisma.domain.findFirst({ where: { name, workspaceId: { not: workspaceId } }, select: { id: true } })) !== null;
}

/** Rows whose DKIM private key is still stored as plain PEM (written before keys were sealed). */
export function findDomainsWithPlainKeys(
  prisma: Prisma.TransactionClient,
  limit: number,
): Promise<Array<{ id: string; dkimPrivateKey: string }>> {
  return prisma.domain.findMany({
    where: { dkimPrivateKey: { startsWith: "-----BEGIN" } },
    select: { id: true, dkimPrivateKey: true },
    orderBy: { id: "asc" },
    take: limit,
  });
}

/**
 * Replaces each row's stored key, only where it still holds `from` (another process sealing the
 * same row at once changes nothing twice). The number of rows changed.
 */
export async function replaceDomainPrivateKeys(
  prisma: Prisma.TransactionClient,
  changes: ReadonlyArray<{ id: string; from: string; to: string }>,
): Promise<number> {
  let changed = 0;
  for (const change of changes) {
    const { count } = await prisma.domain.updateMany({
      where: { id: change.id, dkimPrivateKey: change.from },
      data: { dkimPrivateKey: change.to },
    });
    changed += count;
  }
  return changed;
}

/** False when there is no such domain (any more). */
export async function deleteDomain(prisma: Prisma.TransactionClient, key: DomainKey): Promise<boolean> {
  const { count } = await prisma.domain.deleteMany({ where: where(key) });
  return count > 0;
}

/**
 * The SQL condition "`domain` (lower-case) is a verified domain of workspace `workspace` now, and
 * its name is the workspace's own (its DNS proved it: `provenAt`)", for a statement that checks it
 * beside its own work (the API's insert of a send, the sender's handoff checks). A `verified` row
 * whose name another workspace proved never sends.
 */
export const verifiedDomainSql = (workspace: string, domain: string) =>
  `EXISTS (SELECT 1 FROM domains d WHERE d."workspaceId" = ${workspace} AND lower(d.name) = ${domain} AND d.status = 'verified' AND d."provenAt" IS NOT NULL)`;

/** A domain's open/click tracking settings. */
export interface DomainTracking {
  openTracking: boolean;
  clickTracking: boolean;
  trackingDomain: string | null;
}

/** Sets the tracking switches; the updated row, or null when there is no such domain. */
export async function updateDomainTracking(
  prisma: Prisma.TransactionClient,
  key: DomainKey,
  tracking: DomainTracking,
): Promise<Domain | null> {
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

/** Every domain, the most recently checked first, at most `limit` (the operator's status overview). */
export function findAllDomains(prisma: Prisma.TransactionClient, limit: number): Promise<Domain[]> {
  return prisma.domain.findMany({
    orderBy: [{ lastCheckedAt: { sort: "desc", nulls: "last" } }, { name: "asc" }, { id: "asc" }],
    take: limit,
  });
}

/** Verified and pending domains by name (all when `names` is empty), at most `limit`: what `svc doctor` checks. */
export function findCheckableDomains(prisma: Prisma.TransactionClient, names: readonly string[], limit: number): Promise<Domain[]> {
  return prisma.domain.findMany({
    where: { status: { in: ["verified", "pending"] }, ...(names.length ? { name: { in: [...names] } } : {}) },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: limit,
  });
}

/** The domain that owns `name` (its DNS proved it first), if any. */
export function findDomainOwner(
  prisma: Prisma.TransactionClient,
  name: string,
): Promise<{ id: string; workspaceId: string; provenAt: Date | null } | null> {
  return prisma.domain.findFirst({ where: { name, provenAt: { not: null } }, select: { id: true, workspaceId: true, provenAt: true } });
}

/**
 * Makes this domain the owner of its name, unless another domain owns it: the partial unique
 * index `domains_name_proven_key` lets exactly one of any number of concurrent claims through.
 * True when this domain owns the name now (also when it did already).
 */
export async function claimDomainName(prisma: Prisma.TransactionClient, domainId: string, now: Date): Promise<boolean> {
  try {
    const claimed = await prisma.$executeRaw`UPDATE "domains" SET "provenAt" = ${now} WHERE "id" = ${domainId} AND "provenAt" IS NULL`;
    if (claimed > 0) return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return (await prisma.domain.count({ where: { id: domainId, provenAt: { not: null } } })) > 0;
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${JSON.stringify((error as { meta?: unknown }).meta ?? {})}` : "";
  return (
    text.includes("23505") ||
    text.includes("domains_name_proven_key") ||
    (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
  );
}

/** Ends every other claim of the name (not the owner's) as `failed`, saying why. The number ended. */
export async function failRivalClaims(prisma: Prisma.TransactionClient, name: string, ownerId: string, reason: string): Promise<number> {
  const { count } = await prisma.domain.updateMany({
    where: { name, id: { not: ownerId }, provenAt: null, NOT: { status: "failed", failureReason: reason } },
    data: { status: "failed", failureReason: reason },
  });
  return count;
}

/** Ends claims never proven and added before `addedBefore` as `failed`, saying why. The number ended. */
export async function expireDomainClaims(prisma: Prisma.TransactionClient, addedBefore: Date, reason: string): Promise<number> {
  const { count } = await prisma.domain.updateMany({
    where: { status: "pending", provenAt: null, createdAt: { lt: addedBefore } },
    data: { status: "failed", failureReason: reason },
  });
  return count;
}

/** The names of the workspace's verified domains. */
export async function findVerifiedDomainNames(prisma: Prisma.TransactionClient, workspaceId: string): Promise<string[]> {
  return (await prisma.domain.findMany({ where: { workspaceId, status: "verified" }, select: { name: true } })).map(
    (domain) => domain.name,
  );
}

/**
 * Workspaces that have domains, with every domain's name, in workspace id order after `after`,
 * at most `limit` workspaces (`svc ses setup` makes each one's SES tenant).
 */
export function findDomainNamesByWorkspace(
  prisma: Prisma.TransactionClient,
  after: string | null,
  limit: number,
): Promise<Array<{ workspaceId: string; names: string[] }>> {
  return prisma.$queryRaw<Array<{ workspaceId: string; names: string[] }>>`
    SELECT "workspaceId", array_agg(name ORDER BY name) AS names
    FROM domains
    WHERE ${after}::text IS NULL OR "workspaceId" > ${after}::text
    GROUP BY "workspaceId"
    ORDER BY "workspaceId"
    LIMIT ${limit}`;
}

/** The workspace a domain belongs to (the audit log names it for a change made by id alone), or null. */
export async function selectDomainWorkspaceId(db: Queryable, domainId: string): Promise<string | null> {
  const { rows } = await db.query(`SELECT "workspaceId" FROM domains WHERE id = $1`, [domainId]);
  return (rows[0] as { workspaceId: string } | undefined)?.workspaceId ?? null;
}

/** Verified domains, at most `limit`, in name order: the identities every SES region must have. */
export function findVerifiedDomains(prisma: Prisma.TransactionClient, limit: number): Promise<Domain[]> {
  return prisma.domain.findMany({ where: { status: "verified" }, orderBy: [{ name: "asc" }, { id: "asc" }], take: limit });
}
