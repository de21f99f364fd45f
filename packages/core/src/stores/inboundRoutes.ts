/** The `inbound_routes` table: the addresses (local parts, or `*`) a receiving domain accepts. */
import type { InboundRoute, Prisma } from "@svc/db";

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
