import type { Db, MemberRole, Plan, Prisma } from "@svc/db";
import { type AuditBy, prismaQueryable } from "../audit/inTransaction.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError, notFound } from "../errors.ts";
import {
  countOwners,
  deleteMember,
  findMember,
  findMembershipsOfUser,
  findMembersOfWorkspace,
  type MemberRow,
  updateMemberRole,
} from "../stores/members.ts";
import { lockWorkspace } from "../stores/workspaces.ts";

export interface MembershipView {
  workspaceId: string;
  workspaceName: string;
  plan: Plan;
  role: MemberRole;
  /** The workspace requires a second factor of every member. */
  requireSecondFactor: boolean;
}

/** The workspaces a user belongs to, oldest membership first (the first is the default). */
export async function listMemberships(prisma: Db, userId: string): Promise<MembershipView[]> {
  const rows = await findMembershipsOfUser(prisma, userId);
  return rows.map((row) => ({
    workspaceId: row.workspaceId,
    workspaceName: row.workspace.name,
    plan: row.workspace.plan,
    role: row.role,
    requireSecondFactor: row.workspace.requireSecondFactor,
  }));
}

export interface MemberView {
  id: string;
  userId: string;
  email: string;
  role: MemberRole;
  createdAt: string;
}

function toMemberView(row: MemberRow): MemberView {
  return { id: row.id, userId: row.userId, email: row.user.email, role: row.role, createdAt: row.createdAt.toISOString() };
}

export async function listMembers(prisma: Db, workspaceId: string): Promise<MemberView[]> {
  return (await findMembersOfWorkspace(prisma, workspaceId)).map(toMemberView);
}

/**
 * Runs `change` with the workspace row locked and fails if it would leave the workspace without
 * an owner. The lock serialises concurrent demotions, so two owners cannot demote each other
 * into an ownerless workspace.
 */
async function withOwnerGuard<T>(prisma: Db, workspaceId: string, change: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return prisma.$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const result = await change(tx);
    if ((await countOwners(tx, workspaceId)) === 0) {
      throw new AppError("conflict", "A workspace needs at least one owner. Make someone else an owner first.");
    }
    return result;
  });
}

/** With `by`, the change's audit entry is written in its transaction (a refused change leaves none). */
export async function changeMemberRole(
  prisma: Db,
  workspaceId: string,
  memberId: string,
  role: MemberRole,
  by?: AuditBy,
): Promise<MemberView> {
  return withOwnerGuard(prisma, workspaceId, async (tx) => {
    const member = await findMember(tx, workspaceId, memberId);
    if (!member) throw notFound("Member");
    const updated = toMemberView(await updateMemberRole(tx, member.id, role));
    if (by)
      await recordAudit(prismaQueryable(tx), {
        ...by,
        workspaceId,
        action: "member.role_changed",
        target: { type: "member", id: member.id },
        changes: { role },
      });
    return updated;
  });
}

/**
 * Removes a member; their sessions lose the workspace on their next request (membership is checked
 * each time). With `by`, the audit entry is written in the removal's transaction.
 */
export async function removeMember(prisma: Db, workspaceId: string, memberId: string, by?: AuditBy): Promise<void> {
  await withOwnerGuard(prisma, workspaceId, async (tx) => {
    const member = await findMember(tx, workspaceId, memberId);
    if (!member) throw notFound("Member");
    await deleteMember(tx, member.id);
    if (by)
      await recordAudit(prismaQueryable(tx), { ...by, workspaceId, action: "member.removed", target: { type: "member", id: member.id } });
  });
}
