import type { DbHandle } from "@svc/db";
import { newTimeId } from "@svc/db";
import { MAX_EMAILS_PER_SEND_JOB } from "@svc/queues";
import { AppError, type ErrorCode } from "../errors.ts";
import type { FileStore } from "../files/store.ts";
import { writeWithFiles } from "../files/stored.ts";
import { domainAllowed, domainNotAllowed } from "../keys/bindings.ts";
import { planLimits } from "../plans.ts";
import { inTransaction, type Queryable, sqlPool } from "../sql.ts";
import { type EmailInsertOutcome, insertEmailsIfDomainVerified, type NewEmailRow } from "../stores/emails.ts";
import { pinTemplates } from "../templates/sending.ts";
import { countDailySends, uncountDailySends } from "./dailyLimit.ts";
import { claimIdempotencyKey, requestFingerprint, storeIdempotentAnswer } from "./idempotency.ts";
import { parseSendEmailInput, type SendEmailInput } from "./input.ts";
import { fingerprintFields } from "./queue.ts";
import type { SendContext } from "./sendContext.ts";
import { shareSendJobs } from "./sharedSendJobs.ts";
import { inWorkspaceTurn } from "./workspaceTurns.ts";

/**
 * POST /emails/batch: up to BATCH_LIMITS.maxEmails emails, each of the POST /emails shape, written
 * in one statement and answered in order, one entry per email.
 */
export const BATCH_LIMITS = {
  /** As many as one send job carries: a batch's emails share one. */
  maxEmails: MAX_EMAILS_PER_SEND_JOB,
  /**
   * The whole request body. Each email keeps its own limits; this bounds what one request makes
   * the API hold in memory and write in one statement. Larger messages go one by one to POST /emails.
   */
  maxBodyBytes: 10 * 1024 * 1024,
} as const;

/** `strict`: any invalid email refuses the whole batch; `permissive`: the valid ones are created. */
export type BatchMode = "strict" | "permissive";

/** The `mode` query parameter; strict when absent. */
export function parseBatchMode(value: unknown): BatchMode {
  if (value === undefined || value === "strict") return "strict";
  if (value === "permissive") return "permissive";
  throw new AppError("validation_failed", 'mode: must be "strict" or "permissive".');
}

/** One email of a batch as validated: its input, or why it is refused. */
export type BatchItem = { ok: true; input: SendEmailInput } | { ok: false; error: AppError };

/** The body must be a JSON array of 1 to maxEmails items; each is validated on its own. */
export function parseBatchInput(body: unknown): BatchItem[] {
  if (!Array.isArray(body) || body.length === 0 || body.length > BATCH_LIMITS.maxEmails) {
    throw new AppError("validation_failed", `Invalid request: the body must be a JSON array of 1 to ${BATCH_LIMITS.maxEmails} emails.`);
  }
  return body.map((item): BatchItem => {
    try {
      return { ok: true, input: parseSendEmailInput(item) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error };
      throw error;
    }
  });
}

/** One entry of the answer, in the order of the request. */
export type BatchEntry = { id: string; status: "queued" | "scheduled" } | { error: string; code: ErrorCode };

export interface QueuedBatch {
  /** HTTP status of the answer: 202, also when replayed. */
  status: number;
  /** The exact answer body, a JSON array of BatchEntry (a replay returns the original bytes). */
  body: string;
  /** True when this answer was stored by an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /** The new emails to send at once, whose send jobs the caller enqueues (none for a replay). */
  toEnqueue: string[];
  /** The one job they share, under this id (their rows name it), or null: each under its own id. */
  sendJobId: string | null;
}

const ACCEPTED = 202;

function domainNotVerified(domain: string): AppError {
  return new AppError("domain_not_verified", `The from domain ${domain} is not verified for this workspace.`);
}

/** `{index, error, code}` for every refused email, the detail of a strict batch's refusal. */
function refusedList(refusals: Array<{ index: number; error: AppError }>) {
  return refusals.map(({ index, error }) => ({ index, error: error.message, code: error.code }));
}

/**
 * Queues a batch. Strict: an invalid email (422), one from a domain its key is not bound to
 * (403 `domain_not_allowed`) or one from a domain that is not verified (403) refuses the whole batch with every refused index listed, and nothing is created. Permissive:
 * the others are created and the refused ones answered with their error.
 *
 * One transaction, as for a single email, when there is a daily limit to count or an
 * Idempotency-Key to claim; the rows are always one statement. The limit counts every email the
 * batch creates, all of them fitting or 429 and nothing created; the key covers the whole batch.
 */
