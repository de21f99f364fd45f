import { createHash } from "node:crypto";
import type { DbHandle } from "@svc/db";
import { newTimeId } from "@svc/db";
import { unverifiedDomainMessage } from "../domains/refusal.ts";
import { AppError } from "../errors.ts";
import type { FileStore } from "../files/store.ts";
import { writeWithFiles } from "../files/stored.ts";
import { domainAllowed, domainNotAllowed } from "../keys/bindings.ts";
import { planLimits } from "../plans.ts";
import { inTransaction, type Queryable, sqlPool } from "../sql.ts";
import { type EmailInsertOutcome, insertEmailsIfDomainVerified, type NewEmailRow } from "../stores/emails.ts";
import { pinTemplates } from "../templates/sending.ts";
import { checkUnsentAttachmentQuota } from "./attachmentQuota.ts";
import { type CountedInsertOutcome, countDailySend, dailyLimitReached, insertCountedEmails } from "./dailyLimit.ts";
import { claimIdempotencyKey, type IdempotencyScope, requestFingerprint, storeIdempotentAnswer } from "./idempotency.ts";
import type { SendEmailInput } from "./input.ts";
import type { SendContext } from "./sendContext.ts";
import { inWorkspaceTurn } from "./workspaceTurns.ts";

/**
 * The validated request in a fixed order; files by name, type, id and a digest of their bytes.
 * The fields an email had before cc/bcc/replyTo/headers/tags/attachments appear alone when those
 * are empty, so a key stored before them still matches its own retry.
 */
export function fingerprintFields(input: SendEmailInput): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    from: input.from,
    to: input.to,
    subject: input.subject,
    html: input.html,
    text: input.text,
    scheduledAt: input.scheduledAt?.toISOString() ?? null,
  };
  if (input.cc.length > 0) fields.cc = input.cc;
  if (input.bcc.length > 0) fields.bcc = input.bcc;
  if (input.replyTo.length > 0) fields.replyTo = input.replyTo;
  if (input.headers.length > 0) fields.headers = input.headers;
  if (input.tags.length > 0) fields.tags = input.tags;
  if (input.template) fields.template = { ...input.template.reference, variables: input.template.variables };
  if (input.unsubscribeTopic !== null) fields.unsubscribe = { topic: input.unsubscribeTopic };
  if (input.attachments.length > 0) {
    fields.attachments = input.attachments.map(({ filename, contentType, contentId, content }) => ({
      filename,
      contentType,
      contentId,
      sha256: createHash("sha256").update(content).digest("hex"),
    }));
  }
  return fields;
}

/** The refusal says why the domain is not verified, where the service knows (see unverifiedDomainMessage). */
async function domainNotVerified(handle: DbHandle, workspaceId: string, domain: string): Promise<AppError> {
  return new AppError("domain_not_verified", await unverifiedDomainMessage(handle.prisma, workspaceId, domain));
}

export interface QueuedEmail {
  /** HTTP status of the answer: 202, also when replayed. */
  status: number;
  /** The exact answer body (a replay returns the original bytes). */
  body: string;
  emailId: string;
  /** True when this answer was stored by an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /**
   * True when the caller should enqueue the send job now: a new email to send at once. Not for
   * a replay (its job was enqueued the first time), a scheduled email (the sender's scheduler
   * queues it when it falls due), nor one whose insert enqueued the job it shares with others.
   */
  enqueue: boolean;
}

const ACCEPTED = 202;

/** One row, in its own statement (see insertEmailsIfDomainVerified). */
async function insertEmailAlone(db: Queryable, row: NewEmailRow): Promise<EmailInsertOutcome> {
  const [outcome] = await insertEmailsIfDomainVerified(db, [row]);
  return outcome ?? "withheld";
}

/**
 * What a coalescing port did with a row: whether it was written, and whether its send job went
 * with it, shared with the others written in the same statement and enqueued by the port (or
 * left to the sweeper, as every enqueue may be), so that the caller enqueues none.
 */
export interface WrittenRow<Outcome> {
  outcome: Outcome;
  sendJobEnqueued: boolean;
}

/** Writes one row if its domain is verified (see insertEmailsIfDomainVerified). */
export type EmailRowInsert = (row: NewEmailRow) => Promise<WrittenRow<EmailInsertOutcome>>;

/** Writes and counts one row of a workspace with a daily limit (see insertCountedEmails). */
export type CountedEmailRowInsert = (row: NewEmailRow) => Promise<WrittenRow<CountedInsertOutcome>>;

export interface QueueEmailOptions {
  idempotencyKey?: string;
  /** Whose sends share the key's namespace (see IdempotencyScope); the sending API key's by default. */
  idempotencyScope?: IdempotencyScope;
  /**
   * How the one-statement path (no idempotency key, no daily limit) writes its row: alone by
   * default; the API passes a coalescing insert so concurrent sends share one statement.
   */
  insertRow?: EmailRowInsert;
  /**
   * How the counted path (a daily limit, no idempotency key, no files) writes its row: alone by
   * default; the API passes one that coalesces concurrent sends of a workspace into one transaction.
   */
  insertCountedRow?: CountedEmailRowInsert;
  /**
   * False for the service's own mail (sign-up links, invitations, notices): it must not be
   * refused because the system workspace's daily limit was used up, which anyone could do through
   * the sign-up form; what strangers can make it send is bounded by the sign-up throttles instead.
   */
  countsAgainstDailyLimit?: boolean;
  /** Where the email's files go (FILE_STORE); with the row in PostgreSQL by default. */
  files?: FileStore;
}

