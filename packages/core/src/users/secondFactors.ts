import type { Db, Prisma } from "@svc/db";
import { AppError } from "../errors.ts";
import { oidcSignInOpenTo } from "../oidc/settings.ts";
import { findMembershipsOfUser } from "../stores/members.ts";
import { countPasskeysOfUser, findPasskeysOfUser } from "../stores/passkeys.ts";
import { countUnusedRecoveryCodes, deleteRecoveryCodes } from "../stores/recoveryCodes.ts";
import { findUserById, lockUser } from "../stores/users.ts";
import { deleteUserTotp, hasConfirmedTotp } from "../stores/userTotp.ts";
import { findWorkspace, lockWorkspace, updateWorkspaceSecondFactorRequirement } from "../stores/workspaces.ts";
import { isPasswordHash } from "./passwords.ts";

export interface SecondFactorStatus {
  totp: boolean;
  passkeys: Array<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>;
  recoveryCodesLeft: number;
}

export async function secondFactorStatus(prisma: Db, userId: string): Promise<SecondFactorStatus> {
  const [totp, passkeys, recoveryCodesLeft] = await Promise.all([
    hasConfirmedTotp(prisma, userId),
    findPasskeysOfUser(prisma, userId),
    countUnusedRecoveryCodes(prisma, userId),
  ]);
  return {
    totp,
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft,
  };
}

/** Whether the user has a second factor to be asked for after their password. */
export async function hasSecondFactor(prisma: Db, userId: string): Promise<boolean> {
  return (await hasConfirmedTotp(prisma, userId)) || (await countPasskeysOfUser(prisma, userId)) > 0;
}

/** Whether one of the user's workspaces requires a second factor of its members. */
export async function secondFactorRequiredFor(prisma: Prisma.TransactionClient, userId: string): Promise<boolean> {
  return (await findMembershipsOfUser(prisma, userId)).some((m) => m.workspace.requireSecondFactor);
}

/** A second factor may go only while another remains, or while no workspace of the user requires one. */
async function checkCanRemove(prisma: Prisma.TransactionClient, userId: string, remaining: number): Promise<void> {
  if (remaining === 0 && (await secondFactorRequiredFor(prisma, userId))) {
    throw new AppError("conflict", "A workspace you belong to requires a second factor: add another one before removing this.");
  }
}

/** Removes the authenticator app and, with it, the recovery codes that stand in for it. */
export async function removeTotp(prisma: Db, userId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await lockUser(tx, userId);
    await checkCanRemove(tx, userId, await countPasskeysOfUser(tx, userId));
    if (!(await deleteUserTotp(tx, userId))) throw new AppError("not_found", "No authenticator app is set up.");
    await deleteRecoveryCodes(tx, userId);
  });
}

/**
 * Whether the person has a password to sign in with, and so to confirm a change with. An account
 * made by single sign-on has none: it confirms with a second factor instead.
 */
export async function accountHasPassword(prisma: Db, userId: string): Promise<boolean> {
  const user = await findUserById(prisma, userId);
  return user !== null && isPasswordHash(user.passwordHash);
}

/**
 * A passkey may go while a second factor remains where one is required, and never when it is the
 * account's last way to sign in: no password, no other passkey, and single sign-on not open to
 * its address (no provider, turned off, or its domain not allowed). Run it, and the removal, with
 * the user locked (lockUser).
 */
export async function checkCanRemovePasskey(prisma: Prisma.TransactionClient, userId: string): Promise<void> {
  const otherPasskeys = (await countPasskeysOfUser(prisma, userId)) - 1;
  await checkCanRemove(prisma, userId, otherPasskeys + ((await hasConfirmedTotp(prisma, userId)) ? 1 : 0));
  if (otherPasskeys > 0) return;
  const user = await findUserById(prisma, userId);
  if (!user) throw new AppError("not_found", "Passkey not found.");
  if (isPasswordHash(user.passwordHash) || (await oidcSignInOpenTo(prisma, user.email))) return;
  throw new AppError(
    "conflict",
    "This passkey is your only way to sign in: add another passkey first (or ask an operator to open single sign-on to your domain).",
  );
}

/**
 * Turns the workspace's requirement on or off. Turning it on needs the owner to have a second
 * factor themselves, so that the person who asks for it is not the first one locked out.
 */
export async function setSecondFactorRequirement(prisma: Db, workspaceId: string, ownerUserId: string, required: boolean): Promise<void> {
  if (required && !(await hasSecondFactor(prisma, ownerUserId))) {
    throw new AppError("conflict", "Set up a second factor for yourself first (Account security), then require it of everyone.");
  }
  await prisma.$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    if (!(await findWorkspace(tx, workspaceId))) throw new AppError("not_found", "Workspace not found.");
    await updateWorkspaceSecondFactorRequirement(tx, workspaceId, required);
  });
}
