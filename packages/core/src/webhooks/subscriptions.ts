import type { Db, EventType, WebhookSubscription } from "@svc/db";
import { newId } from "@svc/db";
import type { SecretBox } from "../crypto/secretBox.ts";
import { AppError, notFound } from "../errors.ts";
import { EVENT_TYPES } from "../events/types.ts";
import { generateSigningSecret } from "./secret.ts";
import { validateWebhookUrl, type WebhookUrlPolicy } from "./urls.ts";
import { toSubscriptionView, type WebhookSubscriptionView } from "./views.ts";

export const MAX_SUBSCRIPTIONS_PER_WORKSPACE = 20;

/** What a stopped delivery records when its subscription is disabled. */
export const DISABLED_DELIVERY_ERROR = "The subscription was disabled; no further attempts are made.";

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
  db: Db,
  box: SecretBox,
  input: CreateWebhookSubscriptionInput,
  policy: WebhookUrlPolicy = { allowPrivate: false },
): Promise<CreatedWebhookSubscription> {
  const url = validateWebhookUrl(input.url, policy);
  const events = parseEventTypes(input.events);
  const workspace = await db.workspace.findUnique({ where: { id: input.workspaceId }, select: { id: true } });
  if (!workspace) throw notFound("Workspace");
  const existing = await db.webhookSubscription.count({ where: { workspaceId: input.workspaceId } });
  if (existing >= MAX_SUBSCRIPTIONS_PER_WORKSPACE) {
    throw new AppError("conflict", `A workspace may have at most ${MAX_SUBSCRIPTIONS_PER_WORKSPACE} webhook subscriptions.`);
  }
  const secret = generateSigningSecret();
  const subscription = await db.webhookSubscription.create({
    data: { id: newId("webhook"), workspaceId: input.workspaceId, url, events, secretEncrypted: box.seal(secret) },
  });
  return { ...toSubscriptionView(subscription), secret };
}

export async function listWebhookSubscriptions(db: Db, workspaceId: string): Promise<WebhookSubscriptionView[]> {
  const subscriptions = await db.webhookSubscription.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return subscriptions.map(toSubscriptionView);
}

/**
 * One subscription. Scoped by workspace when one is given (dashboard): another workspace's
 * subscription is indistinguishable from a missing one. The operator CLI passes none.
 */
export async function findWebhookSubscription(db: Db, subscriptionId: string, workspaceId?: string): Promise<WebhookSubscription> {
  const subscription = await db.webhookSubscription.findFirst({
    where: { id: subscriptionId, ...(workspaceId ? { workspaceId } : {}) },
  });
  if (!subscription) throw notFound("Webhook subscription");
  return subscription;
}

export async function getWebhookSubscription(db: Db, subscriptionId: string, workspaceId?: string): Promise<WebhookSubscriptionView> {
  return toSubscriptionView(await findWebhookSubscription(db, subscriptionId, workspaceId));
}

export async function enableWebhookSubscription(db: Db, subscriptionId: string, workspaceId?: string): Promise<WebhookSubscriptionView> {
  const subscription = await findWebhookSubscription(db, subscriptionId, workspaceId);
  const updated = await db.webhookSubscription.update({ where: { id: subscription.id }, data: { isActive: true } });
  return toSubscriptionView(updated);
}

/**
 * Deactivates a subscription: it gets no new deliveries, and its pending ones end now as
 * `failed` (the dispatcher also stops any job it still holds for them). They can be retried by
 * hand after the subscription is enabled again.
 */
export async function disableWebhookSubscription(db: Db, subscriptionId: string, workspaceId?: string): Promise<WebhookSubscriptionView> {
  const subscription = await findWebhookSubscription(db, subscriptionId, workspaceId);
  const [updated] = await db.$transaction([
    db.webhookSubscription.update({ where: { id: subscription.id }, data: { isActive: false } }),
    db.webhookDelivery.updateMany({
      where: { subscriptionId: subscription.id, status: "pending" },
      data: { status: "failed", nextAttemptAt: null, completedAt: new Date(), lastError: DISABLED_DELIVERY_ERROR },
    }),
  ]);
  return toSubscriptionView(updated);
}

/** Deletes a subscription with its deliveries and attempts; pending deliveries stop. */
export async function deleteWebhookSubscription(
  db: Db,
  subscriptionId: string,
  workspaceId?: string,
): Promise<{ id: string; deleted: true }> {
  const subscription = await findWebhookSubscription(db, subscriptionId, workspaceId);
  await db.webhookSubscription.delete({ where: { id: subscription.id } });
  return { id: subscription.id, deleted: true };
}