/**
 * Queues one email: one transaction claims the idempotency key (a replay answers before
 * anything else), counts the send against the daily limit (refusing it before its row is
 * written), then inserts the row if the sending domain is verified. When this returns, the row is
 * committed; enqueueing the send job (job id = email id) is the caller's next step unless the
 * insert port enqueued the one it shares with others (`enqueue` says which), and a sweeper in the
 * sender enqueues any queued email whose job went missing.
 *
 * A replayed answer created nothing and must not be enqueued again.
 */
export async function queueEmail(
  handle: DbHandle,
  context: SendContext,
  input: SendEmailInput,
  options: QueueEmailOptions = {},
): Promise<QueuedEmail> {
  // Before anything is claimed, counted or written: a refused send changes nothing.
  if (!domainAllowed(context.allowedDomains, input.fromDomain)) throw domainNotAllowed(input.fromDomain);
  const limited = options.countsAgainstDailyLimit !== false && planLimits(context.plan).dailySendLimit !== null;
  const insertRow =
    options.insertRow ?? (async (row) => ({ outcome: await insertEmailAlone(sqlPool(handle), row), sendJobEnqueued: false }));
  const insertCountedRow =
    options.insertCountedRow ??
    (async (row) => ({ outcome: (await insertCountedEmails(sqlPool(handle), [row]))[0] ?? "over_daily_limit", sendJobEnqueued: false }));
  const emailId = newTimeId("email");
  const scheduled = input.scheduledAt !== null;
  const body = JSON.stringify({ id: emailId, status: scheduled ? "scheduled" : "queued" });
  const created: QueuedEmail = { status: ACCEPTED, body, emailId, replayed: false, enqueue: !scheduled };
  // A test send of a template's draft comes rendered and already pinned (templates/testSend.ts).
  if (input.template && input.template.pinned === null) {
    const [refused] = await pinTemplates(sqlPool(handle), context.workspaceId, [input]);
    if (refused) throw refused;
  }
  const attachmentBytes = input.attachments.reduce((total, { content }) => total + content.length, 0);
  const row: NewEmailRow = { emailId, context, input };
  return writeWithFiles(
    options.files,
    [row],
    () => writeEmail(handle, context, input, row, { ...options, insertRow, insertCountedRow, limited, created, attachmentBytes }),
    (queued) => (queued.replayed ? [] : [queued.emailId]),
  );
}

/** queueEmail's writes, once the email's files (if they go to an object store) are there. */
async function writeEmail(
  handle: DbHandle,
  context: SendContext,
  input: SendEmailInput,
  row: NewEmailRow,
  options: QueueEmailOptions & {
    insertRow: EmailRowInsert;
    insertCountedRow: CountedEmailRowInsert;
    limited: boolean;
    created: QueuedEmail;
    attachmentBytes: number;
  },
): Promise<QueuedEmail> {
  const { idempotencyKey, idempotencyScope: scope, insertRow, insertCountedRow, limited, created, attachmentBytes } = options;
  const { emailId } = row;
  const { body } = created;

  // Nothing to count and no key to claim: one statement, no transaction (the common case for
  // high-volume senders).
  if (idempotencyKey === undefined && !limited) {
    // An email with files (up to the provider's message size) is written in a statement of its
    // own rather than coalesced with others, so one statement never carries several of them.
    await checkUnsentAttachmentQuota(sqlPool(handle), context, attachmentBytes);
    const written =
      input.attachments.length > 0
        ? { outcome: await insertEmailAlone(sqlPool(handle), row), sendJobEnqueued: false }
        : await insertRow(row);
    if (written.outcome !== "inserted") throw await domainNotVerified(handle, context.workspaceId, input.fromDomain);
    return written.sendJobEnqueued ? { ...created, enqueue: false } : created;
  }

  // Counted, with no key to claim and no files to weigh against the quota: the counter and the
  // row in one short transaction, which the caller may share among a workspace's concurrent sends.
  if (idempotencyKey === undefined && limited && input.attachments.length === 0) {
    const { outcome, sendJobEnqueued } = await insertCountedRow(row);
    if (outcome === "over_daily_limit") throw dailyLimitReached(context.plan);
    if (outcome !== "inserted") throw await domainNotVerified(handle, context.workspaceId, input.fromDomain);
    return sendJobEnqueued ? { ...created, enqueue: false } : created;
  }

  const write = () =>
    inTransaction(handle, async (client) => {
      if (idempotencyKey !== undefined) {
        const fingerprint = requestFingerprint(fingerprintFields(input));
        const claim = await claimIdempotencyKey(client, {
          workspaceId: context.workspaceId,
          apiKeyId: context.apiKeyId,
          key: idempotencyKey,
          scope,
          fingerprint,
        });
        if (!claim.claimed) {
          const original = JSON.parse(claim.answer.body) as { id: string };
          return { status: claim.answer.status, body: claim.answer.body, emailId: original.id, replayed: true, enqueue: false };
        }
      }

      // Refused before anything is written: a send over the limit never writes its (up to 1 MB)
      // row. The usage row lock taken here is what keeps the count exact under concurrency, and it
      // is held until commit, through the insert below.
      if (limited) await countDailySend(client, context.workspaceId, context.plan);
      await checkUnsentAttachmentQuota(client, context, attachmentBytes);
      if ((await insertEmailAlone(client, row)) !== "inserted")
        throw await domainNotVerified(handle, context.workspaceId, input.fromDomain);
      if (idempotencyKey !== undefined) {
        await storeIdempotentAnswer(client, {
          workspaceId: context.workspaceId,
          apiKeyId: context.apiKeyId,
          key: idempotencyKey,
          scope,
          emailId,
          answer: { status: ACCEPTED, body },
        });
      }
      return created;
    });
  // One that takes the counter waits for the workspace's turn without holding a connection (workspaceTurns.ts).
  return limited ? inWorkspaceTurn(context.workspaceId, write) : write();
}
