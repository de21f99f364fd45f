/** The `oidc_domains` table: email domains that may sign in through OIDC, and where they join. */
import type { MemberRole, OidcDomain, Prisma } from "@svc/db";

export function findOidcDomain(prisma: Prisma.TransactionClient, domain: string): Promise<OidcDomain | null> {
  return prisma.oidcDomain.findUnique({ where: { domain } });
}

export function upsertOidcDomain(
  prisma: Prisma.TransactionClient,
  row: { domain: string; workspaceId: string; role: MemberRole },
): Promise<OidcDomain> {
  return prisma.oidcDomain.upsert({ where: { domain: row.domain }, create: row, update: { workspaceId: row.workspaceId, role: row.role } });
}

export async function deleteOidcDomain(prisma: Prisma.TransactionClient, domain: string): Promise<boolean> {
  const { count } = await prisma.oidcDomain.deleteMany({ where: { domain } });
  return count > 0;
}

export function findOidcDomains(prisma: Prisma.TransactionClient): Promise<OidcDomain[]> {
  return prisma.oidcDomain.findMany({ orderBy: { domain: "asc" } });
}
