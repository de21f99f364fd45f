import { type EmailStatus, idLowerBoundAt, type KeyEnvironment, type Plan, Prisma } from "@svc/db";
import type { AttachmentMetadata, EmailFields } from "../emails/fields.ts";
import type { SendEmailInput } from "../emails/input.ts";
import type { SendContext } from "../emails/sendContext.ts";
import { SCHEDULE_MOVES, SENDER_MOVES, statusInSql, WAITING_TO_SEND } from "../emails/status.ts";
import type { EmailViewSource } from "../emails/views.ts";
import type { Queryable } from "../sql.ts";
import { verifiedDomainSql } from "./domains.ts";
import { recordEmailFilesSql } from "./fileDeletions.ts";

/**
 * The `emails` table. Hot paths (sends, claims, handoff records, listings) are `pg` statements
 * on a `Queryable`; the single-email read with its events and the maintenance reads use Prisma.
 * Every status it writes is guarded by the status machine (emails/status.ts).
 */

/** One email row to write, with who sends it. */
export interface NewEmailRow {
  emailId: string;
  context: SendContext;
  input: SendEmailInput;
  /** Its files are in the object store already (core/files): the insert writes no bytes. */
  filesStored?: boolean;
  /** The send job it shares with others written with it (sharedSendJobs.ts); kept only if it is `queued`. */
  sendJobId?: string;
}

/**
 * What became of one row of an insert: written; refused because its from-domain is not a
 * verified domain of its workspace; or withheld, all-or-nothing, because another row was refused.
 */
export type EmailInsertOutcome = "inserted" | "domain_not_verified" | "withheld";

/** Values per row in the insert below. */
const COLUMNS_PER_ROW = 23;

/** `($1::text, …)` for row `index`: every value typed, so Postgres infers nothing. */
function rowPlaceholders(index: number): string {
  const n = index * COLUMNS_PER_ROW;
  const types = [
    "text",
    "text",
    "text",
    '"KeyEnvironment"',
    "text",
    "text[]",
    "text[]",
    "text[]",
    "text[]",
    "text",
    "text",
    "text",
    "jsonb",
    "jsonb",
    "jsonb",
    "text",
    '"EmailStatus"',
    "timestamptz",
    "text",
    "int",
    "jsonb",
    "text",
    "text",
  ];
  return `(${types.map((type, i) => `$${n + i + 1}::${type}`).join(", ")})`;
}

function attachmentMetadataOf(input: SendEmailInput): AttachmentMetadata[] {
  return input.attachments.map(({ filename, contentType, contentId, content }) => ({
    filename,
    contentType,
    contentId,
    size: content.length,
  }));
}

/**
 * Inserts each row only if its from-domain is a verified domain of its own workspace (reads
 * `domains`): the check and the write are one statement, so a send needs no transaction unless
 * it must also count against a limit or claim an idempotency key. Many rows (of any workspaces)
 * go in one statement, so a process can coalesce concurrent sends, or a client send a batch, in
 * one round trip and one commit. A row with `scheduledAt` is written `scheduled`, any other
 * `queued`.
 *
 * By default a refused row does not affect the others; `allOrNothing` writes no row at all when
 * any is refused (a strict batch). Answers, per row in order, what became of it.
 *
 * Attachment bytes go to `email_attachments` in the same statement (a data-modifying CTE, so the
 * email and its files commit together or not at all), one bytea parameter per file: pg sends a
 * Buffer parameter as binary, without an escaped copy. A row whose files are in the object store
 * already (`filesStored`) writes no bytes.
 */
export async function insertEmailsIfDomainVerified(
  db: Queryable,
  rows: readonly NewEmailRow[],
  options: { allOrNothing?: boolean } = {},
): Promise<EmailInsertOutcome[]> {
  if (rows.length === 0) return [];
  const values: unknown[] = [];
  for (const { emailId, context, input, sendJobId } of rows) {
    const status: EmailStatus = input.scheduledAt ? "scheduled" : "queued";
    values.push(
      emailId,
      context.workspaceId,
      context.apiKeyId,
      context.environment,
      input.from,
      input.to,
      input.cc,
      input.bcc,
      input.replyTo,
      input.template?.pinned?.subject ?? input.subject,
      input.html,
      input.text,
      JSON.stringify(input.headers),
      JSON.stringify(input.tags),
      JSON.stringify(attachmentMetadataOf(input)),
      input.fromDomain.toLowerCase(),
      status,
      input.scheduledAt,
      input.template?.pinned?.templateId ?? null,
      input.template?.pinned?.version ?? null,
      input.template?.pinned ? JSON.stringify(input.template.pinned.variables) : null,
      sendJobId ?? null,
      input.unsubscribeTopic,
    );
  }
  values.push(options.allOrNothing === true);
  const allOrNothing = `$${values.length}::boolean`;
  const contents: string[] = [];
  for (const { emailId, input, filesStored } of rows) {
    if (filesStored) continue;
    input.attachments.forEach(({ content }, position) => {
      const at = values.length;
      values.push(emailId, position, content);
      contents.push(`($${at + 1}::text, $${at + 2}::int, $${at + 3}::bytea)`);
    });
  }
  const insertContents =
    contents.length === 0
      ? ""
      : `,
          contents AS (
            INSERT INTO email_attachments ("emailId", position, content)
            SELECT f.email_id, f.position, f.content FROM (VALUES ${contents.join(", ")}) AS f(email_id, position, content)
             WHERE f.email_id IN (SELECT id FROM inserted))`;
  // A lone row without file bytes, the shape of moderate load, where no other row shares the
  // statement's planning, is prepared once per connection. A batch's text varies with its size,
  // and its planning is shared by its rows.
  const lone = rows.length === 1 && contents.length === 0;
  const result = await db.query({
    ...(lone ? { name: "svc_insert_email" } : {}),
    text: `WITH v(id, "workspaceId", "apiKeyId", environment, "from", "to", cc, bcc, "replyTo", subject, html, text, headers, tags, attachments, domain, status, "scheduledAt", "templateId", "templateVersion", "templateVariables", "sendJobId", "unsubscribeTopic") AS (
            VALUES ${rows.map((_, index) => rowPlaceholders(index)).join(", ")}),
          checked AS (
            SELECT v.*, ${verifiedDomainSql(`v."workspaceId"`, "v.domain")} AS verified FROM v),
          inserted AS (
            INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "fromDomain", "to", cc, bcc, "replyTo", subject, html, text, headers, tags, attachments, status, "scheduledAt", "templateId", "templateVersion", "templateVariables", "sendJobId", "unsubscribeTopic")
            SELECT c.id, c."workspaceId", c."apiKeyId", c.environment, c."from", c.domain, c."to", c.cc, c.bcc, c."replyTo", c.subject, c.html, c.text, c.headers, c.tags, c.attachments, c.status, c."scheduledAt",
                   c."templateId", c."templateVersion", c."templateVariables", CASE WHEN c.status = 'queued' THEN c."sendJobId" END,
                   c."unsubscribeTopic"
              FROM checked c
             WHERE c.verified AND NOT (${allOrNothing} AND EXISTS (SELECT 1 FROM checked r WHERE NOT r.verified))
            RETURNING id)${insertContents}
     SELECT c.id, c.verified, (i.id IS NOT NULL) AS inserted FROM checked c LEFT JOIN inserted i ON i.id = c.id`,
    values,
  });
  const outcomes = new Map(
    (result.rows as Array<{ id: string; verified: boolean; inserted: boolean }>).map((row): [string, EmailInsertOutcome] => [
      row.id,
      row.inserted ? "inserted" : row.verified ? "withheld" : "domain_not_verified",
    ]),
  );
  return rows.map((row) => outcomes.get(row.emailId) ?? "withheld");
}

