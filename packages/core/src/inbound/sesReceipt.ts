import type { DbHandle } from "@svc/db";
import type { Producer } from "@svc/queues";
import { z } from "zod";
import type { FileStore } from "../files/store.ts";
import { existingInboundEmails } from "../stores/inboundEmails.ts";
import { type InboundVerdicts, refusedByVirusScan, type Verdict } from "./authenticate.ts";
import { arrivalInboundId, type RoutedRecipient, routeRecipients, type StoredInbound, storeInbound } from "./receive.ts";

/**
 * SES receiving's SNS notification for a receipt rule with an S3 action (the message itself is
 * in the bucket; `content` is absent for an S3 action). Only the fields used are checked.
 */
const verdictSchema = z.object({ status: z.string().max(64) });
export const sesReceiptSchema = z.object({
  notificationType: z.literal("Received"),
  mail: z.object({
    messageId: z.string().min(1).max(256),
    source: z.string().max(998),
    timestamp: z.string().max(64),
  }),
  receipt: z.object({
    recipients: z.array(z.string().max(998)).min(1).max(1000),
    spfVerdict: verdictSchema,
    dkimVerdict: verdictSchema,
    dmarcVerdict: verdictSchema,
    dmarcPolicy: z.string().max(32).optional(),
    spamVerdict: verdictSchema,
    virusVerdict: verdictSchema,
    action: z.object({ type: z.literal("S3"), bucketName: z.string().min(1).max(255), objectKey: z.string().min(1).max(1024) }),
  }),
});
export type SesReceipt = z.infer<typeof sesReceiptSchema>;

/** SES's `PASS`/`FAIL`/`GRAY`/`PROCESSING_FAILED` as our lower-case verdicts. */
function verdictOf(status: string): Verdict {
  const result =
    { PASS: "pass", FAIL: "fail", GRAY: "neutral", PROCESSING_FAILED: "temperror", DISABLED: "none" }[status] ?? status.toLowerCase();
  return { result };
}

export function sesVerdicts(receipt: SesReceipt["receipt"]): InboundVerdicts {
  return {
    spf: verdictOf(receipt.spfVerdict.status),
    dkim: verdictOf(receipt.dkimVerdict.status),
    dmarc: { ...verdictOf(receipt.dmarcVerdict.status), policy: receipt.dmarcPolicy?.toLowerCase() ?? null },
    // SES does not report ARC.
    arc: { result: "none" },
    spam: verdictOf(receipt.spamVerdict.status),
    virus: verdictOf(receipt.virusVerdict.status),
  };
}

export type SesReceiptOutcome = ({ kind: "stored"; stored: StoredInbound[] } | { kind: "refused"; reason: "virus" | "no_route" }) & {
  /** Why the object is still in the bucket after the message was stored (or refused for a virus): the delete failed. */
  objectKept?: string;
};

/** A message read from the bucket, and how to give back the memory it was charged. */
export interface ReceivedObject {
  bytes: Buffer;
  release(): void;
}

/** Where SES receiving left messages: read one (charged to the reader's budget until released), delete one. */
export interface ReceivedObjects {
  read(bucket: string, key: string): Promise<ReceivedObject>;
  delete(bucket: string, key: string): Promise<void>;
}

/**
 * One SES receipt: the recipients routed as the built-in receiver routes them, the raw message
 * read from S3 through `objects`, stored once per workspace under SES's message id (a replayed
 * notification finds it stored and adds nothing, without reading the object again). A message
 * SES found a virus in is not stored (SES has accepted it already; the notification is all that
 * is left of it). Once the message is stored (or refused for a virus) its object is deleted: the
 * record holds the message from then on, and retention and erasure apply to the record only. An
 * object no record is made from (nobody routed, unreadable) stays for the operator to look at;
 * a lifecycle rule on the bucket bounds how long.
 */
export async function ingestSesReceipt(
  db: DbHandle,
  deliveries: Producer<"webhookDelivery">,
  notification: SesReceipt,
  objects: ReceivedObjects,
  files?: FileStore,
): Promise<SesReceiptOutcome> {
  const { bucketName, objectKey } = notification.receipt.action;
  const deleteObject = async (): Promise<{ objectKept?: string }> => {
    try {
      await objects.delete(bucketName, objectKey);
      return {};
    } catch (error) {
      return { objectKept: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  };
  const verdicts = sesVerdicts(notification.receipt);
  if (refusedByVirusScan(verdicts)) return { kind: "refused", reason: "virus", ...(await deleteObject()) };
  // DMARC reporting addresses are read by the built-in MX only: through SES they are not routed.
  const routed = (await routeRecipients(db.prisma, notification.receipt.recipients)).filter(
    (recipient): recipient is RoutedRecipient => recipient !== null && !recipient.dmarc,
  );
  if (routed.length === 0) return { kind: "refused", reason: "no_route" };
  const timestamp = new Date(notification.mail.timestamp);
  const receivedAt = Number.isNaN(timestamp.getTime()) ? new Date() : timestamp;
  // A replay after the first store deleted the object: every workspace's record is there already.
  const workspaces = [...new Set(routed.map((recipient) => recipient.workspaceId))];
  const ids = workspaces.map((workspaceId) => arrivalInboundId(workspaceId, notification.mail.messageId, receivedAt));
  const existing = await existingInboundEmails(db.prisma, ids);
  if (ids.every((id) => existing.has(id))) {
    const stored = workspaces.map((workspaceId) => ({ inboundId: null, workspaceId, created: false, deliveryIds: [] }));
    return { kind: "stored", stored, ...(await deleteObject()) };
  }
  const object = await objects.read(bucketName, objectKey);
  let stored: StoredInbound[];
  try {
    stored = await storeInbound(
      db,
      deliveries,
      {
        source: "ses",
        sourceKey: notification.mail.messageId,
        mailFrom: notification.mail.source,
        recipients: routed,
        raw: object.bytes,
        verdicts,
        receivedAt,
      },
      files,
    );
  } finally {
    object.release();
  }
  return { kind: "stored", stored, ...(await deleteObject()) };
}
