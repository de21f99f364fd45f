import { Readable } from "node:stream";
import type { Db, DbHandle } from "@svc/db";
import { z } from "zod";
import { AppError, notFound } from "../errors.ts";
import { type FileStore, FileStoreUnavailable, type StoredFileStream } from "../files/store.ts";
import { sqlPool } from "../sql.ts";
import { selectInboundAttachmentChunk, selectInboundAttachmentSize } from "../stores/inboundAttachments.ts";
import {
  type ListedInboundEmail,
  selectInboundAttachmentList,
  selectInboundCursor,
  selectInboundEmail,
  selectInboundEmails,
  selectInboundRawChunk,
  selectInboundRawSize,
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

/** Bytes read from PostgreSQL at a time by a download. */
export const DOWNLOAD_CHUNK_BYTES = 512 * 1024;

/**
 * `size` bytes read `DOWNLOAD_CHUNK_BYTES` at a time, each piece only when the reader wants it: a
 * download holds about one piece, however large the message and however many are read at once.
 */
function chunkedBody(size: number, readChunk: (offset: number, length: number) => Promise<Buffer | null>): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < size; offset += DOWNLOAD_CHUNK_BYTES) {
        const length = Math.min(DOWNLOAD_CHUNK_BYTES, size - offset);
        const chunk = await readChunk(offset, length);
        // Deleted while being read (retention, erasure): the download ends as an error, not short.
        if (!chunk || chunk.length !== length) throw new Error("The stored file changed while it was read.");
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

/** The message as received, as a stream: from its row in pieces, or from the object store when the row holds none. */
export async function openInboundRaw(db: DbHandle, workspaceId: string, inboundId: string, files?: FileStore): Promise<StoredFileStream> {
  const row = await selectInboundRawSize(db.prisma, workspaceId, inboundId);
  // Its objects may outlive the clear by a retention run: a cleared message is never read from them.
  if (row?.bodyRemoved) throw new AppError("not_found", "The message's body was removed (retention or privacy mode).");
  if (row && row.rawBytes !== null)
    return {
      size: row.rawBytes,
      body: chunkedBody(row.rawBytes, (offset, length) => selectInboundRawChunk(sqlPool(db), workspaceId, inboundId, offset, length)),
    };
  const stored = row && (await openStored(() => files?.openInboundRaw({ workspaceId, inboundId })));
  if (!stored) throw notFound("Inbound message");
  return stored;
}

/** A read from the object store; a store that is down is a 503, never a 500. */
async function openStored(open: () => Promise<StoredFileStream | null> | undefined): Promise<StoredFileStream | null> {
  try {
    return (await open()) ?? null;
  } catch (error) {
    if (error instanceof FileStoreUnavailable) throw new AppError("unavailable", "The file store did not answer; retry later.");
    throw error;
  }
}

/** Attachment `position` (0-based, its place in `attachments`) with its name and type, as a stream. */
export async function openInboundAttachment(
  db: DbHandle,
  workspaceId: string,
  inboundId: string,
  position: number,
  files?: FileStore,
): Promise<{ meta: InboundAttachmentMeta; file: StoredFileStream }> {
  const list = await selectInboundAttachmentList(db.prisma, workspaceId, inboundId);
  if (!list) throw notFound("Inbound message");
  const meta = Number.isInteger(position) && position >= 0 ? (list[position] as InboundAttachmentMeta | undefined) : undefined;
  if (!meta) throw notFound("Attachment");
  const size = await selectInboundAttachmentSize(db.prisma, workspaceId, inboundId, position);
  const file =
    size !== null
      ? {
          size,
          body: chunkedBody(size, (offset, length) =>
            selectInboundAttachmentChunk(sqlPool(db), workspaceId, inboundId, position, offset, length),
          ),
        }
      : await openStored(() => files?.openInboundAttachment({ workspaceId, inboundId }, position));
  if (!file) throw notFound("Attachment");
  return { meta, file };
}

/** The replies received to a sent email (its timeline). */
export async function listRepliesToEmail(prisma: Db, workspaceId: string, emailId: string): Promise<InboundSummaryView[]> {
  return (await selectRepliesToEmail(prisma, workspaceId, emailId)).map(toSummary);
}
