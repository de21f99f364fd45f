import { keepUnmatchedNotification } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { recordEventStored } from "@svc/metrics/ingest";
import { EMAIL_ID_TAG } from "@svc/providers";
import type { SnsNotification } from "@svc/sns";
import { parseSesMessage } from "../ses/parse.ts";
import type { AcceptedTopics } from "../sns/acceptedTopics.ts";
import type { RecordEvent } from "./eventRecorder.ts";
import { type IngestReceiptDeps, ingestReceipt, isReceiptNotification } from "./ingestReceipt.ts";

export type IngestOutcome = "stored" | "duplicate" | "unmatched" | "unreadable" | "ignored";

export interface IngestNotificationDeps extends IngestReceiptDeps {
  db: DbHandle;
  /** Stores the event with the others arriving at the same time (see eventRecorder.ts). */
  recordEvent: RecordEvent;
  topics: AcceptedTopics;
  log: Logger;
}

/** The region of an SNS topic ARN (`arn:aws:sns:eu-west-1:…`): the region whose SES reported the event. */
function regionOfTopic(topicArn: string | undefined): { region?: string } {
  const region = topicArn?.split(":")[3];
  return region && /^[a-z]{2}(-[a-z]+)+-\d$/.test(region) ? { region } : {};
}

/**
 * Turns one verified SNS Notification into at most one event record (plus its webhook
 * deliveries, enqueued by the recorder once committed). Every outcome is an answer SNS should not retry:
 * retrying cannot make an unmatched or unreadable message match.
 */
export async function ingestNotification(
  deps: IngestNotificationDeps,
  notification: SnsNotification,
  rawBody: string,
): Promise<IngestOutcome> {
  const { log } = deps;
  // SES receiving shares the topic with the sending events; its notifications carry a message.
  if (isReceiptNotification(notification.Message)) return ingestReceipt(deps, notification, rawBody);
  const parsed = parseSesMessage(notification.Message, EMAIL_ID_TAG, notification.Timestamp);
  const context = { snsMessageId: notification.MessageId, sesType: parsed.sesType, providerMessageId: parsed.providerMessageId };
  // Kept for inspection: a verified notification that belongs to no email of ours, or that we could not read.
  const keepUnmatched = () =>
    keepUnmatchedNotification(deps.db, {
      snsMessageId: notification.MessageId,
      eventType: parsed.sesType,
      providerMessageId: parsed.providerMessageId,
      body: rawBody,
    });

  if (parsed.kind === "ignored") {
    log.info(context, "SES event type not stored; ignored");
    return "ignored";
  }
  if (parsed.kind === "unreadable") {
    await keepUnmatched();
    log.warn({ ...context, reason: parsed.reason }, "unreadable SES message kept in unmatched_notifications");
    return "unreadable";
  }

  if (!deps.topics.agrees(parsed.origin)) {
    // Forged or foreign: treated as matching no email of ours, so it changes nothing.
    const kept = await keepUnmatched();
    log.warn(
      { ...context, ...parsed.origin, kept },
      "SES event names another sending account or configuration set; kept in unmatched_notifications",
    );
    return "unmatched";
  }

  const recorded = await deps.recordEvent({
    email: { emailId: parsed.taggedEmailId, providerMessageId: parsed.providerMessageId },
    type: parsed.type,
    eventTimestamp: parsed.eventTimestamp,
    payloadJson: notification.Message,
    dedupeKey: parsed.dedupeKey,
    ...regionOfTopic(notification.TopicArn),
    ...(parsed.errorMessage ? { emailUpdate: { errorMessage: parsed.errorMessage, failedAt: parsed.eventTimestamp } } : {}),
    ...(parsed.suppress ? { suppress: parsed.suppress } : {}),
    ...(parsed.bounceCause ? { bounceCause: parsed.bounceCause } : {}),
  });
  switch (recorded.outcome) {
    case "unmatched": {
      const kept = await keepUnmatched();
      log.info({ ...context, kept }, "SES event matches no email; kept in unmatched_notifications");
      return "unmatched";
    }
    case "duplicate":
      log.debug({ ...context, emailId: recorded.emailId }, "duplicate SES event; nothing stored");
      return "duplicate";
    case "created":
      recordEventStored(parsed.type);
      // debug, not info: a line per stored event costs real CPU at volume (pino's serialisation
      // and a write per line); the event row itself is the record.
      log.debug(
        { ...context, emailId: recorded.emailId, eventId: recorded.eventId, type: parsed.type, deliveries: recorded.deliveryIds.length },
        "event stored",
      );
      return "stored";
  }
}
