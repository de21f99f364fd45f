import type { Db } from "@svc/db";
import { findMembersOfWorkspace } from "../stores/members.ts";
import { failPendingWebhookDeliveriesOfSubscription } from "../stores/webhookDeliveries.ts";
import {
  type AutoDisabledSubscription,
  disableSubscriptionsFailingSince,
  markWebhookSubscriptionDisabled,
  takeSubscriptionsToNotify,
  untakeSubscriptionsToNotify,
} from "../stores/webhookSubscriptions.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Disables the subscriptions whose every automatic attempt failed for `failingDays` days: an
 * endpoint gone for good otherwise costs a retry schedule per event forever. Their pending
 * deliveries end `failed`, as when an owner disables one; enabling it again starts afresh.
 */
export async function disableLongFailingSubscriptions(
  prisma: Db,
  failingDays: number,
  now: Date = new Date(),
): Promise<AutoDisabledSubscription[]> {
  const reason = `Disabled automatically: every delivery attempt failed for ${failingDays} day${failingDays === 1 ? "" : "s"}.`;
  return prisma.$transaction(async (tx) => {
    const disabled = await disableSubscriptionsFailingSince(tx, new Date(now.getTime() - failingDays * DAY_MS), now, reason);
    for (const subscription of disabled) await failPendingWebhookDeliveriesOfSubscription(tx, subscription.id, now);
    return disabled;
  });
}

export const GONE_DISABLE_REASON = "Disabled automatically: the endpoint answered 410 Gone.";

/**
 * Disables a subscription whose endpoint answered `410 Gone`: the receiver has said it wants no
 * more, so no retry schedule is spent on it. Its pending deliveries end `failed` and its owners
 * are told, exactly as for a subscription failing for days.
 */
export async function disableGoneSubscription(
  prisma: Db,
  subscriptionId: string,
  now: Date = new Date(),
): Promise<AutoDisabledSubscription | null> {
  return prisma.$transaction(async (tx) => {
    const disabled = await markWebhookSubscriptionDisabled(tx, subscriptionId, now, GONE_DISABLE_REASON);
    if (disabled) await failPendingWebhookDeliveriesOfSubscription(tx, subscriptionId, now);
    return disabled;
  });
}

export interface DisabledSubscriptionNotice {
  /** The workspace's owners. */
  to: string[];
  subscription: AutoDisabledSubscription;
}

/**
 * Tells the owners of each automatically disabled subscription, once: a subscription is marked
 * told before `send`, and given back if `send` throws, so a later run tries it again.
 */
export async function notifyOwnersOfDisabledSubscriptions(
  prisma: Db,
  send: (notice: DisabledSubscriptionNotice) => Promise<void>,
  options: { limit?: number; now?: Date } = {},
): Promise<{ notified: number; failed: number }> {
  const taken = await takeSubscriptionsToNotify(prisma, options.now ?? new Date(), options.limit ?? 50);
  let failed = 0;
  for (const subscription of taken) {
    const owners = (await findMembersOfWorkspace(prisma, subscription.workspaceId))
      .filter((m) => m.role === "owner")
      .map((m) => m.user.email);
    try {
      if (owners.length > 0) await send({ to: owners, subscription });
    } catch {
      failed += 1;
      await untakeSubscriptionsToNotify(prisma, [subscription.id]);
    }
  }
  return { notified: taken.length - failed, failed };
}