/** Emails the workspace created since `since`: a range scan of the (organizationId, createdAt) index. */
export async function countEmailsCreatedSince(db: Queryable, workspaceId: string, since: Date): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS count FROM emails WHERE "organizationId" = $1 AND "createdAt" >= $2`, [
    workspaceId,
    since,
  ]);
  return (rows[0] as { count: number } | undefined)?.count ?? 0;
}

/** Emails the workspace sent since `since` with its keys of this name and environment (the dashboard's test sends). */
export async function countEmailsOfKeyNameSince(
  db: Queryable,
  workspaceId: string,
  key: { name: string; environment: "live" | "test" },
  since: Date,
): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS count FROM emails e JOIN api_keys k ON k.id = e."apiKeyId"
      WHERE e."organizationId" = $1 AND e."createdAt" >= $2 AND k.name = $3 AND k.environment = $4::"KeyEnvironment"`,
    [workspaceId, since, key.name, key.environment],
  );
  return (rows[0] as { count: number } | undefined)?.count ?? 0;
}

/** The template an email was sent by, with the template's name and alias while it exists; null for other emails. */
export async function selectEmailTemplate(
  db: Queryable,
  workspaceId: string,
  emailId: string,
): Promise<{ templateId: string; version: number | null; name: string | null; alias: string | null } | null> {
  const { rows } = await db.query(
    `SELECT e."templateId", e."templateVersion" AS version, t.name, t.alias
       FROM emails e LEFT JOIN templates t ON t.id = e."templateId" AND t."workspaceId" = e."organizationId"
      WHERE e.id = $1 AND e."organizationId" = $2 AND e."templateId" IS NOT NULL`,
    [emailId, workspaceId],
  );
  return (rows[0] as { templateId: string; version: number | null; name: string | null; alias: string | null } | undefined) ?? null;
}

/** Where an email stands in the newest-first order: the key of keyset paging. */
export interface EmailPosition {
  createdAt: Date;
  id: string;
}

/** The position of the workspace's email `emailId`, or null when the workspace has no such email. */
export async function findEmailPosition(db: Queryable, workspaceId: string, emailId: string): Promise<EmailPosition | null> {
  const { rows } = await db.query(`SELECT "createdAt", id FROM emails WHERE id = $1 AND "organizationId" = $2`, [emailId, workspaceId]);
  return (rows[0] as EmailPosition | undefined) ?? null;
}

export interface EmailRange {
  workspaceId: string;
  /** At most this many rows. */
  limit: number;
  /**
   * Start past this email: `older` reads the emails after it in newest-first order (the next
   * page), `newer` the ones before it (the previous page). Without it, from the newest.
   */
  cursor?: { at: EmailPosition; direction: "older" | "newer" };
  status?: EmailStatus;
  /** Part of a recipient address, case-insensitive (a scan: the dashboard's search box). */
  recipientContains?: string;
  /** A whole recipient address, case-insensitive, matched through the workspace's entries of the recipients' GIN indexes. */
  recipient?: string;
  /** Created strictly after / strictly before these times. */
  createdAfter?: Date;
  createdBefore?: Date;
  /** Carries this tag (name and value, exactly). */
  tag?: { name: string; value: string };
  /** Listings that show no bodies leave html and text null rather than read them. */
  withBodies: boolean;
  /**
   * With bodies, stop before the row that would take the bodies read past this many bytes (the
   * first row is always read, whatever its size): what one statement may bring into memory.
   */
  maxBodyBytes?: number;
}

/**
 * A row of a listing: the email, the UTF-8 size of its bodies (0 when read without them), and how
 * many rows the statement read before the byte budget cut the answer (equal to the answer's
 * length when nothing was cut: fewer rows than the limit then means the end of the list).
 */
export type ListedEmail = EmailViewSource & { bodyBytes: number; pageRows: number };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The recipient columns a `recipient` filter searches, each with a GIN index on
 * ("organizationId", svc_lower_addresses(column)) (btree_gin, see the migrations): the expression
 * here must be the indexed one, and the workspace condition is what keeps the search to the
 * workspace's own entries. The cc and bcc indexes hold only rows with such recipients, so their
 * searches name that condition too (the planner uses a partial index only for a query that
 * states its condition).
 */
