import type { Db } from "@svc/db";
import type { Producer } from "@svc/queues";
import { z } from "zod";
import type { FileStore } from "../files/store.ts";
import { type InboundVerdicts, refusedByVirusScan, type Verdict } from "./authenticate.ts";
import { routeRecipients, type StoredInbound, storeInbound } from "./receive.ts";

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

export type SesReceiptOutcome = { kind: "stored"; stored: StoredInbound[] } | { kind: "refused"; reason: "virus" | "no_route" };

/**
 * One SES receipt: the recipients routed as the built-in receiver routes them, the raw message
 * read from S3 through `readObject`, stored once per workspace under SES's message id (a
 * replayed notification finds it stored and adds nothing). A message SES found a virus in is
 * not stored (SES has accepted it already; the notification is all that is left of it).
 */
export async function ingestSesReceipt(
  prisma: Db,
  deliveries: Producer<"webhookDelivery">,
  notification: SesReceipt,
  readObject: (bucket: string, key: string) => Promise<Buffer>,
  files?: FileStore,
): Promise<SesReceiptOutcome> {
  const verdicts = sesVerdicts(notification.receipt);
  if (refusedByVirusScan(verdicts)) return { kind: "refused", reason: "virus" };
  const routed = (await routeRecipients(prisma, notification.receipt.recipients)).filter((recipient) => recipient !== null);
  if (routed.length === 0) return { kind: "refused", reason: "no_route" };
  const raw = await readObject(notification.receipt.action.bucketName, notification.receipt.action.objectKey);
  const receivedAt = new Date(notification.mail.timestamp);
  const stored = await storeInbound(
    prisma,
    deliveries,
    {
      source: "ses",
      sourceKey: notification.mail.messageId,
      mailFrom: notification.mail.source,
      recipients: routed,
      raw,
      verdicts,
      receivedAt: Number.isNaN(receivedAt.getTime()) ? new Date() : receivedAt,
    },
    files,
  );
  return { kind: "stored", stored };
}
