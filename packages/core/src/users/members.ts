import type { Db, MemberRole, Plan, Prisma } from "@svc/db";
import { AppError, notFound } from "../errors.ts";

export interface MembershipView {
  workspaceId: string;
  workspaceName: string;
  plan: Plan;
  role: MemberRole;
}

/** The workspaces a user belongs to, oldest membership first (the first is the default). */
export async function listMemberships(db: Db, userId: string): Promise<MembershipView[]> {
  const rows = await db.member.findMany({
    where: { userId },
    include: { workspace: { select: { name: true, plan: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ workspaceId: row.workspaceId, workspaceName: row.workspace.name, plan: row.workspace.plan, role: row.role }));
}

/** The user's membership in one workspace, or null when they are not (or no longer) a member. */
export async function findMembership(db: Db, userId: string, workspaceId: string): Promise<MembershipView | null> {
  const row = await db.member.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    include: { workspace: { select: { name: true, plan: true } } },
  });
  return row ? { workspaceId: row.workspaceId, workspaceName: row.workspace.name, plan: row.workspace.plan, role: row.role } : null;
}

export interface MemberView {
  id: string;
  userId: string;
  email: string;
  role: MemberRole;
  createdAt: string;
}

export async function listMembers(db: Db, workspaceId: string): Promise<MemberView[]> {
  const rows = await db.member.findMany({
    where: { workspaceId },
    include: { user: { select: { email: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ id: row.id, userId: row.userId, email: row.user.email, role: row.role, createdAt: row.createdAt.toISOString() }));
}

type Tx = Prisma.TransactionClient;

/**
 * Runs `change` with the workspace row locked and fails if it would leave the workspace without
 * an owner. The lock serialises concurrent demotions, so two owners cannot demote each other
 * into an ownerless workspace.
 */
async function withOwnerGuard<T>(db: Db, workspaceId: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
    const result = await change(tx);
    const owners = await tx.member.count({ where: { workspaceId, role: "owner" } });
    if (owners === 0) throw new AppError("conflict", "A workspace needs at least one owner. Make someone else an owner first.");
    return result;
  });
}

export async function changeMemberRole(db: Db, workspaceId: string, memberId: string, role: MemberRole): Promise<MemberView> {
  return withOwnerGuard(db, workspaceId, async (tx) => {
    const member = await tx.member.findFirst({ where: { id: memberId, workspaceId } });
    if (!member) throw notFound("Member");
    const updated = await tx.member.update({ where: { id: member.id }, data: { role }, include: { user: { select: { email: true } } } });
    return { id: updated.id, userId: updated.userId, email: updated.user.email, role: updated.role, createdAt: updated.createdAt.toISOString() };
  });
}

/** Removes a member; their sessions lose the workspace on their next request (membership is checked each time). */
export async function removeMember(db: Db, workspaceId: string, memberId: string): Promise<void> {
  await withOwnerGuard(db, workspaceId, async (tx) => {
    const member = await tx.member.findFirst({ where: { id: memberId, workspaceId } });
    if (!member) throw notFound("Member");
    await tx.member.delete({ where: { id: member.id } });
  });
}
