/** The `users` table. Functions take the Prisma client or a transaction client. */
import type { Prisma, User } from "@svc/db";

export function insertUser(prisma: Prisma.TransactionClient, row: { id: string; email: string; passwordHash: string }): Promise<User> {
  return prisma.user.create({ data: row });
}

/** `email` is the stored (normalised) form: the column is unique, compared exactly. */
export function findUserByEmail(prisma: Prisma.TransactionClient, email: string): Promise<User | null> {
  return prisma.user.findUnique({ where: { email } });
}

export async function userExistsWithEmail(prisma: Prisma.TransactionClient, email: string): Promise<boolean> {
  return (await prisma.user.findUnique({ where: { email }, select: { id: true } })) !== null;
}
