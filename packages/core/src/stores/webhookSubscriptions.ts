import type { Prisma } from "@svc/db";

/** The `webhook_subscriptions` table. */

/** The workspace's subscriptions that are active. */
export async function countActiveWebhookSubscriptions(db: Prisma.TransactionClient, workspaceId: string): Promise<number> {
  return db.webhookSubscription.count({ where: { workspaceId, isActive: true } });
}
