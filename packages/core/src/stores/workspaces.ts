/**
 * The `workspaces` table. Functions take the Prisma client or a transaction client, so that a
 * service can run them inside its own `prisma.$transaction`.
 */
import type { Plan, Prisma, Workspace } from "@svc/db";
import type { Queryable } from "../sql.ts";

export function insertWorkspace(prisma: Prisma.TransactionClient, row: { id: string; name: string; plan: Plan }): Promise<Workspace> {
  return prisma.workspace.create({ data: row });
}

export function findWorkspace(prisma: Prisma.TransactionClient, workspaceId: string): Promise<Workspace | null> {
  return prisma.workspace.findUnique({ where: { id: workspaceId } });
}

export async function workspaceExists(prisma: Prisma.TransactionClient, workspaceId: string): Promise<boolean> {
  return (await prisma.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } })) !== null;
}

export function updateWorkspacePlan(prisma: Prisma.TransactionClient, workspaceId: string, plan: Plan): Promise<Workspace> {
  return prisma.workspace.update({ where: { id: workspaceId }, data: { plan } });
}

/** Sets (or with nulls, clears) the request rate limit of the workspace's API keys. */
export function updateWorkspaceRateLimit(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
  limit: { apiRateLimitPerSecond: number | null; apiRateLimitBurst: number | null },
): Promise<Workspace> {
  return prisma.workspace.update({ where: { id: workspaceId }, data: limit });
}

/**
 * Locks the workspace's row until the transaction ends. Changes to a workspace's members take
 * this lock first, so that concurrent changes are checked one after another.
 */
export async function lockWorkspace(tx: Prisma.TransactionClient, workspaceId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
}

export async function updateWorkspaceSecondFactorRequirement(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
  required: boolean,
): Promise<void> {
  await prisma.workspace.update({ where: { id: workspaceId }, data: { requireSecondFactor: required } });
}

/** A workspace's retention settings as stored (null days: its plan's). */
export interface WorkspaceRetentionRow {
  plan: Plan;
  bodyRetentionDays: number | null;
  metadataRetentionDays: number | null;
  privacyMode: boolean;
}

/** The workspace's retention settings, its row locked until the transaction ends; null when there is no such workspace. */
export async function lockWorkspaceRetention(db: Queryable, workspaceId: string): Promise<WorkspaceRetentionRow | null> {
  const { rows } = await db.query(
    `SELECT plan::text AS plan, "bodyRetentionDays", "metadataRetentionDays", "privacyMode" FROM workspaces WHERE id = $1 FOR UPDATE`,
    [workspaceId],
  );
  return (rows[0] as WorkspaceRetentionRow | undefined) ?? null;
}

export async function readWorkspaceRetention(db: Queryable, workspaceId: string): Promise<WorkspaceRetentionRow | null> {
  const { rows } = await db.query(
    `SELECT plan::text AS plan, "bodyRetentionDays", "metadataRetentionDays", "privacyMode" FROM workspaces WHERE id = $1`,
    [workspaceId],
  );
  return (rows[0] as WorkspaceRetentionRow | undefined) ?? null;
}

export async function updateWorkspaceRetention(
  db: Queryable,
  workspaceId: string,
  settings: Omit<WorkspaceRetentionRow, "plan">,
): Promise<void> {
  await db.query(`UPDATE workspaces SET "bodyRetentionDays" = $2, "metadataRetentionDays" = $3, "privacyMode" = $4 WHERE id = $1`, [
    workspaceId,
    settings.bodyRetentionDays,
    settings.metadataRetentionDays,
    settings.privacyMode,
  ]);
}

/** A workspace's SES regions as stored: its primary (null = the install's first) and its failover order (empty = pinned). */
export interface WorkspaceRegionsRow {
  sesPrimaryRegion: string | null;
  sesFailoverRegions: string[];
}

export async function readWorkspaceRegions(db: Queryable, workspaceId: string): Promise<WorkspaceRegionsRow | null> {
  const { rows } = await db.query({
    name: "svc_read_workspace_regions",
    text: `SELECT "sesPrimaryRegion", "sesFailoverRegions" FROM workspaces WHERE id = $1`,
    values: [workspaceId],
  });
  return (rows[0] as WorkspaceRegionsRow | undefined) ?? null;
}

/** The workspace's regions, its row locked until the transaction ends; null when there is no such workspace. */
export async function lockWorkspaceRegions(db: Queryable, workspaceId: string): Promise<WorkspaceRegionsRow | null> {
  const { rows } = await db.query(`SELECT "sesPrimaryRegion", "sesFailoverRegions" FROM workspaces WHERE id = $1 FOR UPDATE`, [
    workspaceId,
  ]);
  return (rows[0] as WorkspaceRegionsRow | undefined) ?? null;
}

export async function updateWorkspaceRegions(db: Queryable, workspaceId: string, regions: WorkspaceRegionsRow): Promise<void> {
  await db.query(`UPDATE workspaces SET "sesPrimaryRegion" = $2, "sesFailoverRegions" = $3 WHERE id = $1`, [
    workspaceId,
    regions.sesPrimaryRegion,
    regions.sesFailoverRegions,
  ]);
}
