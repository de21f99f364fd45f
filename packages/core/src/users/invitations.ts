import type { Db, Invitation, MemberRole } from "@svc/db";
import { newId, Prisma } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import {
  deletePendingInvitation,
  deletePendingInvitationsOf,
  findInvitationByTokenHash,
  findPendingInvitations,
  insertInvitation,
  markInvitationAccepted,
  newestPendingInvitationTime,
} from "../stores/invitations.ts";
import { findMembership, insertMember, isMemberByEmail } from "../stores/members.ts";
import { findUserByEmail, insertUser, userExistsWithEmail } from "../stores/users.ts";
import { incrementWorkspaceDailyCounter } from "../stores/workspaceDailyCounters.ts";
import { normalizeAccountEmail } from "./emailAddress.ts";
import { checkPasswordPolicy, hashPassword, verifyPassword } from "./passwords.ts";
import { hashOpaqueToken, newOpaqueToken } from "./tokens.ts";

const DEFAULT_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Invitations are mailed from the operator's own domain to any address an owner types, so
 * without limits an open sign-up makes them a free relay.
 */
export interface InvitationLimits {
  /** Invitations (re-invites included) a workspace may make per UTC day. */
  perWorkspacePerDay: number;
  /** How long after inviting an address it may be invited again. */
  reinviteCooldownMs: number;
}

export const DEFAULT_INVITATION_LIMITS: InvitationLimits = { perWorkspacePerDay: 50, reinviteCooldownMs: 10 * 60 * 1000 };

export interface InvitationView {
  id: string;
  workspaceId: string;
  email: string;
  role: MemberRole;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
}

function toInvitationView(invitation: Invitation): InvitationView {
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
 * the earlier pending invitation, so only the newest link works. Refused with `rate_limited`
 * past the workspace's daily number or within the re-invite cooldown; a refusal counts nothing.
 */
export async function createInvitation(
  prisma: Db,
  input: {
    workspaceId: string;
    email: string;
    role: MemberRole;
    invitedBy?: string;
    ttlMs?: number;
    now?: Date;
    limits?: InvitationLimits;
  },
): Promise<{ invitation: InvitationView; token: string }> {
  const email = normalizeAccountEmail(input.email);
  const now = input.now ?? new Date();
  const limits = input.limits ?? DEFAULT_INVITATION_LIMITS;
  if (await isMemberByEmail(prisma, input.workspaceId, email))
    throw new AppError("conflict", `${email} is already a member of this workspace.`);
  const token = newOpaqueToken();
  const invitation = await prisma.$transaction(async (tx) => {
    // Counted first: its row lock queues concurrent invitations of the workspace, so the
    // cooldown check below sees any re-invite that committed meanwhile.
    if ((await incrementWorkspaceDailyCounter(tx, input.workspaceId, "invitation", limits.perWorkspacePerDay)) === null) {
      throw new AppError(
        "rate_limited",
        `This workspace has sent its ${limits.perWorkspacePerDay} invitations for today (UTC). Try again tomorrow.`,
      );
    }
    const previous = await newestPendingInvitationTime(tx, input.workspaceId, email);
    const nextAllowed = previous ? previous.getTime() + limits.reinviteCooldownMs : 0;
    if (nextAllowed > now.getTime()) {
      const minutes = Math.ceil((nextAllowed - now.getTime()) / 60_000);
      throw new AppError(
        "rate_limited",
        `${email} was invited moments ago. It can be invited again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
    await deletePendingInvitationsOf(tx, input.workspaceId, email);
    return insertInvitation(tx, {
      id: newId("invitation"),
      workspaceId: input.workspaceId,
      email,
      role: input.role,
      tokenHash: hashOpaqueToken(token),
      invitedBy: input.invitedBy ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + (input.ttlMs ?? DEFAULT_INVITATION_TTL_MS)),
    });
  });
  return { invitation: toInvitationView(invitation), token };
}

export async function listPendingInvitations(prisma: Db, workspaceId: string, now: Date = new Date()): Promise<InvitationView[]> {
  return (await findPendingInvitations(prisma, workspaceId, now)).map(toInvitationView);
}

export async function revokeInvitation(prisma: Db, workspaceId: string, invitationId: string): Promise<void> {
  if (!(await deletePendingInvitation(prisma, workspaceId, invitationId))) throw notFound("Invitation");
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
export async function openInvitation(prisma: Db, token: string, now: Date = new Date()): Promise<OpenInvitation> {
  if (!token || token.length > 200) throw invalidLink();
  const row = await findInvitationByTokenHash(prisma, hashOpaqueToken(token));
  if (!row || row.acceptedAt || row.expiresAt <= now) throw invalidLink();
  const accountExists = await userExistsWithEmail(prisma, row.email);
  return { invitation: toInvitationView(row), workspaceName: row.workspace.name, accountExists };
}

/**
 * Accepts an invitation: a new account is created with `password`; an existing account must
 * prove itself with its current password. Single use: the link is spent in the same transaction
 * that adds the membership, so two concurrent accepts add one member.
 */
export async function acceptInvitation(
  prisma: Db,
  token: string,
  password: string,
  now: Date = new Date(),
): Promise<{ userId: string; workspaceId: string; role: MemberRole }> {
  const open = await openInvitation(prisma, token, now);
  const { email, workspaceId, role } = open.invitation;
  const existing = await findUserByEmail(prisma, email);
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
    return await prisma.$transaction(async (tx) => {
      if (!(await markInvitationAccepted(tx, open.invitation.id, now))) throw invalidLink();
      const user = existing ?? (await insertUser(tx, { id: newId("user"), email, passwordHash: newPasswordHash! }));
      const member = await findMembership(tx, user.id, workspaceId);
      if (!member) await insertMember(tx, { id: newId("member"), workspaceId, userId: user.id, role });
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
