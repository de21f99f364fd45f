/** The `user_totp` table: one TOTP authenticator per user. Functions take the Prisma client or a transaction client. */
import type { Prisma, UserTotp } from "@svc/db";

export function findUserTotp(prisma: Prisma.TransactionClient, userId: string): Promise<UserTotp | null> {
  return prisma.userTotp.findUnique({ where: { userId } });
}

/** A new, unconfirmed secret; replaces an unconfirmed one (a confirmed one is never overwritten here). */
export async function upsertPendingTotp(prisma: Prisma.TransactionClient, userId: string, secretSealed: string): Promise<boolean> {
  const { count } = await prisma.userTotp.updateMany({
    where: { userId, confirmedAt: null },
    data: { secretSealed, lastUsedStep: null, createdAt: new Date() },
  });
  if (count > 0) return true;
  try {
    await prisma.userTotp.create({ data: { userId, secretSealed } });
    return true;
  } catch {
    return false; // a confirmed authenticator exists (or a parallel enrolment won)
  }
}

export async function confirmTotp(prisma: Prisma.TransactionClient, userId: string, step: bigint, at: Date): Promise<boolean> {
  const { count } = await prisma.userTotp.updateMany({
    where: { userId, confirmedAt: null },
    data: { confirmedAt: at, lastUsedStep: step },
  });
  return count === 1;
}

/**
 * Records `step` as the last used time-step, only if it is later than the one recorded: one
 * statement, so two requests with the same code cannot both pass.
 */
export async function advanceTotpStep(prisma: Prisma.TransactionClient, userId: string, step: bigint): Promise<boolean> {
  const { count } = await prisma.userTotp.updateMany({
    where: { userId, confirmedAt: { not: null }, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
    data: { lastUsedStep: step },
  });
  return count === 1;
}

export async function deleteUserTotp(prisma: Prisma.TransactionClient, userId: string): Promise<boolean> {
  const { count } = await prisma.userTotp.deleteMany({ where: { userId } });
  return count > 0;
}

export async function hasConfirmedTotp(prisma: Prisma.TransactionClient, userId: string): Promise<boolean> {
  return (await prisma.userTotp.count({ where: { userId, confirmedAt: { not: null } } })) > 0;
}
