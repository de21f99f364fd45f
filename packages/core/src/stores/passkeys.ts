/** The `passkeys` table: WebAuthn credentials of users. Functions take the Prisma client or a transaction client. */
import type { Passkey, Prisma } from "@svc/db";

export function insertPasskey(
  prisma: Prisma.TransactionClient,
  row: {
    id: string;
    userId: string;
    credentialId: string;
    publicKey: Uint8Array<ArrayBuffer>;
    counter: bigint;
    transports: string[];
    name: string;
  },
): Promise<Passkey> {
  return prisma.passkey.create({ data: row });
}

export function findPasskeysOfUser(prisma: Prisma.TransactionClient, userId: string): Promise<Passkey[]> {
  return prisma.passkey.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export function findPasskeyByCredentialId(prisma: Prisma.TransactionClient, credentialId: string): Promise<Passkey | null> {
  return prisma.passkey.findUnique({ where: { credentialId } });
}

export function countPasskeysOfUser(prisma: Prisma.TransactionClient, userId: string): Promise<number> {
  return prisma.passkey.count({ where: { userId } });
}

/**
 * Moves the signature counter forward, only from the value this sign-in read: two sign-ins with
 * one assertion cannot both pass.
 */
export async function advancePasskeyCounter(
  prisma: Prisma.TransactionClient,
  id: string,
  from: bigint,
  to: bigint,
  at: Date,
): Promise<boolean> {
  const { count } = await prisma.passkey.updateMany({ where: { id, counter: from }, data: { counter: to, lastUsedAt: at } });
  return count === 1;
}

export async function deletePasskey(prisma: Prisma.TransactionClient, userId: string, id: string): Promise<Passkey | null> {
  const found = await prisma.passkey.findFirst({ where: { id, userId } });
  if (!found) return null;
  await prisma.passkey.delete({ where: { id: found.id } });
  return found;
}
