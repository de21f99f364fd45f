/** The `users` table. Functions take the Prisma client or a transaction client. */
import type { Prisma, User } from "@svc/db";

export function insertUser(prisma: Prisma.TransactionClient, row: { id: string; email: string; passwordHash: string }): Promise<User> {
  return prisma.user.create({ data: row });
}

/** `email` is the stored (normalised) form: the column is unique, compared exactly. */
export function findUserById(prisma: Prisma.TransactionClient, id: string): Promise<User | null> {
  return prisma.user.findUnique({ where: { id } });
}

/**
 * Holds the user's row until the transaction ends: changes to their ways of signing in check
 * what remains and then remove, and two of them at once must not both see the other's factor.
 */
export async function lockUser(tx: Prisma.TransactionClient, id: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${id} FOR UPDATE`;
}

export function findUserByEmail(prisma: Prisma.TransactionClient, email: string): Promise<User | null> {
  return prisma.user.findUnique({ where: { email } });
}

export async function userExistsWithEmail(prisma: Prisma.TransactionClient, email: string): Promise<boolean> {
  return (await prisma.user.findUnique({ where: { email }, select: { id: true } })) !== null;
}

/** Grants or revokes the operator role; false when there is no such user. */
export async function setUserOperator(prisma: Prisma.TransactionClient, email: string, isOperator: boolean): Promise<boolean> {
  const { count } = await prisma.user.updateMany({ where: { email }, data: { isOperator } });
  return count > 0;
}

/** Every operator's address, in order. */
export async function findOperatorEmails(prisma: Prisma.TransactionClient): Promise<string[]> {
  return (await prisma.user.findMany({ where: { isOperator: true }, select: { email: true }, orderBy: { email: "asc" } })).map(
    (user) => user.email,
  );
}