const RECIPIENT_COLUMNS = [
  { column: `"to"`, indexed: "" },
  { column: `"cc"`, indexed: `cardinality("cc") > 0 AND ` },
  { column: `"bcc"`, indexed: `cardinality("bcc") > 0 AND ` },
] as const;

/**
 * The condition for `tag` (`param` binds a value and answers its placeholder): the email's tags
 * hold an entry with exactly this name and value (jsonb containment). The tags index holds only
 * tagged emails, hence its condition here.
 */
const tagCondition = (tag: { name: string; value: string }, param: (value: unknown) => string): string =>
  `(tags <> '[]'::jsonb AND tags @> ${param(JSON.stringify([{ name: tag.name, value: tag.value }]))}::jsonb)`;

/**
 * A workspace's emails in newest-first order, read with keyset paging on the
 * (organizationId, createdAt DESC, id DESC) index (or (organizationId, status, createdAt DESC,
 * id DESC) with a status), so the hundredth page costs what the first does. Going `newer` reads
 * the index the other way (the emails nearest the cursor) and answers newest first all the same.
 * One short statement: a caller streaming many pages holds no connection between them.
 *
 * With `maxBodyBytes`, the running size of the bodies is summed in Postgres from their lengths,
 * which it knows without reading the bodies (octet_length of a stored value reads its header),
 * and rows past the budget are dropped before any body is read or sent.
 */
export async function selectEmailsNewestFirst(db: Queryable, range: EmailRange): Promise<ListedEmail[]> {
  const values: unknown[] = [range.workspaceId];
  const param = (value: unknown) => `$${values.push(value)}`;
  const conditions = [`"organizationId" = $1`];
  if (range.status !== undefined) conditions.push(`status = ${param(range.status)}::"EmailStatus"`);
  if (range.recipientContains !== undefined) {
    conditions.push(
      `EXISTS (SELECT 1 FROM unnest("to") AS r(address) WHERE r.address ILIKE ${param(`%${escapeLike(range.recipientContains)}%`)})`,
    );
  }
  if (range.recipient !== undefined) {
    const address = param([range.recipient.toLowerCase()]);
    conditions.push(
      `(${RECIPIENT_COLUMNS.map(({ column, indexed }) => `(${indexed}svc_lower_addresses(${column}) @> ${address}::text[])`).join(" OR ")})`,
    );
  }
  if (range.createdAfter !== undefined) conditions.push(`"createdAt" > ${param(range.createdAfter)}`);
  if (range.createdBefore !== undefined) conditions.push(`"createdAt" < ${param(range.createdBefore)}`);
  if (range.tag !== undefined) conditions.push(tagCondition(range.tag, param));
  const newer = range.cursor?.direction === "newer";
  if (range.cursor) {
    conditions.push(`("createdAt", id) ${newer ? ">" : "<"} (${param(range.cursor.at.createdAt)}, ${param(range.cursor.at.id)})`);
  }
  const order = `"createdAt" ${newer ? "ASC" : "DESC"}, id ${newer ? "ASC" : "DESC"}`;
  const ids = idRangeOf(range);
  const idLo = ids.from ? param(ids.from) : null;
  const idHi = ids.to ? param(ids.to) : null;
  // The address lists come as JSON (to_json), which JSON.parse turns into arrays that belong to no
  // allocation site. pg's own text[] parser makes each with an array literal: a batch's worth of
  // them alive together when a scavenge lands leads V8 to allocate every later one of that site
  // straight in the old space (allocation-site pretenuring), where only a full collection frees them.
  const columns = `id, "organizationId", "apiKeyId", "from", to_json("to") AS "to", to_json(cc) AS cc, to_json(bcc) AS bcc,
         to_json("replyTo") AS "replyTo", subject, html, text, headers, tags, attachments, status,
         provider, "providerMessageId", "errorMessage", "createdAt", "sentAt", "failedAt", "scheduledAt", "bodyRemovedAt"`;
  const bodies = range.withBodies
    ? `html, text, COALESCE(octet_length(html), 0) + COALESCE(octet_length(text), 0) AS "bodyBytes"`
    : `NULL::text AS html, NULL::text AS text, 0 AS "bodyBytes"`;
  const budget = range.withBodies && range.maxBodyBytes !== undefined ? `${param(range.maxBodyBytes)}::bigint` : "NULL::bigint";
  const sql = `SELECT ${columns}, "bodyBytes"::int AS "bodyBytes", "pageRows"::int AS "pageRows" FROM (
      SELECT limited.*, count(*) OVER () AS "pageRows", row_number() OVER (ORDER BY ${order}) AS n,
             sum("bodyBytes") OVER (ORDER BY ${order} ROWS UNBOUNDED PRECEDING) AS "bytesSoFar"
        FROM (SELECT id, "organizationId", "apiKeyId", "from", "to", cc, bcc, "replyTo", subject, ${bodies}, headers, tags, attachments, status::text AS status,
                     provider, "providerMessageId", "errorMessage", "createdAt", "sentAt", "failedAt", "scheduledAt", "bodyRemovedAt"
                FROM ${listedRowsSql(conditions.join(" AND "), order, param(range.limit), idLo, idHi)}) limited
    ) page
    WHERE n = 1 OR ${budget} IS NULL OR "bytesSoFar" <= ${budget}
    ORDER BY ${order}`;
  const { rows } = await db.query(sql, values);
  const emails = rows as ListedEmail[];
  return newer ? emails.reverse() : emails;
}

/**
 * How far an email's id time (the app's clock when it was accepted) may be from its `createdAt`
 * (the database's clock when it was inserted): the id bounds below are widened by this much.
 */
const ID_TIME_SLACK_MS = 24 * 60 * 60 * 1000;

/**
 * The ids a listing's created-time bounds (its filters and its cursor) allow: since an email's id
 * starts with its time, partitions of months outside them are pruned.
 */
