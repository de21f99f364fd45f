/** The `installation` table: one row, the install's own id. */
import type { Prisma } from "@svc/db";

/** The install's id, written once: the first caller's `candidate` wins, every caller reads the same. */
export async function ensureInstallationId(prisma: Prisma.TransactionClient, candidate: string): Promise<string> {
  await prisma.$executeRaw`INSERT INTO "installation" ("singleton", "id") VALUES (true, ${candidate}) ON CONFLICT ("singleton") DO NOTHING`;
  const row = await prisma.installation.findUniqueOrThrow({ where: { singleton: true }, select: { id: true } });
  return row.id;
}
