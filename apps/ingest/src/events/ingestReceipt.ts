import { AppError, type FileStore, ingestSesReceipt, keepUnmatchedNotification, sesReceiptSchema } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { ReceivedObjectBusy, ReceivedObjectMissing, type ReceivedObjectReader, ReceivedObjectTooLarge } from "@svc/providers";
import type { Producer } from "@svc/queues";
import type { SnsNotification } from "@svc/sns";
import type { IngestOutcome } from "./ingestNotification.ts";

/** SES receiving as configured: the bucket the receipt rules store into and how it is read. */
export interface SesReceiving {
  bucket: string;
  reader: ReceivedObjectReader;
  /** Where the stored message's bytes go (FILE_STORE); with the record in PostgreSQL when absent. */
  files?: FileStore;
}

export interface IngestReceiptDeps {
  db: DbHandle;
  deliveries: Producer<"webhookDelivery">;
  /** Null when SES_INBOUND_BUCKET is not set: receipt notifications are then ignored. */
  receiving: SesReceiving | null;
  log: Logger;
}

/** SES's event JSON never says this; only a receipt notification does. */
const RECEIVED = /"notificationType"\s*:\s*"Received"/;

export function isReceiptNotification(message: string): boolean {
  return RECEIVED.test(message);
}

/**
 * One verified SES receipt notification (an S3 action's): the message is read from the bucket and
 * stored through core's `ingestSesReceipt`, the pipeline the built-in receiver shares, and deleted
 * from the bucket once stored. A replay
 * (same SES message id) stores nothing and delivers nothing again. An object that is not there
 * (or too large) is kept in unmatched_notifications and acknowledged, since SNS retrying cannot
 * bring it back; any other S3 or database failure is a 503, so that SNS retries.
 */
export async function ingestReceipt(deps: IngestReceiptDeps, notification: SnsNotification, rawBody: string): Promise<IngestOutcome> {
  const { log } = deps;
  const context = { snsMessageId: notification.MessageId, sesType: "Received" };
  const keepUnmatched = (providerMessageId: string | null) =>
    keepUnmatchedNotification(deps.db, {
      snsMessageId: notification.MessageId,
      eventType: "Received",
      providerMessageId,
      body: rawBody,
    });

  if (!deps.receiving) {
    log.info(context, "SES receipt notification ignored: SES_INBOUND_BUCKET is not set");
    return "ignored";
  }
  let json: unknown;
  try {
    json = JSON.parse(notification.Message);
  } catch {
    json = null;
  }
  const parsed = sesReceiptSchema.safeParse(json);
  if (!parsed.success) {
    await keepUnmatched(null);
    log.warn(
      { ...context, reason: parsed.error.issues[0]?.message },
      "unreadable SES receipt notification kept in unmatched_notifications",
    );
    return "unreadable";
  }
  const receipt = parsed.data;
  const withMessage = { ...context, providerMessageId: receipt.mail.messageId };
  if (receipt.receipt.action.bucketName !== deps.receiving.bucket) {
    // Only the configured bucket is read: a notification naming another is not ours to follow.
    const kept = await keepUnmatched(receipt.mail.messageId);
    log.warn(
      { ...withMessage, bucket: receipt.receipt.action.bucketName, kept },
      "SES receipt names another bucket; kept in unmatched_notifications",
    );
    return "unmatched";
  }

  const reader = deps.receiving.reader;
  let outcome: Awaited<ReturnType<typeof ingestSesReceipt>>;
  try {
    outcome = await ingestSesReceipt(deps.db, deps.deliveries, receipt, reader, deps.receiving.files);
  } catch (error) {
    if (error instanceof ReceivedObjectMissing || error instanceof ReceivedObjectTooLarge) {
      const kept = await keepUnmatched(receipt.mail.messageId);
      log.warn({ ...withMessage, reason: error.message, kept }, "received message not read; notification kept in unmatched_notifications");
      return "unreadable";
    }
    if (error instanceof ReceivedObjectBusy) {
      log.warn({ ...withMessage, reason: error.message }, "received message not read now: the receiving budget is full; SNS will retry");
      throw new AppError("server_busy", "The ingester is busy with other received messages; try again.");
    }
    log.error({ ...withMessage, err: error }, "received message could not be stored; SNS will retry");
    throw new AppError("unavailable", "The received message could not be stored; try again.");
  }
  if (outcome.objectKept)
    log.warn(
      { ...withMessage, object: receipt.receipt.action.objectKey, reason: outcome.objectKept },
      "received message's object could not be deleted from the bucket; its lifecycle rule removes it",
    );
  if (outcome.kind === "refused") {
    log.info({ ...withMessage, reason: outcome.reason }, "SES receipt not stored");
    return outcome.reason === "virus" ? "ignored" : "unmatched";
  }
  const created = outcome.stored.filter((entry) => entry.created);
  if (created.length === 0) {
    log.debug(withMessage, "replayed SES receipt; nothing stored");
    return "duplicate";
  }
  log.info(
    {
      ...withMessage,
      inboundIds: created.map((entry) => entry.inboundId),
      deliveries: created.flatMap((entry) => entry.deliveryIds).length,
    },
    "received message stored",
  );
  return "stored";
}
