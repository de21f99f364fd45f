/**
 * The `members` table: who belongs to which workspace, with which role. Reads join the
 * workspace's name and plan or the user's email where callers show them. Functions take the
 * Prisma client or a transaction client.
 */
import type { Member, MemberRole, Plan, Prisma } from "@svc/db";

/** A membership with what the user's workspace switcher shows. */
type MembershipRow = Member & { workspace: { name: string; plan: Plan; requireSecondFactor: boolean } };
/** A member with what the members page shows. */
export type MemberRow = Member & { user: { email: string } };

const WITH_WORKSPACE = { workspace: { select: { name: true, plan: true, requireSecondFactor: true } } } as const;
const WITH_EMAIL = { user: { select: { email: true } } } as const;
const OLDEST_FIRST = [{ createdAt: "asc" }, { id: "asc" }] as const satisfies Prisma.MemberOrderByWithRelationInput[];

export function insertMember(
  prisma: Prisma.TransactionClient,
  row: { id: string; workspaceId: string; userId: string; role: MemberRole },
): Promise<Member> {
  return prisma.member.create({ data: row });
}

/** The user's memberships, oldest first. */
export function findMembershipsOfUser(prisma: Prisma.TransactionClient, userId: string): Promise<MembershipRow[]> {
  return prisma.member.findMany({ where: { userId }, include: WITH_WORKSPACE, orderBy: [...OLDEST_FIRST] });
}

export function findMembership(prisma: Prisma.TransactionClient, userId: string, workspaceId: string): Promise<MembershipRow | null> {
  return prisma.member.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, include: WITH_WORKSPACE });
}

/** The workspace's members, oldest first. */
export function findMembersOfWorkspace(prisma: Prisma.TransactionClient, workspaceId: string): Promise<MemberRow[]> {
  return prisma.member.findMany({ where: { workspaceId }, include: WITH_EMAIL, orderBy: [...OLDEST_FIRST] });
}

/** Scoped by workspace: another workspace's member is not found. */
export function findMember(prisma: Prisma.TransactionClient, workspaceId: string, memberId: string): Promise<Member | null> {
  return prisma.member.findFirst({ where: { id: memberId, workspaceId } });
}

export async function isMemberByEmail(prisma: Prisma.TransactionClient, workspaceId: string, email: string): Promise<boolean> {
  return (await prisma.member.findFirst({ where: { workspaceId, user: { email } }, select: { id: true } })) !== null;
}

export function countOwners(prisma: Prisma.TransactionClient, workspaceId: string): Promise<number> {
  return prisma.member.count({ where: { workspaceId, role: "owner" } });
}

export function updateMemberRole(prisma: Prisma.TransactionClient, memberId: string, role: MemberRole): Promise<MemberRow> {
  return prisma.member.update({ where: { id: memberId }, data: { role }, include: WITH_EMAIL });
}

export async function deleteMember(prisma: Prisma.TransactionClient, memberId: string): Promise<void> {
  await prisma.member.delete({ where: { id: memberId } });
}
