/** The `inbound_routes` table: the addresses (local parts, or `*`) a receiving domain accepts. */
import type { InboundRoute, Prisma } from "@svc/db";
import type { Queryable } from "../sql.ts";

type PrismaTx = Prisma.TransactionClient;

export function insertInboundRoute(
  prisma: PrismaTx,
  row: { id: string; receivingDomainId: string; localPart: string },
): Promise<InboundRoute> {
  return prisma.inboundRoute.create({ data: row });
}

export function countInboundRoutes(prisma: PrismaTx, receivingDomainId: string): Promise<number> {
  return prisma.inboundRoute.count({ where: { receivingDomainId } });
}

/** Deletes a route of a domain of `workspaceId` (when given). */
export async function deleteInboundRoute(prisma: PrismaTx, routeId: string, workspaceId?: string): Promise<boolean> {
  const result = await prisma.inboundRoute.deleteMany({
    where: { id: routeId, ...(workspaceId ? { receivingDomain: { workspaceId } } : {}) },
  });
  return result.count > 0;
}

/** The workspace of a route's receiving domain (the audit log names it for a change made by id alone), or null. */
export async function selectInboundRouteWorkspaceId(db: Queryable, routeId: string): Promise<string | null> {
  const { rows } = await db.query(
    `SELECT d."workspaceId" FROM inbound_routes r JOIN receiving_domains d ON d.id = r."receivingDomainId" WHERE r.id = $1`,
    [routeId],
  );
  return (rows[0] as { workspaceId: string } | undefined)?.workspaceId ?? null;
}
