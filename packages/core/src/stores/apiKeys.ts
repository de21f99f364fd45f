import type { Prisma } from "@svc/db";

/** The `api_keys` table. */

/** The workspace's keys that are not revoked. */
export async function countActiveApiKeys(db: Prisma.TransactionClient, workspaceId: string): Promise<number> {
  return db.apiKey.count({ where: { workspaceId, revokedAt: null } });
}
