import type { Db, EventType, WebhookSubscription } from "@svc/db";
import { newId } from "@svc/db";
import type { SecretBox } from "../crypto/secretBox.ts";
import { AppError, notFound } from "../errors.ts";
import { EVENT_TYPES } from "../events/types.ts";
import { failPendingWebhookDeliveriesOfSubscription } from "../stores/webhookDeliveries.ts";
import {
  countWebhookSubscriptions,
  deleteWebhookSubscriptionById,
  insertWebhookSubscription,
  selectWebhookSubscription,
  selectWebhookSubscriptions,
  updateWebhookSubscriptionActive,
} from "../stores/webhookSubscriptions.ts";
import { getWorkspace } from "../workspaces/service.ts";
import { generateSigningSecret } from "./secret.ts";
import { validateWebhookUrl, type WebhookUrlPolicy } from "./urls.ts";
import { toSubscriptionView, type WebhookSubscriptionView } from "./views.ts";

const MAX_SUBSCRIPTIONS_PER_WORKSPACE = 20;

export interface CreateWebhookSubscriptionInput {
  workspaceId: string;
  url: string;
  events: readonly string[];
}

export type CreatedWebhookSubscription = WebhookSubscriptionView & {
  /** The signing secret: shown here once, stored only encrypted. */
  secret: string;
};

/** A non-empty subset of the nine event types, deduplicated, in the order given. */
export function parseEventTypes(input: unknown): EventType[] {
  if (!Array.isArray(input) || input.length === 0) {
    throw new AppError("validation_failed", `events: at least one of ${EVENT_TYPES.join(", ")}.`);
  }
  const events: EventType[] = [];
  for (const value of input) {
    const name = typeof value === "string" ? value.trim() : value;
    if (typeof name !== "string" || !(EVENT_TYPES as readonly string[]).includes(name)) {
      throw new AppError("validation_failed", `events: unknown event type ${JSON.stringify(value)}; allowed: ${EVENT_TYPES.join(", ")}.`);
    }
    if (!events.includes(name as EventType)) events.push(name as EventType);
  }
  return events;
}

/**
 * Creates an active subscription with a fresh signing secret, returned once and stored
 * encrypted with `box` (WEBHOOK_SECRET_KEY).
 */
export async function createWebhookSubscription(
  prisma: Db,
  box: SecretBox,
  input: CreateWebhookSubscriptionInput,
  policy: WebhookUrlPolicy = { allowPrivate: false },
): Promise<CreatedWebhookSubscription> {
  const url = validateWebhookUrl(input.url, policy);
  const events = parseEventTypes(input.events);
  const workspace = await getWorkspace(prisma, input.workspaceId);
  const existing = await countWebhookSubscriptions(prisma, workspace.id);
  if (existing >= MAX_SUBSCRIPTIONS_PER_WORKSPACE) {
    throw new AppError("conflict", `A workspace may have at most ${MAX_SUBSCRIPTIONS_PER_WORKSPACE} webhook subscriptions.`);
  }
  const secret = generateSigningSecret();
  const subscription = await insertWebhookSubscription(prisma, {
    id: newId("webhook"),
    workspaceId: workspace.id,
    url,
    events,
    secretEncrypted: box.seal(secret),
  });
  return { ...toSubscriptionView(subscription), secret };
}

export async function listWebhookSubscriptions(prisma: Db, workspaceId: string): Promise<WebhookSubscriptionView[]> {
  const subscriptions = await selectWebhookSubscriptions(prisma, workspaceId);
  return subscriptions.map(toSubscriptionView);
}

/**
 * One subscription. Scoped by workspace when one is given (dashboard): another workspace's
 * subscription is indistinguishable from a missing one. The operator CLI passes none.
 */
export async function findWebhookSubscription(prisma: Db, subscriptionId: string, workspaceId?: string): Promise<WebhookSubscription> {
  const subscription = await selectWebhookSubscription(prisma, subscriptionId, workspaceId);
  if (!subscription) throw notFound("Webhook subscription");
  return subscription;
}

export async function getWebhookSubscription(prisma: Db, subscriptionId: string, workspaceId?: string): Promise<WebhookSubscriptionView> {
  return toSubscriptionView(await findWebhookSubscription(prisma, subscriptionId, workspaceId));
}

export async function enableWebhookSubscription(prisma: Db, subscriptionId: string, workspaceId?: string): Promise<WebhookSubscriptionView> {
  const subscription = await findWebhookSubscription(prisma, subscriptionId, workspaceId);
  const updated = await updateWebhookSubscriptionActive(prisma, subscription.id, true);
  return toSubscriptionView(updated);
}

/**
 * Deactivates a subscription: it gets no new deliveries, and its pending ones end now as
 * `failed` (the dispatcher also stops any job it still holds for them). They can be retried by
 * hand after the subscription is enabled again.
 */
export async function disableWebhookSubscription(prisma: Db, subscriptionId: string, workspaceId?: string): Promise<WebhookSubscriptionView> {
  const subscription = await findWebhookSubscription(prisma, subscriptionId, workspaceId);
  const [updated] = await prisma.$transaction([
    updateWebhookSubscriptionActive(prisma, subscription.id, false),
    failPendingWebhookDeliveriesOfSubscription(prisma, subscription.id, new Date()),
  ]);
  return toSubscriptionView(updated);
}

/** Deletes a subscription with its deliveries and attempts; pending deliveries stop. */
export async function deleteWebhookSubscription(
  prisma: Db,
  subscriptionId: string,
  workspaceId?: string,
): Promise<{ id: string; deleted: true }> {
  const subscription = await findWebhookSubscription(prisma, subscriptionId, workspaceId);
  await deleteWebhookSubscriptionById(prisma, subscription.id);
  return { id: subscription.id, deleted: true };
}
