/** The `recovery_codes` table: hashes of one-use recovery codes. Functions take the Prisma client or a transaction client. */
import type { Prisma } from "@svc/db";

/** Replaces every code of the user with these (a new set voids the old one). */
export async function replaceRecoveryCodes(
  prisma: Prisma.TransactionClient,
  userId: string,
  rows: Array<{ id: string; codeHash: string }>,
): Promise<void> {
  await prisma.recoveryCode.deleteMany({ where: { userId } });
  await prisma.recoveryCode.createMany({ data: rows.map((row) => ({ ...row, userId })) });
}

/** Marks the unused code with this hash used; false when there is none (wrong, or used before). */
export async function consumeRecoveryCode(prisma: Prisma.TransactionClient, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const { count } = await prisma.recoveryCode.updateMany({ where: { userId, codeHash, usedAt: null }, data: { usedAt: at } });
  return count === 1;
}

export function countUnusedRecoveryCodes(prisma: Prisma.TransactionClient, userId: string): Promise<number> {
  return prisma.recoveryCode.count({ where: { userId, usedAt: null } });
}

export async function deleteRecoveryCodes(prisma: Prisma.TransactionClient, userId: string): Promise<void> {
  await prisma.recoveryCode.deleteMany({ where: { userId } });
}
