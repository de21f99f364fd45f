import type { Db } from "@svc/db";
import { randomAlphanumeric } from "@svc/db";
import type { Producer } from "@svc/queues";
import { AppError } from "../errors.ts";
import { selectLatestManualWebhookAttempt } from "../stores/webhookAttempts.ts";
import { findWebhookDelivery } from "./deliveries.ts";
import { findWebhookSubscription } from "./subscriptions.ts";
import { toAttemptView, type WebhookAttemptView } from "./views.ts";

export interface RedeliveryRequest {
  deliveryId: string;
  /** The BullMQ job that will make the attempt (not the delivery's own retry job). */
  jobId: string;
  requestedAt: string;
}

/**
 * Re-sends a delivery by hand (the dashboard's "Retry now", `svc webhook retry`): asks the
 * dispatcher for one manual attempt now, whatever the delivery's status. The attempt uses the
 * same delivery id and body, is recorded with `manual: true`, and does not touch the automatic
 * schedule: a success ends the delivery as succeeded; a failure leaves a pending delivery's next
 * automatic retry where it was, and a failed one failed.
 *
 * It runs as its own job (id `<delivery id>-manual-<random>`), because the delivery's own job
 * id may be held by a delayed automatic retry.
 */
export async function redeliverWebhook(
  prisma: Db,
  producer: Producer<"webhookDelivery">,
  deliveryId: string,
  workspaceId?: string,
): Promise<RedeliveryRequest> {
  const delivery = await findWebhookDelivery(prisma, deliveryId, workspaceId);
  const subscription = await findWebhookSubscription(prisma, delivery.subscriptionId);
  if (!subscription.isActive) {
    throw new AppError("conflict", "The webhook subscription is disabled; enable it before retrying a delivery.");
  }
  const requestedAt = new Date();
  const jobId = `${delivery.id}-manual-${randomAlphanumeric(8)}`;
  try {
    await producer.enqueue(jobId, { deliveryId: delivery.id, manual: true }, { attempts: 1 });
  } catch {
    throw new AppError("unavailable", "The retry could not be queued (Redis unreachable); try again shortly.");
  }
  return { deliveryId: delivery.id, jobId, requestedAt: requestedAt.toISOString() };
}

/**
 * Waits for the manual attempt asked for at `requestedAt` to be recorded, polling Postgres (the
 * system of record) rather than Redis. Null when none appears within `timeoutMs` (no
 * dispatcher running, or a long queue): the job stays queued and runs when one picks it up.
 */
export async function waitForRedelivery(
  prisma: Db,
  request: RedeliveryRequest,
  options: { timeoutMs: number; pollMs?: number },
): Promise<WebhookAttemptView | null> {
  const deadline = Date.now() + options.timeoutMs;
  // startedAt is taken by the dispatcher's clock; allow a little skew between machines.
  const since = new Date(new Date(request.requestedAt).getTime() - 1000);
  for (;;) {
    const attempt = await selectLatestManualWebhookAttempt(prisma, request.deliveryId, since);
    if (attempt) return toAttemptView(attempt);
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
  }
}
