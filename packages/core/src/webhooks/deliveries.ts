import type { Db, DeliveryStatus, WebhookDelivery } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { selectWebhookDeliveries, selectWebhookDelivery, selectWebhookDeliveryWithAttempts } from "../stores/webhookDeliveries.ts";
import { DELIVERY_STATUSES } from "./deliveryStatus.ts";
import { findWebhookSubscription } from "./subscriptions.ts";
import { toDeliveryView, type WebhookDeliveryView } from "./views.ts";

const DEFAULT_DELIVERY_PAGE = 50;
const MAX_DELIVERY_PAGE = 200;

export interface ListDeliveriesOptions {
  workspaceId?: string;
  status?: string;
  limit?: number;
}

/** A subscription's most recent deliveries, newest first, each with its attempts (oldest first). */
export async function listWebhookDeliveries(
  prisma: Db,
  subscriptionId: string,
  options: ListDeliveriesOptions = {},
): Promise<WebhookDeliveryView[]> {
  const subscription = await findWebhookSubscription(prisma, subscriptionId, options.workspaceId);
  const limit = options.limit ?? DEFAULT_DELIVERY_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DELIVERY_PAGE) {
    throw new AppError("validation_failed", `limit: a whole number from 1 to ${MAX_DELIVERY_PAGE}.`);
  }
  if (options.status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(options.status)) {
    throw new AppError("validation_failed", `status: one of ${DELIVERY_STATUSES.join(", ")}.`);
  }
  const deliveries = await selectWebhookDeliveries(prisma, subscription.id, {
    status: options.status as DeliveryStatus | undefined,
    limit,
  });
  return deliveries.map((delivery) => toDeliveryView(delivery));
}

/** A delivery row, scoped through its subscription's workspace when one is given. */
export async function findWebhookDelivery(prisma: Db, deliveryId: string, workspaceId?: string): Promise<WebhookDelivery> {
  const delivery = await selectWebhookDelivery(prisma, deliveryId, workspaceId);
  if (!delivery) throw notFound("Webhook delivery");
  return delivery;
}

/** One delivery with its attempts and the exact body it sends. */
export async function getWebhookDelivery(prisma: Db, deliveryId: string, workspaceId?: string): Promise<WebhookDeliveryView> {
  const found = await findWebhookDelivery(prisma, deliveryId, workspaceId);
  const delivery = await selectWebhookDeliveryWithAttempts(prisma, found.id);
  return toDeliveryView(delivery, { withBody: true });
}