export async function queueEmailBatch(
  handle: DbHandle,
  context: SendContext,
  givenItems: readonly BatchItem[],
  options: { mode: BatchMode; idempotencyKey?: string; files?: FileStore },
): Promise<QueuedBatch> {
  let items = givenItems;
  const { mode, idempotencyKey } = options;
  // A templated email naming an unknown template or version, or missing or mistyping a variable,
  // is invalid like any other (one statement checks the batch's templates).
  const checked = items.flatMap((item) => (item.ok ? [item.input] : []));
  if (checked.some((input) => input.template)) {
    const refusals = await pinTemplates(sqlPool(handle), context.workspaceId, checked);
    const refusalOf = new Map(checked.map((input, i) => [input, refusals[i]]));
    items = items.map((item) => {
      const refused = item.ok ? refusalOf.get(item.input) : null;
      return refused ? { ok: false, error: refused } : item;
    });
  }
  const invalid = items.flatMap((item, index) => (item.ok ? [] : [{ index, error: item.error }]));
  if (mode === "strict" && invalid.length > 0) {
    throw new AppError("validation_failed", `${invalid.length} of ${items.length} emails are invalid; nothing was created.`, {
      errors: refusedList(invalid),
    });
  }
  // From a domain the key is not bound to: as a domain that is not verified, refused whole in
  // strict mode (403, every such index listed) and answered per email in permissive mode.
  const notAllowed = items.flatMap((item, index) =>
    item.ok && !domainAllowed(context.allowedDomains, item.input.fromDomain)
      ? [{ index, error: domainNotAllowed(item.input.fromDomain) }]
      : [],
  );
  if (notAllowed.length > 0) {
    if (mode === "strict") {
      throw new AppError(
        "domain_not_allowed",
        `${notAllowed.length} of ${items.length} emails are from a domain this API key may not send from; nothing was created.`,
        { errors: refusedList(notAllowed) },
      );
    }
    const refusalAt = new Map(notAllowed.map(({ index, error }) => [index, error]));
    items = items.map((item, index) => {
      const refused = refusalAt.get(index);
      return refused ? { ok: false, error: refused } : item;
    });
  }

  // Ids are made now so that the answer, stored for a replay, is known before the insert.
  const rows = items.map((item) => (item.ok ? { emailId: newTimeId("email"), context, input: item.input } : null));
  const valid = shareSendJobs(rows.filter((row): row is NewEmailRow => row !== null));
  const sendJobId = valid.find((row) => row.sendJobId !== undefined)?.sendJobId ?? null;

  const write = async (db: Queryable): Promise<QueuedBatch & { created: number }> => {
    const outcomes = valid.length > 0 ? await insertEmailsIfDomainVerified(db, valid, { allOrNothing: mode === "strict" }) : [];
    const outcomeOf = new Map(valid.map((row, i) => [row.emailId, outcomes[i]!]));
    const refused = rows.flatMap((row, index) =>
      row && outcomeOf.get(row.emailId) === "domain_not_verified" ? [{ index, error: domainNotVerified(row.input.fromDomain) }] : [],
    );
    if (mode === "strict" && refused.length > 0) {
      throw new AppError(
        "domain_not_verified",
        `${refused.length} of ${items.length} emails are from a domain that is not verified; nothing was created.`,
        {
          errors: refusedList(refused),
        },
      );
    }
    const entries = items.map((item, index): BatchEntry => {
      if (!item.ok) return { error: item.error.message, code: item.error.code };
      const row = rows[index]!;
      const outcome: EmailInsertOutcome | undefined = outcomeOf.get(row.emailId);
      if (outcome !== "inserted") return { error: domainNotVerified(row.input.fromDomain).message, code: "domain_not_verified" };
      return { id: row.emailId, status: row.input.scheduledAt ? "scheduled" : "queued" };
    });
    const created = valid.filter((row) => outcomeOf.get(row.emailId) === "inserted");
    const toEnqueue = created.filter((row) => !row.input.scheduledAt).map((row) => row.emailId);
    return { status: ACCEPTED, body: JSON.stringify(entries), replayed: false, toEnqueue, sendJobId, created: created.length };
  };

  return writeWithFiles(
    options.files,
    valid,
    () => writeBatch(handle, context, items, { mode, idempotencyKey, valid, write }),
    (queued) => (queued.replayed ? [] : (JSON.parse(queued.body) as BatchEntry[]).flatMap((entry) => ("id" in entry ? [entry.id] : []))),
  );
}

/** queueEmailBatch's writes, once the emails' files (if they go to an object store) are there. */
async function writeBatch(
  handle: DbHandle,
  context: SendContext,
  items: readonly BatchItem[],
  options: {
    mode: BatchMode;
    idempotencyKey: string | undefined;
    valid: readonly NewEmailRow[];
    write: (db: Queryable) => Promise<QueuedBatch & { created: number }>;
  },
): Promise<QueuedBatch> {
  const { mode, idempotencyKey, valid, write } = options;
  // Nothing to count and no key to claim: the one statement, no transaction.
  if (idempotencyKey === undefined && planLimits(context.plan).dailySendLimit === null) {
    const { created: _created, ...queued } = await write(sqlPool(handle));
    return queued;
  }

  const limited = planLimits(context.plan).dailySendLimit !== null;
  const writeInTransaction = () =>
    inTransaction(handle, async (client) => {
      if (idempotencyKey !== undefined) {
        const fingerprint = requestFingerprint({
          batch: mode,
          // Files by digest, as for one email: their bytes would make the fingerprint's text huge.
          emails: items.map((item) => (item.ok ? fingerprintFields(item.input) : { invalid: item.error.message })),
        });
        const claim = await claimIdempotencyKey(client, {
          workspaceId: context.workspaceId,
          apiKeyId: context.apiKeyId,
          key: idempotencyKey,
          fingerprint,
        });
        if (!claim.claimed) return { status: claim.answer.status, body: claim.answer.body, replayed: true, toEnqueue: [], sendJobId: null };
      }
      // Counted before the rows are written, as for one email: a batch over the limit writes nothing.
      if (valid.length > 0) await countDailySends(client, context.workspaceId, context.plan, valid.length);
      const { created, ...queued } = await write(client);
      // A permissive batch's emails from a domain that is not verified were counted but not created.
      await uncountDailySends(client, context.workspaceId, context.plan, valid.length - created);
      if (idempotencyKey !== undefined) {
        await storeIdempotentAnswer(client, {
          workspaceId: context.workspaceId,
          apiKeyId: context.apiKeyId,
          key: idempotencyKey,
          emailId: null,
          answer: { status: queued.status, body: queued.body },
        });
      }
      return queued;
    });
  return limited ? inWorkspaceTurn(context.workspaceId, writeInTransaction) : writeInTransaction();
}
