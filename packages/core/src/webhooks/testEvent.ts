import type { Db, EventType } from "@svc/db";
import { newTimeId } from "@svc/db";
import type { Producer } from "@svc/queues";
import { AppError } from "../errors.ts";
import { buildDeliveryBody } from "../events/deliveryBody.ts";
import { insertWebhookDelivery } from "../stores/webhookDeliveries.ts";
import { incrementWorkspaceDailyCounter } from "../stores/workspaceDailyCounters.ts";
import { findWebhookSubscription, parseEventTypes } from "./subscriptions.ts";
import { toDeliveryView, type WebhookDeliveryView } from "./views.ts";

/**
 * "Send test event" (dashboard): a real delivery row for one subscription, sent by the real
 * dispatcher with the real headers, signature, retries and attempt records.
 *
 * It stands for no stored event: its `eventId` column is null, and its body is the normal
 * `email.event` body (built by the one builder) with `"test": true` added; the emailId and
 * eventId inside are fresh ids that name no stored email or event. Receivers recognise it by
 * that flag. The event type defaults to the subscription's first subscribed type.
 *
 * Each is retried like any delivery, so test events are limited per workspace and UTC day:
 * unlimited, they would let one workspace fill the dispatcher with attempts to a tarpit.
 */
export const DEFAULT_TEST_EVENTS_PER_DAY = 100;

export async function sendTestWebhookEvent(
  prisma: Db,
  producer: Producer<"webhookDelivery">,
  subscriptionId: string,
  options: { workspaceId?: string; eventType?: string; perDay?: number } = {},
): Promise<WebhookDeliveryView> {
  const subscription = await findWebhookSubscription(prisma, subscriptionId, options.workspaceId);
  if (!subscription.isActive) {
    throw new AppError("conflict", "The webhook subscription is disabled; enable it before sending a test event.");
  }
  const eventType: EventType = options.eventType ? parseEventTypes([options.eventType])[0]! : subscription.events[0]!;
  const id = newTimeId("delivery");
  const now = new Date();
  const body = JSON.stringify({
    ...(JSON.parse(
      buildDeliveryBody({
        deliveryId: id,
        createdAt: now,
        emailId: newTimeId("email"),
        tags: [],
        eventId: newTimeId("event"),
        eventType,
        eventTimestamp: now,
      }),
    ) as object),
    test: true,
  });
  const perDay = options.perDay ?? DEFAULT_TEST_EVENTS_PER_DAY;
  const delivery = await prisma.$transaction(async (tx) => {
    if ((await incrementWorkspaceDailyCounter(tx, subscription.workspaceId, "test_event", perDay)) === null) {
      throw new AppError("rate_limited", `This workspace has sent its ${perDay} test events for today (UTC). Try again tomorrow.`);
    }
    return insertWebhookDelivery(tx, {
      id,
      subscriptionId: subscription.id,
      eventId: null,
      eventType,
      body,
      createdAt: now,
      nextAttemptAt: now,
    });
  });
  // The row is committed first; if Redis is unreachable the dispatcher's sweeper enqueues it.
  await producer.enqueue(id, { deliveryId: id }).catch(() => {});
  return toDeliveryView(delivery, { withBody: true });
}