function idRangeOf(range: EmailRange): { from?: string; to?: string } {
  const after = [range.createdAfter, range.cursor?.direction === "newer" ? range.cursor.at.createdAt : undefined].filter(
    (d) => d !== undefined,
  );
  const before = [range.createdBefore, range.cursor?.direction === "older" ? range.cursor.at.createdAt : undefined].filter(
    (d) => d !== undefined,
  );
  const bound = (at: number) => idLowerBoundAt("email", new Date(Math.max(0, at)));
  return {
    ...(after.length > 0 ? { from: bound(Math.max(...after.map((d) => d.getTime())) - ID_TIME_SLACK_MS) } : {}),
    ...(before.length > 0 ? { to: bound(Math.min(...before.map((d) => d.getTime())) + ID_TIME_SLACK_MS) } : {}),
  };
}

/**
 * The rows of a listing (FROM clause body: a table or a subquery with its alias). Without id
 * bounds, `emails` read in order through its index. With them, the rows whose ids are inside
 * (months outside are pruned) and, apart, the DEFAULT partition's rows outside: emails from before
 * partitioning have random ids, which say nothing of their time.
 */
function listedRowsSql(where: string, order: string, limit: string, idLo: string | null, idHi: string | null): string {
  if (idLo === null && idHi === null) return `emails WHERE ${where} ORDER BY ${order} LIMIT ${limit}`;
  const inside = [idLo ? `id >= ${idLo}` : null, idHi ? `id < ${idHi}` : null].filter((c) => c !== null).join(" AND ");
  return `(
      (SELECT * FROM emails WHERE ${where} AND ${inside} ORDER BY ${order} LIMIT ${limit})
      UNION ALL
      (SELECT * FROM emails_default WHERE ${where} AND NOT (${inside}) ORDER BY ${order} LIMIT ${limit})
    ) bounded ORDER BY ${order} LIMIT ${limit}`;
}

const EVENTS_OLDEST_FIRST = [
  { eventTimestamp: "asc" },
  { createdAt: "asc" },
  { id: "asc" },
] satisfies Prisma.EmailEventOrderByWithRelationInput[];

/**
 * The workspace's email `emailId` with its first `eventLimit` events (reads `email_events`),
 * oldest first; null when missing. The rest are read a page at a time (selectEventsOfEmail).
 */
export async function findEmailWithEvents(db: Prisma.TransactionClient, workspaceId: string, emailId: string, eventLimit: number) {
  return db.email.findFirst({
    where: { id: emailId, organizationId: workspaceId },
    include: { events: { orderBy: EVENTS_OLDEST_FIRST, take: eventLimit } },
  });
}

/** Whether the workspace has this email. */
export async function emailExists(db: Prisma.TransactionClient, workspaceId: string, emailId: string): Promise<boolean> {
  return (await db.email.count({ where: { id: emailId, organizationId: workspaceId } })) > 0;
}

/** An email as taken for a handoff attempt; its files' bytes are read from email_attachments, only when there are any. */
export interface ClaimedEmail extends EmailFields<AttachmentMetadata> {
  id: string;
  organizationId: string;
  environment: KeyEnvironment;
  /** Claims so far, this one included: also which claim this is (see renewEmailClaims). */
  attempts: number;
  /** Its from-domain, lower-cased, as read when it was accepted; null on a row written without it. */
  fromDomain: string | null;
  createdAt: Date;
  /** When it entered the sending path: its creation, or its scheduled time if later. */
  queuedAt: Date;
  /** A templated email's pinned version and values (html and text are then null); null otherwise. */
  templateId: string | null;
  templateVersion: number | null;
  templateVariables: Record<string, unknown> | null;
  /** Its last handoff whose outcome is unknown (see releaseUnknownHandoff); null when there is none. */
  unknownHandoffRegion: string | null;
  unknownHandoffAt: Date | null;
  /** The topic its recipient may unsubscribe from (List-Unsubscribe headers); null when none. */
  unsubscribeTopic: string | null;
}

/**
 * Takes emails for one handoff attempt each (the `claim` and `reclaim` moves). One UPDATE for
 * all of them, so of two workers (or a job and its retry) racing for the same email exactly one
 * gets the row; the other gets nothing for it and must not hand the email off. An id given twice
 * is claimed for its first place only. The result is in the order of `emailIds`, null where not
 * claimed.
 */
export async function claimEmails(db: Queryable, emailIds: string[], leaseMs: number): Promise<Array<ClaimedEmail | null>> {
  const { rows } = await db.query({
    name: "svc_claim_emails",
    text: `UPDATE emails
        SET status = '${SENDER_MOVES.claim.to}', "claimedAt" = now(), attempts = attempts + 1
      WHERE id = ANY ($1::text[])
        AND (${statusInSql("status", SENDER_MOVES.claim.from)}
             OR (${statusInSql("status", SENDER_MOVES.reclaim.from)} AND "claimedAt" < now() - $2::int * interval '1 millisecond'))
     RETURNING id, "organizationId", environment, "from", "fromDomain", "to", COALESCE(cc, '{}') AS cc, COALESCE(bcc, '{}') AS bcc,
               COALESCE("replyTo", '{}') AS "replyTo", subject, html, text, headers, tags, attachments, attempts, "createdAt",
               GREATEST("createdAt", COALESCE("scheduledAt", "createdAt")) AS "queuedAt", "templateId", "templateVersion", "templateVariables",
               "unknownHandoffRegion", "unknownHandoffAt", "unsubscribeTopic"`,
    values: [[...new Set(emailIds)], leaseMs],
  });
  const claimed = new Map((rows as ClaimedEmail[]).map((row) => [row.id, row]));
  return emailIds.map((id) => {
    const row = claimed.get(id) ?? null;
    claimed.delete(id); // a second place for the same id gets nothing
    return row;
  });
}

/** A claim a handoff holds: its email, and which claim of it (its `attempts` when claimed). */
export interface HeldClaim {
  emailId: string;
  attempt: number;
}

