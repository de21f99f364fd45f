/**
 * The `sessions` table (dashboard sign-ins). Rows are found by the SHA-256 of the cookie token;
 * reads join the user's email and whether the user is an operator. Functions take the Prisma client or a transaction client.
 */
import type { Prisma, Session } from "@svc/db";

export type SessionRow = Session & { user: { email: string; isOperator: boolean } };

const WITH_EMAIL = { user: { select: { email: true, isOperator: true } } } as const;

export function insertSession(
  prisma: Prisma.TransactionClient,
  row: {
    id: string;
    tokenHash: string;
    userId: string;
    workspaceId: string | null;
    csrfToken: string;
    createdAt: Date;
    expiresAt: Date;
    pendingSecondFactor: boolean;
    method: string;
  },
): Promise<SessionRow> {
  return prisma.session.create({ data: row, include: WITH_EMAIL });
}

export function findSessionByTokenHash(prisma: Prisma.TransactionClient, tokenHash: string): Promise<SessionRow | null> {
  return prisma.session.findUnique({ where: { tokenHash }, include: WITH_EMAIL });
}

export async function updateSessionWorkspace(prisma: Prisma.TransactionClient, sessionId: string, workspaceId: string): Promise<void> {
  await prisma.session.update({ where: { id: sessionId }, data: { workspaceId } });
}

export async function deleteSessionById(prisma: Prisma.TransactionClient, sessionId: string): Promise<void> {
  await prisma.session.deleteMany({ where: { id: sessionId } });
}

export async function deleteSessionByTokenHash(prisma: Prisma.TransactionClient, tokenHash: string): Promise<void> {
  await prisma.session.deleteMany({ where: { tokenHash } });
}

/** Housekeeping: an expired session is a useless row. Returns how many were deleted. */
export async function deleteExpiredSessions(prisma: Prisma.TransactionClient, now: Date = new Date()): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/** Ends every session of the user (a leaver refused by the identity provider, a removed factor). */
export async function deleteSessionsOfUser(prisma: Prisma.TransactionClient, userId: string): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { userId } });
  return count;
}
