/**
 * The `invitations` table. An invitation is pending while `acceptedAt` is null; the link token
 * itself is never stored, only its hash. Functions take the Prisma client or a transaction client.
 */
import type { Invitation, MemberRole, Prisma } from "@svc/db";

type InvitationWithWorkspace = Invitation & { workspace: { name: string } };

export function insertInvitation(
  prisma: Prisma.TransactionClient,
  row: {
    id: string;
    workspaceId: string;
    email: string;
    role: MemberRole;
    tokenHash: string;
    invitedBy: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<Invitation> {
  return prisma.invitation.create({ data: row });
}

/** Pending and not yet expired at `now`, newest first. */
export function findPendingInvitations(prisma: Prisma.TransactionClient, workspaceId: string, now: Date): Promise<Invitation[]> {
  return prisma.invitation.findMany({
    where: { workspaceId, acceptedAt: null, expiresAt: { gt: now } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

export function findInvitationByTokenHash(prisma: Prisma.TransactionClient, tokenHash: string): Promise<InvitationWithWorkspace | null> {
  return prisma.invitation.findUnique({ where: { tokenHash }, include: { workspace: { select: { name: true } } } });
}

/** When the newest pending invitation of this email to this workspace was made, if any. */
export async function newestPendingInvitationTime(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
  email: string,
): Promise<Date | null> {
  const row = await prisma.invitation.findFirst({
    where: { workspaceId, email, acceptedAt: null },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  return row?.createdAt ?? null;
}

/** Deletes the pending invitations of this email to this workspace (expired ones included). */
export async function deletePendingInvitationsOf(prisma: Prisma.TransactionClient, workspaceId: string, email: string): Promise<void> {
  await prisma.invitation.deleteMany({ where: { workspaceId, email, acceptedAt: null } });
}

/** Deletes one pending invitation of the workspace; false when there is none such. */
export async function deletePendingInvitation(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
  invitationId: string,
): Promise<boolean> {
  const { count } = await prisma.invitation.deleteMany({ where: { id: invitationId, workspaceId, acceptedAt: null } });
  return count > 0;
}

/**
 * Spends a pending, unexpired invitation: true for exactly one caller, however many race,
 * because the condition and the write are one statement.
 */
export async function markInvitationAccepted(prisma: Prisma.TransactionClient, invitationId: string, now: Date): Promise<boolean> {
  const { count } = await prisma.invitation.updateMany({
    where: { id: invitationId, acceptedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now },
  });
  return count === 1;
}