/**
 * Renews claims right before their provider calls (compare-and-set): an email still `sending`
 * under the same claim (no other worker has claimed it since: a claim counts `attempts`) gets a
 * fresh lease; any other is not this handoff's any more and must not be sent. One statement for
 * all of them. Answers the ids renewed.
 */
export async function renewEmailClaims(db: Queryable, claims: readonly HeldClaim[]): Promise<Set<string>> {
  const { rows } = await db.query({
    name: "svc_renew_email_claims",
    text: `UPDATE emails e
        SET "claimedAt" = now()
       FROM unnest($1::text[], $2::int[]) AS v(id, attempt)
      WHERE e.id = v.id AND e.id = ANY ($1::text[]) AND e.attempts = v.attempt AND ${statusInSql("e.status", [SENDER_MOVES.claim.to])}
     RETURNING e.id`,
    values: [claims.map((claim) => claim.emailId), claims.map((claim) => claim.attempt)],
  });
  return new Set((rows as Array<{ id: string }>).map((row) => row.id));
}

export interface AcceptedHandoff {
  emailId: string;
  provider: string;
  providerMessageId: string;
  /**
   * A templated email's rendered subject, which then replaces the subject's template source in
   * the row: what was sent. Absent for other emails (and when recorded from a kept acceptance).
   */
  renderedSubject?: string;
  /** The SES region that accepted it; absent for the simulator. */
  region?: string;
}

/**
 * The provider accepted these emails (the `accepted` move): an event that overtook this write
 * keeps its status. The message id is stored unless one already is (the ingester may have
 * matched an early event by our tag), so later events match either way. One statement for all
 * of them; an email listed twice keeps its first entry.
 */
export async function markEmailsSent(db: Queryable, accepted: AcceptedHandoff[]): Promise<void> {
  // One row may be updated only once per statement.
  const firsts = new Map<string, AcceptedHandoff>();
  for (const entry of accepted) if (!firsts.has(entry.emailId)) firsts.set(entry.emailId, entry);
  const rows = [...firsts.values()];
  await db.query({
    name: "svc_mark_emails_sent",
    text: `UPDATE emails e
        SET status = CASE WHEN ${statusInSql("e.status", SENDER_MOVES.accepted.from)} THEN '${SENDER_MOVES.accepted.to}'::"EmailStatus" ELSE e.status END,
            "sentAt" = COALESCE(e."sentAt", now()),
            "lastActivityAt" = now(),
            provider = v.provider,
            "providerMessageId" = COALESCE(e."providerMessageId", v.message_id),
            subject = COALESCE(v.subject, e.subject),
            region = COALESCE(v.region, e.region)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(id, provider, message_id, subject, region)
      WHERE e.id = v.id AND e.id = ANY ($1::text[])`,
    values: [
      rows.map((row) => row.emailId),
      rows.map((row) => row.provider),
      rows.map((row) => row.providerMessageId),
      rows.map((row) => row.renderedSubject ?? null),
      rows.map((row) => row.region ?? null),
    ],
  });
}

/**
 * Ends an email the sender still owns as `failed` (the `failed` move). `provider` is recorded
 * when a provider was asked. True if the email was moved.
 */
