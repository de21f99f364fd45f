import { newId, Prisma, type TestRecipient } from "@svc/db";
import type { Queryable } from "../sql.ts";

/**
 * The `test_recipients` table: the only addresses a `test` key's mail is delivered to, stored
 * lower-cased and unique per workspace. Operator-managed CRUD on Prisma; the sender's check on `pg`.
 * A removed recipient (`removedAt` set) is invisible to every reader but `findTestRecipient`'s
 * `includeRemoved`, the cooldown's sweep and `testRecipientListedElsewhere`.
 */

/** The workspace's recipient with this id or (lower-cased) address, or null. */
export async function findTestRecipient(
  db: Prisma.TransactionClient,
  workspaceId: string,
  which: { id: string } | { email: string },
  options: { includeRemoved?: boolean } = {},
): Promise<TestRecipient | null> {
  return db.testRecipient.findFirst({ where: { workspaceId, ...which, ...(options.includeRemoved ? {} : { removedAt: null }) } });
}

export async function countTestRecipients(db: Prisma.TransactionClient, workspaceId: string): Promise<number> {
  return db.testRecipient.count({ where: { workspaceId, removedAt: null } });
}

export type TestRecipientInsert = { inserted: TestRecipient } | { refused: "duplicate" | "no_such_workspace" };

/** Adds `email` (lower-cased) to the workspace's list; refused when it is there already or the workspace does not exist. */
export async function insertTestRecipient(
  db: Prisma.TransactionClient,
  workspaceId: string,
  email: string,
  providerStatus: "pending" | null = null,
): Promise<TestRecipientInsert> {
  try {
    return { inserted: await db.testRecipient.create({ data: { id: newId("recipient"), workspaceId, email, providerStatus } }) };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError) {
      if (error.code === "P2002") return { refused: "duplicate" };
      if (error.code === "P2003") return { refused: "no_such_workspace" };
    }
    throw error;
  }
}

/** The workspace's recipients by address. */
export async function listTestRecipientRows(db: Prisma.TransactionClient, workspaceId: string): Promise<TestRecipient[]> {
  return db.testRecipient.findMany({ where: { workspaceId, removedAt: null }, orderBy: [{ email: "asc" }] });
}

/** Deletes the workspace's recipient `id`; true if there was one. */
export async function deleteTestRecipient(db: Prisma.TransactionClient, workspaceId: string, id: string): Promise<boolean> {
  const { count } = await db.testRecipient.deleteMany({ where: { id, workspaceId } });
  return count > 0;
}

/** Hides the workspace's listed recipient `id` from now on; true if it was listed. */
export async function markTestRecipientRemoved(db: Prisma.TransactionClient, workspaceId: string, id: string): Promise<boolean> {
  const { count } = await db.testRecipient.updateMany({ where: { id, workspaceId, removedAt: null }, data: { removedAt: new Date() } });
  return count > 0;
}

/** Lists a removed recipient again, as it was; null if it is not a removed one (any more). */
export async function restoreTestRecipient(db: Prisma.TransactionClient, workspaceId: string, id: string): Promise<TestRecipient | null> {
  const { count } = await db.testRecipient.updateMany({ where: { id, workspaceId, removedAt: { not: null } }, data: { removedAt: null } });
  return count > 0 ? db.testRecipient.findFirst({ where: { id, workspaceId } }) : null;
}

/** Recipients removed before `removedBefore` (every workspace's), at most `limit`. */
export async function findRemovedTestRecipients(
  db: Prisma.TransactionClient,
  removedBefore: Date,
  limit: number,
): Promise<TestRecipient[]> {
  return db.testRecipient.findMany({ where: { removedAt: { lt: removedBefore } }, orderBy: { id: "asc" }, take: limit });
}

/** Recipients the provider has not verified yet (all workspaces when none is given), at most `limit`. */
export async function findPendingTestRecipients(
  db: Prisma.TransactionClient,
  workspaceId: string | null,
  limit: number,
): Promise<TestRecipient[]> {
  return db.testRecipient.findMany({
    where: { providerStatus: "pending", removedAt: null, ...(workspaceId ? { workspaceId } : {}) },
    orderBy: { id: "asc" },
    take: limit,
  });
}

/** Marks these recipients verified by the provider. */
export async function markTestRecipientsVerified(db: Prisma.TransactionClient, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await db.testRecipient.updateMany({ where: { id: { in: [...ids] } }, data: { providerStatus: "verified" } });
  return count;
}

/** Whether a workspace other than `workspaceId` lists this address, or removed it within its cooldown. */
export async function testRecipientListedElsewhere(db: Prisma.TransactionClient, email: string, workspaceId: string): Promise<boolean> {
  return (await db.testRecipient.findFirst({ where: { email, workspaceId: { not: workspaceId } }, select: { id: true } })) !== null;
}

/**
 * Which of `addresses` (lower-cased bare addresses) are test recipients of the workspace that
 * may be mailed now: not waiting for the provider's verification.
 */
export async function selectTestRecipientAddresses(db: Queryable, workspaceId: string, addresses: readonly string[]): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT email FROM test_recipients WHERE "workspaceId" = $1 AND email = ANY ($2::text[]) AND "removedAt" IS NULL AND ("providerStatus" IS NULL OR "providerStatus" = 'verified')`,
    [workspaceId, [...new Set(addresses)]],
  );
  return (rows as Array<{ email: string }>).map((row) => row.email);
}

/** Deletes the workspace's test recipients with these (lower-cased) addresses (an erasure); answers how many. */
export async function deleteTestRecipientsByAddress(db: Queryable, workspaceId: string, addresses: readonly string[]): Promise<number> {
  if (addresses.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM test_recipients WHERE "workspaceId" = $1 AND email = ANY ($2::text[])`, [
    workspaceId,
    addresses,
  ]);
  return rowCount ?? 0;
}
