import type { Prisma } from "@svc/db";

/** The `domains` table. */

/** The workspace's domains: how many in all, and how many verified. */
export async function countDomains(db: Prisma.TransactionClient, workspaceId: string): Promise<{ total: number; verified: number }> {
  const rows = await db.domain.groupBy({ by: ["status"], where: { workspaceId }, _count: { _all: true } });
  const total = rows.reduce((sum, row) => sum + row._count._all, 0);
  const verified = rows.find((row) => row.status === "verified")?._count._all ?? 0;
  return { total, verified };
}
