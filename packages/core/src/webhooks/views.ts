import type { WebhookAttempt, WebhookDelivery, WebhookSubscription } from "@svc/db";
import { isoOrNull } from "../time.ts";
import { isDeliveryFinished } from "./deliveryStatus.ts";

export interface WebhookSubscriptionView {
  id: string;
  workspaceId: string;
  url: string;
  events: string[];
  isActive: boolean;
  createdAt: string;
  /** Since when every automatic attempt failed; null while the endpoint answers. */
  failingSince: string | null;
  /** Set when the service disabled the subscription itself, with why. */
  disabledAt: string | null;
  disabledReason: string | null;
  /** At most this many automatic attempts per second across every dispatcher; null: no limit. */
  maxDeliveriesPerSecond: number | null;
}

/** Never the secret: it is shown once, by createWebhookSubscription. */
export function toSubscriptionView(subscription: WebhookSubscription): WebhookSubscriptionView {
  return {
    id: subscription.id,
    workspaceId: subscription.workspaceId,
    url: subscription.url,
    events: subscription.events,
    isActive: subscription.isActive,
    createdAt: subscription.createdAt.toISOString(),
    failingSince: isoOrNull(subscription.failingSince),
    disabledAt: isoOrNull(subscription.disabledAt),
    disabledReason: subscription.disabledReason,
    maxDeliveriesPerSecond: subscription.maxDeliveriesPerSecond,
  };
}

export interface WebhookAttemptView {
  id: string;
  number: number;
  manual: boolean;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

export function toAttemptView(attempt: WebhookAttempt): WebhookAttemptView {
  return {
    id: attempt.id,
    number: attempt.number,
    manual: attempt.manual,
    startedAt: attempt.startedAt.toISOString(),
    durationMs: attempt.durationMs,
    statusCode: attempt.statusCode,
    responseExcerpt: attempt.responseExcerpt,
    error: attempt.error,
  };
}

export interface WebhookDeliveryView {
  id: string;
  subscriptionId: string;
  /** Null for a test delivery (sendTestWebhookEvent), which has no stored event. */
  eventId: string | null;
  eventType: string;
  test: boolean;
  /** A replay's copy of a succeeded delivery: the original's id. */
  replayOf: string | null;
  status: string;
  attemptCount: number;
  firstAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
  attempts?: WebhookAttemptView[];
  /** The exact bytes POSTed on every attempt (detail view only). */
  body?: string;
}

export function toDeliveryView(
  delivery: WebhookDelivery & { attempts?: WebhookAttempt[] },
  options: { withBody?: boolean } = {},
): WebhookDeliveryView {
  return {
    id: delivery.id,
    subscriptionId: delivery.subscriptionId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    test: delivery.eventId === null && delivery.replayOf === null,
    replayOf: delivery.replayOf,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    firstAttemptAt: isoOrNull(delivery.firstAttemptAt),
    nextAttemptAt: isDeliveryFinished(delivery.status) ? null : isoOrNull(delivery.nextAttemptAt),
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    completedAt: isoOrNull(delivery.completedAt),
    ...(delivery.attempts ? { attempts: delivery.attempts.map(toAttemptView) } : {}),
    ...(options.withBody ? { body: delivery.body } : {}),
  };
}
