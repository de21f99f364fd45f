import { toEmailView, type EmailView, type EmailViewSource } from "@svc/core";
import { EmailStatus, Prisma, type Db } from "@svc/db";

export const EMAIL_PAGE_SIZE = 25;
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

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * One page of the workspace's emails, newest first, with the dashboard's filters. Keyset paging
 * on the (organizationId, createdAt, id) index, so the hundredth page costs what the first does.
 * An unknown cursor (or another workspace's) simply starts from the newest.
 */
export async function searchEmails(db: Db, workspaceId: string, search: EmailSearch, pageSize = EMAIL_PAGE_SIZE): Promise<EmailPage> {
  const conditions: Prisma.Sql[] = [Prisma.sql`"organizationId" = ${workspaceId}`];
  if (search.status && (EMAIL_STATUSES as string[]).includes(search.status)) {
    conditions.push(Prisma.sql`status = ${search.status}::"EmailStatus"`);
  }
  if (search.recipient) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM unnest("to") AS r(address) WHERE r.address ILIKE ${`%${escapeLike(search.recipient)}%`})`);
  }
  const cursorId = search.before ?? search.after;
  const cursor = cursorId
    ? (await db.email.findFirst({ where: { id: cursorId, organizationId: workspaceId }, select: { id: true, createdAt: true } })) ?? null
    : null;
  const backwards = Boolean(cursor && search.before);
  if (cursor) {
    conditions.push(backwards ? Prisma.sql`("createdAt", id) > (${cursor.createdAt}, ${cursor.id})` : Prisma.sql`("createdAt", id) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const order = backwards ? Prisma.sql`ORDER BY "createdAt" ASC, id ASC` : Prisma.sql`ORDER BY "createdAt" DESC, id DESC`;
  const rows = await db.$queryRaw<EmailViewSource[]>`
    SELECT id, "organizationId", "apiKeyId", "from", "to", subject, NULL::text AS html, NULL::text AS text, status::text AS status,
           provider, "providerMessageId", "errorMessage", "createdAt", "sentAt", "failedAt"
    FROM emails WHERE ${Prisma.join(conditions, " AND ")} ${order} LIMIT ${pageSize + 1}`;
  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (backwards) page.reverse();
  const emails = page.map(toEmailView);
  const first = emails[0]?.id ?? null;
  const last = emails[emails.length - 1]?.id ?? null;
  return {
    emails,
    olderCursor: backwards ? (cursor ? last : null) : hasMore ? last : null,
    newerCursor: backwards ? (hasMore ? first : null) : cursor ? first : null,
  };
}
