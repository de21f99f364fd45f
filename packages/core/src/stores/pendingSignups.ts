/**
 * The `pending_signups` table: sign-ups waiting for the link mailed to their address. The link
 * token is never stored, only its hash. Functions take the Prisma client or a transaction client.
 */
import type { PendingSignup, Prisma } from "@svc/db";

type PrismaTx = Prisma.TransactionClient;

export function insertPendingSignup(
  prisma: PrismaTx,
  row: { id: string; email: string; passwordHash: string; workspaceName: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<PendingSignup> {
  return prisma.pendingSignup.create({ data: row });
}

/** When the newest sign-up for this address was requested, if any is on record. */
export async function newestPendingSignupTime(prisma: PrismaTx, email: string): Promise<Date | null> {
  const row = await prisma.pendingSignup.findFirst({ where: { email }, orderBy: { createdAt: "desc" }, select: { createdAt: true } });
  return row?.createdAt ?? null;
}

export function findPendingSignupByTokenHash(prisma: PrismaTx, tokenHash: string): Promise<PendingSignup | null> {
  return prisma.pendingSignup.findUnique({ where: { tokenHash } });
}

/** Deletes every pending sign-up of this address; answers how many there were. */
export async function deletePendingSignupsOf(prisma: PrismaTx, email: string): Promise<number> {
  const { count } = await prisma.pendingSignup.deleteMany({ where: { email } });
  return count;
}

export async function deleteExpiredPendingSignups(prisma: PrismaTx, now: Date): Promise<number> {
  const { count } = await prisma.pendingSignup.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
