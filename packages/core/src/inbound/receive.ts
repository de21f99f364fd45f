import type { Db, DbHandle } from "@svc/db";
import { derivedId, newTimeId } from "@svc/db";
import { newDeliveryJobs, type Producer } from "@svc/queues";
import { DMARC_LOCAL_PART } from "../dmarc/address.ts";
import type { FileStore } from "../files/store.ts";
import { inTransaction } from "../sql.ts";
import { insertInboundEmail } from "../stores/inboundEmails.ts";
import { findVerifiedReceivingDomains } from "../stores/receivingDomains.ts";
import { insertReceivedWebhookDelivery } from "../stores/webhookDeliveries.ts";
import { selectActiveSubscriptionsForReceived } from "../stores/webhookSubscriptions.ts";
import type { InboundVerdicts } from "./authenticate.ts";
import { buildInboundDeliveryBody } from "./deliveryBody.ts";
import { parseInbound } from "./parse.ts";
import { findRepliedEmail } from "./replies.ts";
import { matchRoute, splitRecipient } from "./routes.ts";

/**
 * Memory held for each byte of a received message from its arrival until it is stored: the raw
 * bytes, what mailauth and mailparser make of them (decoded attachment parts, text and HTML), and
 * the statements that carry them to PostgreSQL or the object store, plus the garbage none of
 * this has given back yet. Measured: a receiver grows by about five times a large plain-text
 * message (apps/inbound/test/limits.test.ts), the worst case; one with a large attachment less.
 * The MX receiver and the ingester charge their message budgets this much per byte.
 */
export const INBOUND_MEMORY_PER_BYTE = 6;

/** Where one recipient goes: the workspace whose verified receiving domain has a route for it. */
export interface RoutedRecipient {
  address: string;
  workspaceId: string;
  receivingDomainId: string;
  /** The domain's DMARC reporting address (`dmarc-rua@`): the message is read as reports, not stored as mail. */
  dmarc?: true;
}

/**
 * Routes recipients: each to the workspace that has its domain verified for receiving and a
 * route taking it (exact, `+tag`, catch-all); null for one nobody receives. One look-up for all.
 */
export async function routeRecipients(prisma: Db, addresses: readonly string[]): Promise<Array<RoutedRecipient | null>> {
  const split = addresses.map(splitRecipient);
  const names = [...new Set(split.flatMap((recipient) => (recipient ? [recipient.domain] : [])))];
  const domains = names.length > 0 ? await findVerifiedReceivingDomains(prisma, names) : [];
  const byName = new Map(domains.map((domain) => [domain.name, domain]));
  return split.map((recipient) => {
    if (!recipient) return null;
    const domain = byName.get(recipient.domain);
    if (!domain) return null;
    const routed = { address: recipient.address, workspaceId: domain.workspaceId, receivingDomainId: domain.id };
    // Every verified receiving domain takes reports at its DMARC address, whatever its routes.
    if (recipient.base === DMARC_LOCAL_PART) return { ...routed, dmarc: true };
    return matchRoute(domain.routes, recipient) ? routed : null;
  });
}

export interface ArrivedMessage {
  source: "mx" | "ses";
  /** SES: the receipt's message id, so that a replayed notification stores nothing twice. */
  sourceKey: string | null;
  mailFrom: string;
  /** Routed recipients (several workspaces possible: each gets its own record). */
  recipients: readonly RoutedRecipient[];
  raw: Buffer;
  verdicts: InboundVerdicts;
  receivedAt: Date;
}

/**
 * The record id of an arrival with a dedupe key (SES's receipt message id) in a workspace: a
 * replayed notification derives the same id, and the insert stores nothing for an id that exists.
 */
export function arrivalInboundId(workspaceId: string, sourceKey: string, receivedAt: Date): string {
  return derivedId("inbound", receivedAt, `${workspaceId}:${sourceKey}`);
}

export interface StoredInbound {
  /** Null when nothing was stored (`created` false). */
  inboundId: string | null;
  workspaceId: string;
  /** False when this arrival was stored before (a replayed SES notification). */
  created: boolean;
  deliveryIds: string[];
}

/**
 * Stores a received message once per workspace it reaches: each record, its attachment bytes and
 * one `received` delivery per subscription listing it, for every workspace in one transaction,
 * then enqueues the deliveries (the dispatcher's sweeper enqueues any whose job is lost). One
 * transaction, so that an arrival is stored for all its workspaces or for none: a sending server
 * that retries after a failure stores each workspace's record once. A message that cannot be
 * parsed is stored raw with its parse error. With an object store (`files`, FILE_STORE=s3) the
 * raw bytes and attachment bytes go there first, and fresh ones are taken back when nothing commits.
 * The transaction is pg's, not Prisma's interactive one: Prisma would carry the bytes through
 * JSON, base64 and its engine (many copies of a large message) and give up after a fixed few
 * seconds; here each statement sends the bytes once and only the statement timeout applies.
 */
