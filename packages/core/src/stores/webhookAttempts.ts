import type { Prisma, WebhookAttempt } from "@svc/db";

/**
 * The webhook_attempts table: one row per POST of a delivery, numbered in order. Its rows are
 * written with their delivery's new state, in one statement, by the webhook_deliveries store
 * (`recordWebhookAttempt`, `recordClaimedWebhookAttempts`); deleting a delivery deletes them by
 * cascade. This store holds the reads of attempts alone.
 */

type PrismaTx = Prisma.TransactionClient;

/** The latest manual attempt of a delivery that started at or after `since`. */
export function selectLatestManualWebhookAttempt(prisma: PrismaTx, deliveryId: string, since: Date): Promise<WebhookAttempt | null> {
  return prisma.webhookAttempt.findFirst({
    where: { deliveryId, manual: true, startedAt: { gte: since } },
    orderBy: { number: "desc" },
  });
}
