import type { Db, Invitation, MemberRole } from "@svc/db";
import { Prisma, newId } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { normalizeAccountEmail } from "./emailAddress.ts";
import { checkPasswordPolicy, hashPassword, verifyPassword } from "./passwords.ts";
import { hashOpaqueToken, newOpaqueToken } from "./tokens.ts";

export const DEFAULT_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface InvitationView {
  id: string;
  workspaceId: string;
  email: string;
  role: MemberRole;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
}

export function toInvitationView(invitation: Invitation): InvitationView {
  return {
    id: invitation.id,
    workspaceId: invitation.workspaceId,
    email: invitation.email,
    role: invitation.role,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    acceptedAt: invitation.acceptedAt?.toISOString() ?? null,
  };
}

/**
 * Invites an email address into a workspace. Returns the link token, which exists only here
 * (the database keeps its hash): the caller emails it. Inviting the same address again replaces
 * the earlier pending invitation, so only the newest link works.
 */
export async function createInvitation(
  db: Db,
  input: { workspaceId: string; email: string; role: MemberRole; invitedBy?: string; ttlMs?: number; now?: Date },
): Promise<{ invitation: InvitationView; token: string }> {
  const email = normalizeAccountEmail(input.email);
  const now = input.now ?? new Date();
  const alreadyMember = await db.member.findFirst({ where: { workspaceId: input.workspaceId, user: { email } }, select: { id: true } });
  if (alreadyMember) throw new AppError("conflict", `${email} is already a member of this workspace.`);
  const token = newOpaqueToken();
  const invitation = await db.$transaction(async (tx) => {
    await tx.invitation.deleteMany({ where: { workspaceId: input.workspaceId, email, acceptedAt: null } });
    return tx.invitation.create({
      data: {
        id: newId("invitation"),
        workspaceId: input.workspaceId,
        email,
        role: input.role,
        tokenHash: hashOpaqueToken(token),
        invitedBy: input.invitedBy ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + (input.ttlMs ?? DEFAULT_INVITATION_TTL_MS)),
      },
    });
  });
  return { invitation: toInvitationView(invitation), token };
}

export async function listPendingInvitations(db: Db, workspaceId: string, now: Date = new Date()): Promise<InvitationView[]> {
  const rows = await db.invitation.findMany({
    where: { workspaceId, acceptedAt: null, expiresAt: { gt: now } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toInvitationView);
}

export async function revokeInvitation(db: Db, workspaceId: string, invitationId: string): Promise<void> {
  const { count } = await db.invitation.deleteMany({ where: { id: invitationId, workspaceId, acceptedAt: null } });
  if (count === 0) throw notFound("Invitation");
}

export interface OpenInvitation {
  invitation: InvitationView;
  workspaceName: string;
  /** True when the invited email already has an account: accepting asks for its password. */
  accountExists: boolean;
}

const invalidLink = () =>
  new AppError("not_found", "This invitation link is invalid, has expired or has already been used. Ask for a new one.");

/** The pending invitation behind a link token; an unknown, expired or used link is not found. */
export async function openInvitation(db: Db, token: string, now: Date = new Date()): Promise<OpenInvitation> {
  if (!token || token.length > 200) throw invalidLink();
  const row = await db.invitation.findUnique({ where: { tokenHash: hashOpaqueToken(token) }, include: { workspace: { select: { name: true } } } });
  if (!row || row.acceptedAt || row.expiresAt <= now) throw invalidLink();
  const accountExists = (await db.user.count({ where: { email: row.email } })) > 0;
  return { invitation: toInvitationView(row), workspaceName: row.workspace.name, accountExists };
}

/**
 * Accepts an invitation: a new account is created with `password`; an existing account must
 * prove itself with its current password. Single use: the link is spent in the same transaction
 * that adds the membership, so two concurrent accepts add one member.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  password: string,
  now: Date = new Date(),
): Promise<{ userId: string; workspaceId: string; role: MemberRole }> {
  const open = await openInvitation(db, token, now);
  const { email, workspaceId, role } = open.invitation;
  const existing = await db.user.findUnique({ where: { email } });
  let newPasswordHash: string | null = null;
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, password))) {
      throw new AppError("unauthorized", "That is not the password of the existing account for this email.");
    }
  } else {
    checkPasswordPolicy(password, email);
    newPasswordHash = await hashPassword(password);
  }
  try {
    return await db.$transaction(async (tx) => {
      const spent = await tx.invitation.updateMany({
        where: { id: open.invitation.id, acceptedAt: null, expiresAt: { gt: now } },
        data: { acceptedAt: now },
      });
      if (spent.count !== 1) throw invalidLink();
      const user = existing ?? (await tx.user.create({ data: { id: newId("user"), email, passwordHash: newPasswordHash! } }));
      const member = await tx.member.findUnique({ where: { workspaceId_userId: { workspaceId, userId: user.id } } });
      if (!member) await tx.member.create({ data: { id: newId("member"), workspaceId, userId: user.id, role } });
      return { userId: user.id, workspaceId, role: member?.role ?? role };
    });
  } catch (error) {
    // Someone signed up with this email between our read and the insert: ask them to retry.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("conflict", "An account with this email was just created. Open the link again to continue.");
    }
    throw error;
  }
}
