import { type DbHandle, EmailStatus } from "@svc/db";
import { sqlPool } from "../sql.ts";
import { findEmailPosition, selectEmailsNewestFirst } from "../stores/emails.ts";
import { type EmailView, toEmailView } from "./views.ts";

const EMAIL_PAGE_SIZE = 25;
export const EMAIL_STATUSES = Object.values(EmailStatus);

export interface EmailSearch {
  status?: string;
  /** Part of a recipient address, case-insensitive. */
  recipient?: string;
  /** Older than this email (next page). */
  after?: string;
  /** Newer than this email (previous page). */
  before?: string;
}

export interface EmailPage {
  emails: EmailView[];
  /** Cursor for older emails, when there are more. */
  olderCursor: string | null;
  /** Cursor for newer emails, when this is not the first page. */
  newerCursor: string | null;
}

const isEmailStatus = (value: string | undefined): value is EmailStatus => (EMAIL_STATUSES as Array<string | undefined>).includes(value);

/**
 * One page of the workspace's emails, newest first, with the dashboard's filters (keyset paging:
 * see selectEmailsNewestFirst). One row more than the page is read to know whether there is a
 * page beyond it. An unknown cursor (or another workspace's) simply starts from the newest; an
 * unknown status filters nothing.
 */
export async function searchEmails(db: DbHandle, workspaceId: string, search: EmailSearch, pageSize = EMAIL_PAGE_SIZE): Promise<EmailPage> {
  const pool = sqlPool(db);
  const cursorId = search.before ?? search.after;
  const cursor = cursorId ? await findEmailPosition(pool, workspaceId, cursorId) : null;
  const backwards = Boolean(cursor && search.before);
  const rows = await selectEmailsNewestFirst(pool, {
    workspaceId,
    limit: pageSize + 1,
    ...(cursor ? { cursor: { at: cursor, direction: backwards ? ("newer" as const) : ("older" as const) } } : {}),
    ...(isEmailStatus(search.status) ? { status: search.status } : {}),
    ...(search.recipient ? { recipientContains: search.recipient } : {}),
    withBodies: false,
  });
  const hasMore = rows.length > pageSize;
  // Going back, the extra row is the newest one, the first of the newest-first answer.
  const page = backwards ? rows.slice(Math.max(0, rows.length - pageSize)) : rows.slice(0, pageSize);
  const emails = page.map(toEmailView);
  const first = emails[0]?.id ?? null;
  const last = emails[emails.length - 1]?.id ?? null;
  return {
    emails,
    olderCursor: backwards ? (cursor ? last : null) : hasMore ? last : null,
    newerCursor: backwards ? (hasMore ? first : null) : cursor ? first : null,
  };
}
