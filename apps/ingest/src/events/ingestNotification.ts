import { recordEmailEvent } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { EMAIL_ID_TAG } from "@svc/providers";
import type { Producer } from "@svc/queues";
import type { SnsNotification } from "@svc/sns";
import { parseSesMessage } from "../ses/parse.ts";
import { findEmailId } from "./findEmail.ts";
import { keepUnmatched } from "./unmatched.ts";

export type IngestOutcome = "stored" | "duplicate" | "unmatched" | "unreadable" | "ignored";

export interface IngestNotificationDeps {
  db: DbHandle;
  deliveries: Producer<"webhookDelivery">;
  log: Logger;
}

/**
 * Turns one verified SNS Notification into at most one event record (plus its webhook
 * deliveries), then enqueues those deliveries. Every outcome is an answer SNS should not retry:
 * retrying cannot make an unmatched or unreadable message match.
 */
export async function ingestNotification(
  deps: IngestNotificationDeps,
  notification: SnsNotification,
  rawBody: string,
): Promise<IngestOutcome> {
  const { db, log } = deps;
  const parsed = parseSesMessage(notification.Message, EMAIL_ID_TAG, notification.Timestamp);
  const context = { snsMessageId: notification.MessageId, sesType: parsed.sesType, providerMessageId: parsed.providerMessageId };

  if (parsed.kind === "ignored") {
    log.info(context, "SES event type not stored; ignored");
    return "ignored";
  }
  if (parsed.kind === "unreadable") {
    await keepUnmatched(db, { snsMessageId: notification.MessageId, eventType: parsed.sesType, providerMessageId: parsed.providerMessageId, body: rawBody });
    log.warn({ ...context, reason: parsed.reason }, "unreadable SES message kept in unmatched_notifications");
    return "unreadable";
  }

  const emailId = await findEmailId(db, parsed.taggedEmailId, parsed.providerMessageId);
  if (!emailId) {
    const kept = await keepUnmatched(db, { snsMessageId: notification.MessageId, eventType: parsed.sesType, providerMessageId: parsed.providerMessageId, body: rawBody });
    log.info({ ...context, kept }, "SES event matches no email; kept in unmatched_notifications");
    return "unmatched";
  }

  const recorded = await recordEmailEvent(db, {
    emailId,
    type: parsed.type,
    eventTimestamp: parsed.eventTimestamp,
    payloadJson: notification.Message,
    dedupeKey: parsed.dedupeKey,
    ...(parsed.errorMessage ? { emailUpdate: { errorMessage: parsed.errorMessage, failedAt: parsed.eventTimestamp } } : {}),
  });
  if (!recorded.created) {
    log.debug({ ...context, emailId }, "duplicate SES event; nothing stored");
    return "duplicate";
  }
  log.info({ ...context, emailId, eventId: recorded.eventId, type: parsed.type, deliveries: recorded.deliveryIds.length }, "event stored");
  await enqueueDeliveries(deps, recorded.deliveryIds);
  return "stored";
}

/**
 * The delivery rows are committed; a job is only the nudge. If Redis is down the dispatcher's
 * sweeper finds the pending rows later, so failing here must not fail the request (SNS would
 * retry, hit the dedupe, and enqueue nothing anyway).
 */
async function enqueueDeliveries(deps: IngestNotificationDeps, deliveryIds: string[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  try {
    await deps.deliveries.enqueueMany(deliveryIds.map((deliveryId) => ({ jobId: deliveryId, payload: { deliveryId } })));
  } catch (error) {
    deps.log.warn({ err: error, deliveryIds }, "could not enqueue webhook deliveries; the sweeper will pick them up");
  }
}
