import type { Db, Plan } from "@svc/db";
import { IDEMPOTENCY_WINDOW_HOURS } from "../emails/idempotency.ts";
import type { FileStore } from "../files/store.ts";
import { PLANS } from "../plans.ts";
import { deleteLeftoverAttachmentContents } from "../stores/emailAttachments.ts";
import { clearExpiredEmailBodies, deleteFinishedEmailsInactiveSince } from "../stores/emails.ts";
import { deleteIdempotencyKeysCreatedBefore } from "../stores/idempotencyKeys.ts";
import { clearExpiredInboundBodies, deleteInboundEmailsReceivedBefore } from "../stores/inboundEmails.ts";
import { deleteUnmatchedNotificationsCreatedBefore } from "../stores/unmatchedNotifications.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Files the leftover sweep examines per run unless told. */
const DEFAULT_SWEEP_BUDGET = 10_000;

/**
 * In privacy mode, how long a received message's body is kept at least once no webhook delivery of
 * it is pending: the time a receiver has to fetch the content its webhook announced.
 */
export const PRIVACY_INBOUND_GRACE_MINUTES = 15;

/** How long notifications that matched no email are kept for inspection. */
export const UNMATCHED_RETENTION_DAYS = 30;

export interface PurgeResult {
  emailsDeleted: number;
  idempotencyKeysDeleted: number;
  unmatchedNotificationsDeleted: number;
  /** Files left over (of emails already handed off or ended, of accepts that failed) that the sweep deleted. */
  attachmentContentsDeleted: number;
  /** Received messages older than their workspace plan's retention (with their files and deliveries). */
  inboundDeleted: number;
  /** Emails and received messages whose bodies were cleared (privacy mode, a workspace's body retention). */
  emailBodiesCleared: number;
  inboundBodiesCleared: number;
}

/**
 * Clears bodies first (privacy mode, a workspace's body retention shorter than its metadata's),
 * then deletes finished emails whose last activity is older than their workspace's metadata
 * retention (its own, or its plan's)
 * (never one still `scheduled`, `queued` or `sending`), with their events (and those events'
 * webhook deliveries and attempts) by cascade, and idempotency keys past their 24-hour
 * window, and unmatched SNS notifications older than UNMATCHED_RETENTION_DAYS, then sweeps up to
 * `sweepBudget` files for leftovers (files of emails past their handoff). Works in batches, each
 * its own short statement, so a large backlog never holds long locks or one huge transaction.
 * Safe to run concurrently with sends: it only touches old rows. The object-store files of the
 * rows it deletes are recorded in `file_deletions` by the deleting statements, for
 * `drainFileDeletions`.
 */
export async function purgeExpiredEmails(
  db: Db,
  now: Date = new Date(),
  options: { batchSize?: number; files?: FileStore; sweepBudget?: number } = {},
): Promise<PurgeResult> {
  const batchSize = options.batchSize ?? 1000;
  const recordObjectFiles = options.files?.kind === "s3";
  let emailBodiesCleared = 0;
  for (;;) {
    const cleared = await clearExpiredEmailBodies(db, now, batchSize, { recordObjectFiles });
    emailBodiesCleared += cleared;
    if (cleared < batchSize) break;
  }
  let inboundBodiesCleared = 0;
  for (;;) {
    const cleared = await clearExpiredInboundBodies(db, now, PRIVACY_INBOUND_GRACE_MINUTES * 60_000, batchSize);
    inboundBodiesCleared += cleared;
    if (cleared < batchSize) break;
  }

  let emailsDeleted = 0;
  for (const [plan, limits] of Object.entries(PLANS) as Array<[Plan, (typeof PLANS)[Plan]]>) {
    const cutoff = new Date(now.getTime() - limits.retentionDays * DAY_MS);
    for (;;) {
      const deleted = await deleteFinishedEmailsInactiveSince(db, plan, { cutoff, now }, batchSize, {
        recordObjectFiles,
      });
      emailsDeleted += deleted;
      if (deleted < batchSize) break;
    }
  }

  // Received mail is kept as long as sent mail: the plan's retention, counted from its arrival.
  let inboundDeleted = 0;
  for (const [plan, limits] of Object.entries(PLANS) as Array<[Plan, (typeof PLANS)[Plan]]>) {
    const cutoff = new Date(now.getTime() - limits.retentionDays * DAY_MS);
    for (;;) {
      const deleted = await deleteInboundEmailsReceivedBefore(db, plan, { cutoff, now }, batchSize);
      inboundDeleted += deleted;
      if (deleted < batchSize) break;
    }
  }

  let idempotencyKeysDeleted = 0;
  const keyCutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * HOUR_MS);
  for (;;) {
    const deleted = await deleteIdempotencyKeysCreatedBefore(db, keyCutoff, batchSize);
    idempotencyKeysDeleted += deleted;
    if (deleted < batchSize) break;
  }

  let unmatchedNotificationsDeleted = 0;
  const unmatchedCutoff = new Date(now.getTime() - UNMATCHED_RETENTION_DAYS * DAY_MS);
  for (;;) {
    const deleted = await deleteUnmatchedNotificationsCreatedBefore(db, unmatchedCutoff, batchSize);
    unmatchedNotificationsDeleted += deleted;
    if (deleted < batchSize) break;
  }
  // Expired emails took their PostgreSQL files with them (cascade); these are the files of younger
  // emails that no longer need them (and, in an object store, of accepts that failed).
  const files = options.files ?? postgresLeftovers(db);
  const attachmentContentsDeleted = await files.deleteLeftovers(options.sweepBudget ?? DEFAULT_SWEEP_BUDGET);
  return {
    emailsDeleted,
    idempotencyKeysDeleted,
    unmatchedNotificationsDeleted,
    attachmentContentsDeleted,
    inboundDeleted,
    emailBodiesCleared,
    inboundBodiesCleared,
  };
}

/** The PostgreSQL store's leftover sweep, for callers holding only the Prisma client. */
function postgresLeftovers(db: Db): Pick<FileStore, "deleteLeftovers"> {
  return { deleteLeftovers: (limit) => deleteLeftoverAttachmentContents(db, limit) };
}