export async function storeInbound(
  db: DbHandle,
  producer: Producer<"webhookDelivery">,
  message: ArrivedMessage,
  files?: FileStore,
): Promise<StoredInbound[]> {
  const external = files?.kind === "s3" ? files : null;
  const parsed = await parseInbound(message.raw);
  const byWorkspace = new Map<string, string[]>();
  for (const recipient of message.recipients)
    byWorkspace.set(recipient.workspaceId, [...(byWorkspace.get(recipient.workspaceId) ?? []), recipient.address]);
  const arrivals: Array<{ workspaceId: string; rcptTo: string[]; replyToEmailId: string | null; inboundId: string }> = [];
  for (const [workspaceId, rcptTo] of byWorkspace) {
    const replyToEmailId = parsed.parseError ? null : await findRepliedEmail(db.prisma, workspaceId, parsed.inReplyTo, parsed.references);
    const inboundId =
      message.sourceKey === null
        ? newTimeId("inbound", message.receivedAt)
        : arrivalInboundId(workspaceId, message.sourceKey, message.receivedAt);
    arrivals.push({ workspaceId, rcptTo, replyToEmailId, inboundId });
  }
  const refs = arrivals.map(({ workspaceId, inboundId }) => ({ workspaceId, inboundId }));
  // Derived ids may name files a record stored before holds (the same bytes under the same keys):
  // only fresh ones are taken back; the object store's leftover sweep catches the rest.
  const takeBack = () =>
    message.sourceKey === null
      ? external?.deleteInboundFiles(refs.map((ref) => ({ ...ref, count: parsed.files.length }))).catch(() => {})
      : undefined;
  try {
    if (external) for (const ref of refs) await external.putInboundFiles(ref, message.raw, parsed.files);
  } catch (error) {
    await takeBack();
    throw error;
  }
  let written: Array<string[] | null>;
  try {
    written = await inTransaction(db, async (tx) => {
      const results: Array<string[] | null> = [];
      for (const { workspaceId, rcptTo, replyToEmailId, inboundId } of arrivals) {
        const row = await insertInboundEmail(
          tx,
          {
            id: inboundId,
            workspaceId,
            source: message.source,
            sourceKey: message.sourceKey,
            mailFrom: message.mailFrom,
            rcptTo,
            from: parsed.from,
            to: parsed.to,
            cc: parsed.cc,
            subject: parsed.subject,
            messageId: parsed.messageId,
            inReplyTo: parsed.inReplyTo,
            references: parsed.references,
            text: parsed.text,
            html: parsed.html,
            headers: parsed.headers,
            attachments: parsed.attachments,
            raw: external ? null : message.raw,
            size: message.raw.length,
            verdicts: { ...message.verdicts },
            parseError: parsed.parseError,
            replyToEmailId,
            receivedAt: message.receivedAt,
          },
          external ? [] : parsed.files,
        );
        if (!row) {
          results.push(null);
          continue;
        }
        const deliveryIds: string[] = [];
        const now = new Date();
        for (const subscription of await selectActiveSubscriptionsForReceived(tx, workspaceId)) {
          const id = derivedId("delivery", inboundId, `${subscription.id}:${inboundId}`);
          const body = buildInboundDeliveryBody({
            deliveryId: id,
            createdAt: now,
            inbound: {
              id: inboundId,
              from: parsed.from,
              to: parsed.to,
              rcptTo,
              subject: parsed.subject,
              messageId: parsed.messageId,
              replyToEmailId,
              attachmentCount: parsed.attachments.length,
              size: message.raw.length,
              verdicts: message.verdicts,
              parseError: parsed.parseError !== null,
              receivedAt: message.receivedAt,
            },
          });
          await insertReceivedWebhookDelivery(tx, { id, subscriptionId: subscription.id, inboundEmailId: inboundId, body, createdAt: now });
          deliveryIds.push(id);
        }
        results.push(deliveryIds);
      }
      return results;
    });
  } catch (error) {
    await takeBack();
    throw error;
  }
  const stored: StoredInbound[] = [];
  for (const [index, { workspaceId, inboundId }] of arrivals.entries()) {
    const deliveryIds = written[index] ?? null;
    if (deliveryIds === null) {
      stored.push({ inboundId: null, workspaceId, created: false, deliveryIds: [] });
      continue;
    }
    // Committed first; if Redis is unreachable the dispatcher's sweeper enqueues them.
    await producer.enqueueMany(newDeliveryJobs(deliveryIds)).catch(() => {});
    stored.push({ inboundId, workspaceId, created: true, deliveryIds });
  }
  return stored;
}
