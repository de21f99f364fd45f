import type { Db, EventType, WebhookSubscription } from "@svc/db";
import { newId } from "@svc/db";
import type { AuditBy } from "../audit/inTransaction.ts";
import { recordAudit, SECRET_CHANGED } from "../audit/record.ts";
import type { SecretBox } from "../crypto/secretBox.ts";
import { AppError, notFound } from "../errors.ts";
import { EVENT_TYPES } from "../events/types.ts";
import { prismaQueryable } from "../stores/auditLog.ts";
import { failPendingWebhookDeliveriesOfSubscription } from "../stores/webhookDeliveries.ts";
import {
  countWebhookSubscriptions,
  deleteWebhookSubscriptionById,
  insertWebhookSubscription,
  selectWebhookSubscription,
  selectWebhookSubscriptions,
  updateWebhookSubscriptionActive,
  updateWebhookSubscriptionFields,
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
  /** At most this many automatic attempts per second (1 to MAX_DELIVERIES_PER_SECOND); absent or null: no limit. */
  maxDeliveriesPerSecond?: number | null;
}

/** The highest per-subscription rate limit an owner may set: above it, a limit means nothing. */
export const MAX_DELIVERIES_PER_SECOND = 1000;

function parseRateLimit(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_DELIVERIES_PER_SECOND) {
    throw new AppError(
      "validation_failed",
      `maxDeliveriesPerSecond: a whole number from 1 to ${MAX_DELIVERIES_PER_SECOND}, or null for no limit.`,
    );
  }
  return value;
}

export type CreatedWebhookSubscription = WebhookSubscriptionView & {
  /** The signing secret: shown here once, stored only encrypted. */
  secret: string;
};

/** A non-empty subset of EVENT_TYPES, deduplicated, in the order given. */
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
 * encrypted with `box` (WEBHOOK_SECRET_KEY). With `by`, its audit entry (which records that a
 * secret was set, never its value) is written in the same transaction.
 */
