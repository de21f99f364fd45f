import type { Db } from "@svc/db";
import { z } from "zod";
import { AppError, notFound } from "../errors.ts";
import { type FileStore, FileStoreUnavailable } from "../files/store.ts";
import { selectInboundAttachment } from "../stores/inboundAttachments.ts";
import {
  type ListedInboundEmail,
  selectInboundCursor,
  selectInboundEmail,
  selectInboundEmails,
  selectInboundRaw,
  selectRepliesToEmail,
} from "../stores/inboundEmails.ts";
import type { InboundAttachmentMeta, ParsedInbound } from "./parse.ts";

/** A received message in a list: the parsed fields (ParsedInbound) a list shows, and the record's own. */
export interface InboundSummaryView
  extends Pick<ParsedInbound, "from" | "to" | "cc" | "subject" | "messageId" | "inReplyTo" | "attachments" | "parseError"> {
  id: string;
  source: "mx" | "ses";
  mailFrom: string;
  recipients: string[];
  replyToEmailId: string | null;
  size: number;
  verdicts: Record<string, unknown>;
  receivedAt: string;
}

export interface InboundView extends InboundSummaryView, Pick<ParsedInbound, "text" | "html" | "headers"> {}

function toSummary(row: ListedInboundEmail): InboundSummaryView {
  return {
    id: row.id,
    source: row.source,
    mailFrom: row.mailFrom,
    recipients: row.rcptTo,
    from: row.from,
    to: row.to as string[],
    cc: row.cc as string[],
    subject: row.subject,
    messageId: row.messageId,
    inReplyTo: row.inReplyTo,
    replyToEmailId: row.replyToEmailId,
    attachments: row.attachments as unknown as InboundAttachmentMeta[],
    size: row.size,
    verdicts: row.verdicts as Record<string, unknown>,
    parseError: row.parseError,
    receivedAt: row.receivedAt.toISOString(),
  };
}

export const INBOUND_PAGE_LIMIT = { default: 20, max: 100 } as const;

export const inboundListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(INBOUND_PAGE_LIMIT.max).optional(),
  after: z.string().min(1).max(64).optional(),
});

/** `?limit=&after=`; anything else is a validation error. */
export function parseInboundListQuery(query: Record<string, unknown>): { limit?: number; after?: string } {
  const parsed = inboundListQuerySchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("validation_failed", `${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  return parsed.data;
}

/** A workspace's received messages, newest first; `after` is the last id of the previous page. */
export async function listInbound(
  prisma: Db,
  workspaceId: string,
  options: { limit?: number; after?: string } = {},
): Promise<{ data: InboundSummaryView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? INBOUND_PAGE_LIMIT.default, 1), INBOUND_PAGE_LIMIT.max);
  const after = options.after ? await selectInboundCursor(prisma, workspaceId, options.after) : undefined;
  if (options.after && !after) throw notFound("Inbound message");
  const rows = await selectInboundEmails(prisma, workspaceId, { limit, after: after ?? undefined });
  return { data: rows.map(toSummary), nextCursor: rows.length === limit ? rows[rows.length - 1]!.id : null };
}

/** Another workspace's record is indistinguishable from a missing one. */
export async function getInbound(prisma: Db, workspaceId: string, inboundId: string): Promise<InboundView> {
  const row = await selectInboundEmail(prisma, workspaceId, inboundId);
  if (!row) throw notFound("Inbound message");
  return { ...toSummary(row), text: row.text, html: row.html, headers: row.headers as Array<[string, string]> };
}

/** The message as received: from its row, or from the object store when the row holds none. */
export async function getInboundRaw(prisma: Db, workspaceId: string, inboundId: string, files?: FileStore): Promise<Buffer> {
  const row = await selectInboundRaw(prisma, workspaceId, inboundId);
  const raw = row && (row.raw ?? (await readStored(() => files?.readInboundRaw({ workspaceId, inboundId }))));
  if (!raw) throw notFound("Inbound message");
  return raw;
}

/** A read from the object store; a store that is down is a 503, never a 500. */
async function readStored(read: () => Promise<Buffer | null> | undefined): Promise<Buffer | null> {
  try {
    return (await read()) ?? null;
  } catch (error) {
    if (error instanceof FileStoreUnavailable) throw new AppError("unavailable", "The file store did not answer; retry later.");
    throw error;
  }
}

/** Attachment `position` (0-based, its place in `attachments`) with its name and type. */
export async function getInboundAttachment(
  prisma: Db,
  workspaceId: string,
  inboundId: string,
  position: number,
  files?: FileStore,
): Promise<{ meta: InboundAttachmentMeta; content: Buffer }> {
  const record = await getInbound(prisma, workspaceId, inboundId);
  const meta = Number.isInteger(position) && position >= 0 ? record.attachments[position] : undefined;
  const content = meta
    ? ((await selectInboundAttachment(prisma, workspaceId, inboundId, position)) ??
      (await readStored(() => files?.readInboundAttachment({ workspaceId, inboundId }, position))))
    : null;
  if (!meta || !content) throw notFound("Attachment");
  return { meta, content };
}

/** The replies received to a sent email (its timeline). */
export async function listRepliesToEmail(prisma: Db, workspaceId: string, emailId: string): Promise<InboundSummaryView[]> {
  return (await selectRepliesToEmail(prisma, workspaceId, emailId)).map(toSummary);
}
