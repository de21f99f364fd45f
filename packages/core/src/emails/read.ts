import type { Db, DbHandle } from "@svc/db";
import { hasPrefix } from "@svc/db";
import { AppError } from "../errors.ts";
import { sqlPool } from "../sql.ts";
import { type EmailPosition, findEmailPosition, findEmailWithEvents, type ListedEmail, selectEmailsNewestFirst } from "../stores/emails.ts";
import { selectRepliesToEmail } from "../stores/inboundEmails.ts";
import { selectTemplateAlias } from "../stores/templates.ts";
import { EVENTS_PAGE_SIZE, pageOf } from "./eventPages.ts";
import { type EmailListFilters, filterRange } from "./listQuery.ts";
import {
  type EmailTemplateRef,
  type EmailView,
  type EmailWithEventsView,
  suppressedRecipientsOf,
  toEmailView,
  toEventView,
} from "./views.ts";

export const emailNotFound = () => new AppError("not_found", "Email not found.");

/**
 * One email of the workspace with the first page of its events, oldest first, and the cursor of
 * the next page (eventPages.ts). Another workspace's email and one removed by retention are
 * indistinguishable from a missing one. Also the shared send job its row names (null when its job
 * is under its own id), which only the explanation of a wait needs and no view shows.
 */
export async function getEmailWithEvents(
  db: Db,
  workspaceId: string,
  emailId: string,
): Promise<{ email: EmailWithEventsView; sendJobId: string | null }> {
  if (!hasPrefix(emailId, "email")) throw emailNotFound();
  const email = await findEmailWithEvents(db, workspaceId, emailId, EVENTS_PAGE_SIZE + 1);
  if (!email) throw emailNotFound();
  const { rows, nextCursor } = pageOf(email.events, EVENTS_PAGE_SIZE);
  const [template, replies] = await Promise.all([templateOf(db, workspaceId, email), selectRepliesToEmail(db, workspaceId, email.id)]);
  return {
    email: {
      ...toEmailView(email),
      template,
      replies: replies.map((reply) => ({ id: reply.id, receivedAt: reply.receivedAt.toISOString(), from: reply.from })),
      suppressedRecipients: suppressedRecipientsOf(email.suppressedRecipients),
      events: rows.map(toEventView),
      eventsNextCursor: nextCursor,
    },
    sendJobId: email.sendJobId,
  };
}

async function templateOf(
  db: Db,
  workspaceId: string,
  email: { templateId: string | null; templateVersion: number | null; templateVariables: unknown },
): Promise<EmailTemplateRef | null> {
  if (email.templateId === null) return null;
  const variables = email.templateVariables;
  return {
    id: email.templateId,
    alias: await selectTemplateAlias(db, workspaceId, email.templateId),
    version: email.templateVersion,
    variables: variables && typeof variables === "object" && !Array.isArray(variables) ? (variables as Record<string, unknown>) : {},
  };
}

/** Rows one listing statement reads at most. */
const BATCH_ROWS = 500;
/**
 * Bytes of bodies one listing statement brings into memory at most (or one email, when a single
 * email is larger). The API holds one batch at a time, so this bounds what a listing costs it.
 */
export const LIST_BATCH_BODY_BYTES = 4 * 1024 * 1024;

export interface ListEmailsOptions extends EmailListFilters {
  /** At most this many emails (1..1000); all of them when absent. */
  limit?: number;
  /** Continue after this email id (the last one of a previous page). */
  after?: string;
  batchRows?: number;
  batchBodyBytes?: number;
}

/** One batch of a listing, with the UTF-8 size of its bodies as Postgres measured them. */
export interface EmailBatch {
  /**
   * The batch's views, each made when it is reached, so that a serialiser holds one at a time.
   * Why not an array: views that all live as long as their batch lead V8 to allocate every later
   * one straight in the old space (allocation-site pretenuring), with the strings they hold, which
   * only a full collection frees (BENCHMARKS.md, list).
   */
  emails(): Iterable<EmailView>;
  bodyBytes: number;
}

/**
 * The workspace's emails newest first, as batches of views (see selectEmailsNewestFirst),
 * narrowed by the filters. Each batch is one short query on a pooled connection, bounded by rows
 * and by the bytes of its bodies, so memory holds one bounded batch whatever the total and the
 * sizes of the emails, and a slow reader holds no connection between batches.
 *
 * The cursor is resolved before the first batch, so an unknown `after` fails before anything
 * has been written to a response. Paging with filters works the same way: the cursor is a
 * position in the newest-first order, whichever emails the filters keep.
 */
export async function listEmailBatches(
  handle: DbHandle,
  workspaceId: string,
  options: ListEmailsOptions = {},
): Promise<AsyncGenerator<EmailBatch, void, void>> {
  const pool = sqlPool(handle);
  let cursor: EmailPosition | null = null;
  if (options.after !== undefined) {
    cursor = await findEmailPosition(pool, workspaceId, options.after);
    if (!cursor) throw new AppError("validation_failed", "after: no email with this id in this workspace.");
  }
  const batchRows = options.batchRows ?? BATCH_ROWS;
  const batchBodyBytes = options.batchBodyBytes ?? LIST_BATCH_BODY_BYTES;
  const filters = filterRange(options);
  let remaining = options.limit ?? Number.POSITIVE_INFINITY;

  return (async function* batches() {
    while (remaining > 0) {
      const size = Math.min(batchRows, remaining);
      const rows = await selectEmailsNewestFirst(pool, {
        workspaceId,
        limit: size,
        ...filters,
        ...(cursor ? { cursor: { at: cursor, direction: "older" as const } } : {}),
        withBodies: true,
        maxBodyBytes: batchBodyBytes,
      });
      if (rows.length === 0) return;
      yield { emails: () => viewsOf(rows), bodyBytes: rows.reduce((sum, row) => sum + row.bodyBytes, 0) };
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.createdAt, id: last.id };
      remaining -= rows.length;
      // Not cut by bytes, and fewer rows than asked for: none are left.
      if (rows.length === last.pageRows && rows.length < size) return;
    }
  })();
}

function* viewsOf(rows: ListedEmail[]): Generator<EmailView, void, void> {
  for (const row of rows) yield toEmailView(row);
}