export async function createWebhookSubscription(
  prisma: Db,
  box: SecretBox,
  input: CreateWebhookSubscriptionInput,
  policy: WebhookUrlPolicy = { allowPrivate: false },
  by?: AuditBy,
): Promise<CreatedWebhookSubscription> {
  const url = validateWebhookUrl(input.url, policy);
  const events = parseEventTypes(input.events);
  const maxDeliveriesPerSecond = parseRateLimit(input.maxDeliveriesPerSecond);
  const workspace = await getWorkspace(prisma, input.workspaceId);
  const existing = await countWebhookSubscriptions(prisma, workspace.id);
  if (existing >= MAX_SUBSCRIPTIONS_PER_WORKSPACE) {
    throw new AppError("conflict", `A workspace may have at most ${MAX_SUBSCRIPTIONS_PER_WORKSPACE} webhook subscriptions.`);
  }
  const secret = generateSigningSecret();
  const subscription = await prisma.$transaction(async (tx) => {
    const row = await insertWebhookSubscription(tx, {
      id: newId("webhook"),
      workspaceId: workspace.id,
      url,
      events,
      secretEncrypted: box.seal(secret),
      maxDeliveriesPerSecond,
    });
    if (by) {
      await recordAudit(prismaQueryable(tx), {
        ...by,
        workspaceId: workspace.id,
        action: "webhook.created",
        target: { type: "webhook", id: row.id },
        changes: {
          url,
          events,
          ...(input.maxDeliveriesPerSecond !== undefined ? { maxDeliveriesPerSecond } : {}),
          secret: SECRET_CHANGED,
        },
      });
    }
    return row;
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

export async function enableWebhookSubscription(
  prisma: Db,
  subscriptionId: string,
  workspaceId?: string,
): Promise<WebhookSubscriptionView> {
  const subscription = await findWebhookSubscription(prisma, subscriptionId, workspaceId);
  const updated = await updateWebhookSubscriptionActive(prisma, subscription.id, true);
  return toSubscriptionView(updated);
}

export interface UpdateWebhookSubscriptionInput {
  url?: string;
  events?: readonly string[];
  isActive?: boolean;
  maxDeliveriesPerSecond?: number | null;
}

/**
 * Changes a subscription in place, in one transaction: its URL, event types, rate limit and
 * active switch (which behaves as `enableWebhookSubscription`/`disableWebhookSubscription`). The
 * signing secret never changes. Fields left out stay as they are; every given field is checked
 * before anything is written. With `by`, the audit entry commits with the change.
 */
export async function updateWebhookSubscription(
  prisma: Db,
  subscriptionId: string,
  input: UpdateWebhookSubscriptionInput,
  options: { workspaceId?: string; policy?: WebhookUrlPolicy; by?: AuditBy } = {},
): Promise<WebhookSubscriptionView> {
  const edit = {
    ...(input.url !== undefined ? { url: validateWebhookUrl(input.url, options.policy ?? { allowPrivate: false }) } : {}),
    ...(input.events !== undefined ? { events: parseEventTypes(input.events) } : {}),
    ...(input.maxDeliveriesPerSecond !== undefined ? { maxDeliveriesPerSecond: parseRateLimit(input.maxDeliveriesPerSecond) } : {}),
  };
  if (input.isActive !== undefined && typeof input.isActive !== "boolean")
    throw new AppError("validation_failed", "isActive: true or false.");
  const subscription = await findWebhookSubscription(prisma, subscriptionId, options.workspaceId);
  const by = options.by;
  await prisma.$transaction(async (tx) => {
    if (Object.keys(edit).length > 0) await updateWebhookSubscriptionFields(tx, subscription.id, edit);
    if (input.isActive === true && !subscription.isActive) await updateWebhookSubscriptionActive(tx, subscription.id, true);
    if (input.isActive === false && subscription.isActive) {
      await updateWebhookSubscriptionActive(tx, subscription.id, false);
      await failPendingWebhookDeliveriesOfSubscription(tx, subscription.id, new Date());
    }
    if (by) {
      const changes = { ...edit, ...(input.isActive !== undefined ? { isActive: input.isActive } : {}) };
      await recordAudit(prismaQueryable(tx), {
        ...by,
        workspaceId: subscription.workspaceId,
        action: "webhook.updated",
        target: { type: "webhook", id: subscription.id },
        changes,
      });
    }
  });
  return getWebhookSubscription(prisma, subscription.id);
}

/**
 * Deactivates a subscription: it gets no new deliveries, and its pending ones end now as
 * `failed` (the dispatcher also stops any job it still holds for them). They can be retried by
 * hand after the subscription is enabled again.
 */
export async function disableWebhookSubscription(
  prisma: Db,
  subscriptionId: string,
  workspaceId?: string,
): Promise<WebhookSubscriptionView> {
  const subscription = await findWebhookSubscription(prisma, subscriptionId, workspaceId);
  const [updated] = await prisma.$transaction([
    updateWebhookSubscriptionActive(prisma, subscription.id, false),
    failPendingWebhookDeliveriesOfSubscription(prisma, subscription.id, new Date()),
  ]);
  return toSubscriptionView(updated);
}

/** Deletes a subscription with its deliveries and attempts; pending deliveries stop. With `by`, audited in the same transaction. */
export async function deleteWebhookSubscription(
  prisma: Db,
  subscriptionId: string,
  workspaceId?: string,
  by?: AuditBy,
): Promise<{ id: string; deleted: true }> {
  const subscription = await findWebhookSubscription(prisma, subscriptionId, workspaceId);
  await prisma.$transaction(async (tx) => {
    await deleteWebhookSubscriptionById(tx, subscription.id);
    if (by) {
      await recordAudit(prismaQueryable(tx), {
        ...by,
        workspaceId: subscription.workspaceId,
        action: "webhook.deleted",
        target: { type: "webhook", id: subscription.id },
        changes: { url: subscription.url },
      });
    }
  });
  return { id: subscription.id, deleted: true };
}
