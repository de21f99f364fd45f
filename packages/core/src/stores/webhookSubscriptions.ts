import type { EventType, Prisma, WebhookSubscription } from "@svc/db";

/**
 * The webhook_subscriptions table: a workspace's endpoints, their event types and their sealed
 * signing secrets. Admin CRUD on Prisma. Deleting a subscription deletes its deliveries and
 * their attempts by cascade.
 */

type PrismaTx = Prisma.TransactionClient;

export interface NewWebhookSubscriptionRow {
  id: string;
  workspaceId: string;
  url: string;
  events: EventType[];
  secretEncrypted: string;
}

export function insertWebhookSubscription(prisma: PrismaTx, row: NewWebhookSubscriptionRow): Promise<WebhookSubscription> {
  return prisma.webhookSubscription.create({ data: row });
}

/** A workspace's subscriptions; only the active ones with `{ isActive: true }`. */
export function countWebhookSubscriptions(prisma: PrismaTx, workspaceId: string, filter: { isActive?: boolean } = {}): Promise<number> {
  return prisma.webhookSubscription.count({ where: { workspaceId, ...filter } });
}

/** A workspace's subscriptions, newest first. */
export function selectWebhookSubscriptions(prisma: PrismaTx, workspaceId: string): Promise<WebhookSubscription[]> {
  return prisma.webhookSubscription.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** One subscription, only if it belongs to `workspaceId` when one is given. */
export function selectWebhookSubscription(prisma: PrismaTx, subscriptionId: string, workspaceId?: string): Promise<WebhookSubscription | null> {
  return prisma.webhookSubscription.findFirst({
    where: { id: subscriptionId, ...(workspaceId ? { workspaceId } : {}) },
  });
}

/** Not async: the returned Prisma promise can join a batch `$transaction`. */
export function updateWebhookSubscriptionActive(prisma: PrismaTx, subscriptionId: string, isActive: boolean): Prisma.PrismaPromise<WebhookSubscription> {
  return prisma.webhookSubscription.update({ where: { id: subscriptionId }, data: { isActive } });
}

export async function deleteWebhookSubscriptionById(prisma: PrismaTx, subscriptionId: string): Promise<void> {
  await prisma.webhookSubscription.delete({ where: { id: subscriptionId } });
}