export async function markEmailFailed(db: Queryable, emailId: string, errorMessage: string, provider: string | null): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE emails
        SET status = '${SENDER_MOVES.failed.to}', "failedAt" = now(), "lastActivityAt" = now(), "errorMessage" = $2, "claimedAt" = NULL,
            provider = COALESCE($3::text, provider)
      WHERE id = $1 AND ${statusInSql("status", SENDER_MOVES.failed.from)}`,
    [emailId, errorMessage, provider],
  );
  return (rowCount ?? 0) > 0;
}

/** Records which recipients the sender dropped because the suppression list holds them. */
export async function setSuppressedRecipients(
  db: Queryable,
  emailId: string,
  dropped: ReadonlyArray<{ address: string; reason: string }>,
): Promise<void> {
  await db.query(`UPDATE emails SET "suppressedRecipients" = $2::jsonb WHERE id = $1`, [emailId, JSON.stringify(dropped)]);
}

/** Gives claims back (the `released` move): the emails wait, queued, for their retry. One statement for all of them. */
export async function releaseEmailClaims(db: Queryable, emailIds: readonly string[]): Promise<void> {
  await db.query({
    name: "svc_release_email_claims",
    text: `UPDATE emails SET status = '${SENDER_MOVES.released.to}', "claimedAt" = NULL
      WHERE id = ANY ($1::text[]) AND ${statusInSql("status", SENDER_MOVES.released.from)}`,
    values: [[...emailIds]],
  });
}

/**
 * Gives a claim back after a handoff to `region` whose outcome is unknown (the request may have
 * reached SES, no answer came): the email waits, queued, and remembers the region and the time, so
 * that it is sent nowhere else before that region's Send event could have come.
 */
export async function releaseUnknownHandoff(db: Queryable, emailId: string, region: string): Promise<void> {
  await db.query(
    `UPDATE emails SET status = '${SENDER_MOVES.released.to}', "claimedAt" = NULL, "unknownHandoffRegion" = $2, "unknownHandoffAt" = now()
      WHERE id = $1 AND ${statusInSql("status", SENDER_MOVES.released.from)}`,
    [emailId, region],
  );
}

/** An email that should have a send job: under its own id, or the batch's its row names. */
export type EmailAwaitingClaim = EmailPosition & { workspaceId: string; sendJobId: string | null };

/**
 * Emails that should have a send job (claimable and older than `minAgeMs`, or claimed longer ago
 * than the lease), in (createdAt, id) order after `after`. Runs every sweep, in every sender, also
 * when nothing is sent: plain SQL, so that an idle sender does not pay the ORM's query compiler.
 */
export async function selectEmailsAwaitingClaim(
  db: Queryable,
  options: { after: EmailPosition; minAgeMs: number; claimLeaseMs: number; limit: number },
): Promise<EmailAwaitingClaim[]> {
  const { after, minAgeMs, claimLeaseMs, limit } = options;
  const { rows } = await db.query(
    `SELECT id, "createdAt", "organizationId" AS "workspaceId", "sendJobId" FROM emails
      WHERE ((${statusInSql("status", SENDER_MOVES.claim.from)} AND "createdAt" < now() - $1::int * interval '1 millisecond')
          OR (${statusInSql("status", SENDER_MOVES.reclaim.from)} AND "claimedAt" < now() - $2::int * interval '1 millisecond'))
        AND ("createdAt", id) > ($3::timestamptz, $4::text)
      ORDER BY "createdAt", id
      LIMIT $5`,
    [minAgeMs, claimLeaseMs, after.createdAt, after.id, limit],
  );
  return rows as EmailAwaitingClaim[];
}

const STILL_WAITING = Prisma.raw(statusInSql("e.status", WAITING_TO_SEND));

/**
 * Deletes up to `limit` finished emails of workspaces on `plan` whose last activity (handoff,
 * failure, cancel or event: `lastActivityAt`) is before the plan's `cutoff`, or before the
 * workspace's own shorter metadata retention counted back from `now`; their events, webhook
 * deliveries and attempts go by cascade, and with `recordObjectFiles` (files in an object store)
 * their files are recorded in `file_deletions` by the same statement. Answers how many were deleted. An email that has not
 * left the sending path (`scheduled`, `queued`, `sending`) is never deleted, whatever its age: a
 * range scan of the lastActivityAt index, which holds no date for those.
 */
export async function deleteFinishedEmailsInactiveSince(
  db: Prisma.TransactionClient,
  plan: Plan,
  at: { cutoff: Date; now: Date },
  limit: number,
  options: { recordObjectFiles?: boolean } = {},
): Promise<number> {
  // A workspace's own metadata retention is at most its plan's: GREATEST keeps the plan's cutoff
  // when a plan changed to a shorter one since the setting was made.
  const rows = await db.$queryRaw<Array<{ deleted: number }>>`
    WITH gone AS (
      DELETE FROM emails WHERE id IN (
        SELECT e.id FROM emails e JOIN workspaces w ON w.id = e."organizationId"
        WHERE e."lastActivityAt" < CASE WHEN w."metadataRetentionDays" IS NULL THEN ${at.cutoff}::timestamptz
                ELSE GREATEST(${at.cutoff}::timestamptz, ${at.now}::timestamptz - make_interval(days => w."metadataRetentionDays")) END
          AND NOT (${STILL_WAITING}) AND w.plan = ${plan}::"Plan"
        ORDER BY e."lastActivityAt"
        LIMIT ${limit})
      RETURNING id, "organizationId", attachments),
    recorded AS (${options.recordObjectFiles ? RECORD_GONE_EMAIL_FILES : NOTHING_TO_RECORD})
    SELECT count(*)::int AS deleted FROM gone`;
  return rows[0]?.deleted ?? 0;
}

const RECORD_GONE_EMAIL_FILES = Prisma.raw(recordEmailFilesSql("gone"));
/**
 * Clears the bodies of up to `limit` emails that have left the sending path (handed off, failed,
 * canceled) and whose workspace keeps no body after the handoff (privacy mode) or keeps bodies
 * for fewer days than this one's age (counted from its handoff or failure): subject, text, HTML,
 * template variables and attachments (their list, their bytes in PostgreSQL; with
 * `recordObjectFiles` their objects are recorded in `file_deletions` by the same statement).
 * Addresses, events and the rest stay until the metadata's retention. Rows another transaction
 * holds (an event being applied) are skipped this time. Answers how many were cleared.
 */
export async function clearExpiredEmailBodies(
  db: Prisma.TransactionClient,
  now: Date,
  limit: number,
  options: { recordObjectFiles?: boolean } = {},
): Promise<number> {
  const rows = await db.$queryRaw<Array<{ cleared: number }>>`
    WITH picked AS (
      SELECT e.id, e.attachments FROM emails e JOIN workspaces w ON w.id = e."organizationId"
       WHERE (w."privacyMode" OR w."bodyRetentionDays" IS NOT NULL)
         AND e."bodyRemovedAt" IS NULL AND e."lastActivityAt" IS NOT NULL AND NOT (${STILL_WAITING})
         AND (w."privacyMode"
              OR COALESCE(e."sentAt", e."failedAt", e."lastActivityAt") < ${now}::timestamptz - make_interval(days => w."bodyRetentionDays"))
       LIMIT ${limit}
       FOR UPDATE OF e SKIP LOCKED),
    cleared AS (
      UPDATE emails e SET subject = '', html = NULL, text = NULL, "templateVariables" = NULL, attachments = '[]'::jsonb,
                          "bodyRemovedAt" = ${now}
        FROM picked p WHERE e.id = p.id
      RETURNING e.id, e."organizationId", p.attachments),
    contents AS (DELETE FROM email_attachments WHERE "emailId" IN (SELECT id FROM cleared)),
    recorded AS (${options.recordObjectFiles ? RECORD_CLEARED_EMAIL_FILES : NOTHING_TO_RECORD})
    SELECT count(*)::int AS cleared FROM cleared`;
  return rows[0]?.cleared ?? 0;
}

const RECORD_CLEARED_EMAIL_FILES = Prisma.raw(recordEmailFilesSql("cleared"));

/** With files in PostgreSQL, the bytes went with the rows (cascade): nothing to record. */
const NOTHING_TO_RECORD = Prisma.raw("SELECT 1");

/**
 * Moves `scheduled` emails whose time has come to `queued` (the `due` move), at most `limit`, the
 * longest-due first; answers them with their workspaces. Rows another transaction holds (a cancel or reschedule in
 * progress) are skipped this time, and the move repeats its condition on the row it locks, so a
 * cancel or reschedule that commits first wins and one that comes after finds it `queued`.
 * Several schedulers may run at once: each due email is moved by exactly one of them.
 */
export async function queueDueScheduledEmails(db: Queryable, limit: number): Promise<Array<{ id: string; workspaceId: string }>> {
  const due = `${statusInSql("status", SCHEDULE_MOVES.due.from)} AND "scheduledAt" <= now()`;
  // Named: nothing in it prunes partitions, so one plan per connection serves every poll.
  const { rows } = await db.query({
    name: "svc_queue_due_scheduled",
    text: `UPDATE emails SET status = '${SCHEDULE_MOVES.due.to}'
      WHERE id IN (SELECT id FROM emails WHERE ${due} ORDER BY "scheduledAt" LIMIT $1 FOR UPDATE SKIP LOCKED)
        AND ${due}
     RETURNING id, "organizationId" AS "workspaceId"`,
    values: [limit],
  });
  return rows as Array<{ id: string; workspaceId: string }>;
}

/**
 * Cancels the workspace's emails among `emailIds` that are still `scheduled` (the `cancel` move),
 * deleting their attachment bytes in the same statement: a canceled email needs them no more.
 * Answers the emails it moved with how many files each had (an object store deletes those). The
 * condition is the guard against the scheduler (see queueDueScheduledEmails).
 */
export async function cancelScheduledEmails(
  db: Queryable,
  workspaceId: string,
  emailIds: readonly string[],
): Promise<Array<{ id: string; files: number }>> {
  const { rows } = await db.query(
    `WITH canceled AS (
       UPDATE emails SET status = '${SCHEDULE_MOVES.cancel.to}', "lastActivityAt" = now()
        WHERE id = ANY ($1::text[]) AND "organizationId" = $2 AND ${statusInSql("status", SCHEDULE_MOVES.cancel.from)}
       RETURNING id, jsonb_array_length(attachments) AS files
     ),
     files AS (
       DELETE FROM email_attachments WHERE "emailId" IN (SELECT id FROM canceled)
     )
     SELECT id, files FROM canceled`,
    [[...emailIds], workspaceId],
  );
  return rows as Array<{ id: string; files: number }>;
}

/**
 * Gives the workspace's still-`scheduled` emails a new time (the `reschedule` move); answers the
 * ids it moved. An email listed twice takes its first time.
 */
export async function rescheduleEmails(
  db: Queryable,
  workspaceId: string,
  changes: ReadonlyArray<{ emailId: string; scheduledAt: Date }>,
): Promise<string[]> {
  const firsts = new Map<string, Date>();
  for (const change of changes) if (!firsts.has(change.emailId)) firsts.set(change.emailId, change.scheduledAt);
  const { rows } = await db.query(
    `UPDATE emails e SET "scheduledAt" = v.at
       FROM unnest($1::text[], $2::timestamptz[]) AS v(id, at)
      WHERE e.id = v.id AND e.id = ANY ($1::text[]) AND e."organizationId" = $3 AND ${statusInSql("e.status", SCHEDULE_MOVES.reschedule.from)}
     RETURNING e.id`,
    [[...firsts.keys()], [...firsts.values()], workspaceId],
  );
  return (rows as Array<{ id: string }>).map((row) => row.id);
}

/** The current status of each of the workspace's emails among `emailIds` (missing ones are absent). */
export async function selectEmailStatuses(
  db: Queryable,
  workspaceId: string,
  emailIds: readonly string[],
): Promise<Map<string, EmailStatus>> {
  const { rows } = await db.query(`SELECT id, status::text AS status FROM emails WHERE id = ANY ($1::text[]) AND "organizationId" = $2`, [
    [...emailIds],
    workspaceId,
  ]);
  return new Map((rows as Array<{ id: string; status: EmailStatus }>).map((row) => [row.id, row.status]));
}

/** An email a provider accepted, with what its events need, and how many events are stored for it. */
export interface AcceptedEmailWithEventCount extends Omit<EmailFields, "attachments"> {
  id: string;
  fromDomain: string | null;
  organizationId: string;
  providerMessageId: string;
  createdAt: Date;
  eventCount: number;
}

/** Statuses in which an accepted email may still be waiting for events (later ones are final). */
const AWAITING_EVENTS: readonly EmailStatus[] = ["sent", "delivery_delayed", "delivered"];

/**
 * Emails `provider` accepted before `sentBefore`, created (or scheduled: a scheduled email is
 * sent long after its creation) at or after `createdFrom`, whose status may still move on an
 * event, in (createdAt, id) order after `after`. Bounded by status and time so that it reads
 * through the (status, createdAt) and (status, scheduledAt) indexes; the event count is one index lookup per
 * row (email_events (emailId, eventTimestamp)).
 */
export async function selectAcceptedEmailsAwaitingEvents(
  db: Queryable,
  range: { provider: string; createdFrom: Date; sentBefore: Date; after: { createdAt: Date; id: string } | null; limit: number },
): Promise<AcceptedEmailWithEventCount[]> {
  const { rows } = await db.query(
    `SELECT e.id, e."organizationId", e."from", e."fromDomain", e."to", COALESCE(e.cc, '{}') AS cc, COALESCE(e.bcc, '{}') AS bcc, COALESCE(e."replyTo", '{}') AS "replyTo", e.subject, e.html, e.text, e.headers, e.tags, e."providerMessageId", e."createdAt",
            (SELECT count(*) FROM email_events ev WHERE ev."emailId" = e.id)::int AS "eventCount"
       FROM emails e
      WHERE ${statusInSql("e.status", AWAITING_EVENTS)}
        AND (e."createdAt" >= $2 OR e."scheduledAt" >= $2) AND e.provider = $1 AND e."providerMessageId" IS NOT NULL AND e."sentAt" < $3
        AND ($4::timestamptz IS NULL OR (e."createdAt", e.id) > ($4::timestamptz, $5::text))
      ORDER BY e."createdAt", e.id
      LIMIT $6`,
    [range.provider, range.createdFrom, range.sentBefore, range.after?.createdAt ?? null, range.after?.id ?? null, range.limit],
  );
  return rows as AcceptedEmailWithEventCount[];
}

/** The first email of `workspaceId` whose provider message id is one of `providerMessageIds` (inbound replies' link). */
export async function findEmailByProviderMessageIds(
  db: Prisma.TransactionClient,
  workspaceId: string,
  providerMessageIds: readonly string[],
): Promise<string | null> {
  if (providerMessageIds.length === 0) return null;
  const row = await db.email.findFirst({
    where: { organizationId: workspaceId, providerMessageId: { in: [...providerMessageIds] } },
    select: { id: true },
  });
  return row?.id ?? null;
}

/** Where a walk over a workspace's emails, newest first, stands: the last email it examined. */
export interface EmailWalkPosition {
  createdAt: Date;
  id: string;
}

/** An email's recipients, as an erasure's walk examines them. */
export interface EmailRecipientsRow {
  id: string;
  createdAt: Date;
  to: string[];
  cc: string[];
  bcc: string[];
}

/**
 * The next `limit` emails of the workspace after `after`, newest first (the index on the
 * workspace, createdAt and id), with their recipients only: a window of a walk over every email
 * of one workspace that reads no other workspace's rows and no bodies.
 */
export async function selectEmailRecipientsWindow(
  db: Queryable,
  workspaceId: string,
  after: EmailWalkPosition | null,
  limit: number,
): Promise<EmailRecipientsRow[]> {
  const columns = `SELECT id, "createdAt", "to", cc, bcc FROM emails`;
  const order = `ORDER BY "createdAt" DESC, id DESC`;
  const { rows } = after
    ? await db.query(`${columns} WHERE "organizationId" = $1 AND ("createdAt", id) < ($2, $3) ${order} LIMIT $4`, [
        workspaceId,
        after.createdAt,
        after.id,
        limit,
      ])
    : await db.query(`${columns} WHERE "organizationId" = $1 ${order} LIMIT $2`, [workspaceId, limit]);
  return rows as EmailRecipientsRow[];
}

/** Which of `emailIds` are emails of the workspace (another workspace's are not). */
export async function selectWorkspaceEmailIds(db: Queryable, workspaceId: string, emailIds: readonly string[]): Promise<string[]> {
  if (emailIds.length === 0) return [];
  const { rows } = await db.query(`SELECT id FROM emails WHERE "organizationId" = $1 AND id = ANY ($2::text[])`, [workspaceId, emailIds]);
  return (rows as Array<{ id: string }>).map((row) => row.id);
}

/**
 * Deletes the workspace's emails among `emailIds` (their events, deliveries and files are the
 * caller's to delete first). With `recordFilesFor` (an erasure's id, files in an object store),
 * their files are recorded in `file_deletions` for that erasure in the same statement. Answers
 * how many emails went and how many object-store files were recorded.
 */
export async function deleteWorkspaceEmails(
  db: Queryable,
  workspaceId: string,
  emailIds: readonly string[],
  recordFilesFor: string | null,
): Promise<{ emails: number; files: number }> {
  if (emailIds.length === 0) return { emails: 0, files: 0 };
  const { rows } = await db.query(
    `WITH gone AS (
       DELETE FROM emails WHERE "organizationId" = $1 AND id = ANY ($2::text[])
       RETURNING id, "organizationId", attachments),
     recorded AS (${recordFilesFor ? `${recordEmailFilesSql("gone", "$3::text")} RETURNING count` : "SELECT 0 AS count WHERE $3::text IS NULL"})
     SELECT (SELECT count(*) FROM gone)::int AS emails, (SELECT coalesce(sum(count), 0) FROM recorded)::int AS files`,
    [workspaceId, emailIds, recordFilesFor],
  );
  return rows[0] as { emails: number; files: number };
}

/** The text of an email that may name its recipients: what an erasure rewrites when the email stays. */
export interface RedactableEmail {
  id: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** JSON columns, as text. */
  headers: string;
  templateVariables: string | null;
  suppressedRecipients: string | null;
}

export async function selectRedactableEmails(db: Queryable, workspaceId: string, emailIds: readonly string[]): Promise<RedactableEmail[]> {
  if (emailIds.length === 0) return [];
  const { rows } = await db.query(
    `SELECT id, "to", cc, bcc, "replyTo", subject, html, text, headers::text AS headers,
            "templateVariables"::text AS "templateVariables", "suppressedRecipients"::text AS "suppressedRecipients"
       FROM emails WHERE "organizationId" = $1 AND id = ANY ($2::text[]) FOR UPDATE`,
    [workspaceId, emailIds],
  );
  return rows as RedactableEmail[];
}

export async function updateRedactedEmails(db: Queryable, workspaceId: string, rows: readonly RedactableEmail[]): Promise<number> {
  if (rows.length === 0) return 0;
  // One statement for the batch: every row as JSON (JSON columns nested as values, not text).
  const json = (text: string | null) => (text === null ? null : JSON.parse(text));
  const values = rows.map((row) => ({
    ...row,
    headers: json(row.headers),
    templateVariables: json(row.templateVariables),
    suppressedRecipients: json(row.suppressedRecipients),
  }));
  const list = (column: string) => `ARRAY(SELECT jsonb_array_elements_text(v.${column}))`;
  const { rowCount } = await db.query(
    `UPDATE emails e SET "to" = ${list(`"to"`)}, cc = ${list("cc")}, bcc = ${list("bcc")}, "replyTo" = ${list(`"replyTo"`)},
            subject = v.subject, html = v.html, text = v.text, headers = v.headers,
            "templateVariables" = v."templateVariables", "suppressedRecipients" = v."suppressedRecipients"
       FROM jsonb_to_recordset($2::jsonb) AS v(id text, "to" jsonb, cc jsonb, bcc jsonb, "replyTo" jsonb, subject text, html text,
            text text, headers jsonb, "templateVariables" jsonb, "suppressedRecipients" jsonb)
      WHERE e."organizationId" = $1 AND e.id = v.id`,
    [workspaceId, JSON.stringify(values)],
  );
  return rowCount ?? 0;
}
