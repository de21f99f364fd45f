import type { Db, DbHandle } from "@svc/db";
import { hasPrefix } from "@svc/db";
import { AppError } from "../errors.ts";
import { sqlPool } from "../sql.ts";
import { findEmailPosition, findEmailWithEvents, selectEmailsNewestFirst, type EmailPosition } from "../stores/emails.ts";
import { suppressedRecipientsOf, toEmailView, toEventView, type EmailView, type EmailWithEventsView } from "./views.ts";

export const emailNotFound = () => new AppError("not_found", "Email not found.");

/**
 * One email of the workspace with its events, oldest first. Another workspace's email and one
 * removed by retention are indistinguishable from a missing one.
 */
export async function getEmailWithEvents(db: Db, workspaceId: string, emailId: string): Promise<EmailWithEventsView> {
  if (!hasPrefix(emailId, "email")) throw emailNotFound();
  const email = await findEmailWithEvents(db, workspaceId, emailId);
  if (!email) throw emailNotFound();
  return { ...toEmailView(email), suppressedRecipients: suppressedRecipientsOf(email.suppressedRecipients), events: email.events.map(toEventView) };
}

export const MAX_LIST_LIMIT = 1000;
const BATCH_SIZE = 500;

export interface ListEmailsOptions {
  /** At most this many emails (1..1000); all of them when absent. */
  limit?: number;
  /** Continue after this email id (the last one of a previous page). */
  after?: string;
  batchSize?: number;
}

/**
 * The workspace's emails newest first, as batches of views (see selectEmailsNewestFirst). Each
 * batch is one short query on a pooled connection, so memory holds one batch whatever the total,
 * and a slow reader holds no connection between batches.
 *
 * The cursor is resolved before the first batch, so an unknown `after` fails before anything
 * has been written to a response.
 */
export async function listEmailBatches(
  handle: DbHandle,
  workspaceId: string,
  options: ListEmailsOptions = {},
): Promise<AsyncGenerator<EmailView[], void, void>> {
  const pool = sqlPool(handle);
  let cursor: EmailPosition | null = null;
  if (options.after !== undefined) {
    cursor = await findEmailPosition(pool, workspaceId, options.after);
    if (!cursor) throw new AppError("validation_failed", "after: no email with this id in this workspace.");
  }
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let remaining = options.limit ?? Number.POSITIVE_INFINITY;

  return (async function* batches() {
    while (remaining > 0) {
      const size = Math.min(batchSize, remaining);
      const rows = await selectEmailsNewestFirst(pool, {
        workspaceId,
        limit: size,
        ...(cursor ? { cursor: { at: cursor, direction: "older" as const } } : {}),
        withBodies: true,
      });
      if (rows.length === 0) return;
      yield rows.map(toEmailView);
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.createdAt, id: last.id };
      remaining -= rows.length;
      if (rows.length < size) return;
    }
  })();
}
