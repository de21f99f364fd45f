import type { Prisma, WebhookAttempt } from "@svc/db";
import type { Queryable } from "../sql.ts";

/**
 * The webhook_attempts table: one row per POST of a delivery, numbered in order. Its rows are
 * written with their delivery's new state, in one statement, by the webhook_deliveries store
 * (`recordWebhookAttempt`, `recordClaimedWebhookAttempts`); deleting a delivery deletes them by
 * cascade. This store holds the reads of attempts alone.
 */

type PrismaTx = Prisma.TransactionClient;

/** The latest manual attempt of a delivery that started at or after `since`. */
export function selectLatestManualWebhookAttempt(prisma: PrismaTx, deliveryId: string, since: Date): Promise<WebhookAttempt | null> {
  return prisma.webhookAttempt.findFirst({
    where: { deliveryId, manual: true, startedAt: { gte: since } },
    orderBy: { number: "desc" },
  });
}

/** Attempts of the deliveries of the emails' events. */
const OF_EMAILS = `"deliveryId" IN (SELECT d.id FROM webhook_deliveries d
  WHERE d."eventId" IN (SELECT e.id FROM email_events e WHERE e."emailId" = ANY ($1::text[])))`;

/** Deletes the attempts of the emails' webhook deliveries (an erasure, before the deliveries); answers how many. */
export async function deleteAttemptsOfEmails(db: Queryable, emailIds: readonly string[]): Promise<number> {
  if (emailIds.length === 0) return 0;
  const { rowCount } = await db.query(`DELETE FROM webhook_attempts WHERE ${OF_EMAILS}`, [emailIds]);
  return rowCount ?? 0;
}

/** Deletes the attempts of the received messages' `received` deliveries; answers how many. */
export async function deleteAttemptsOfInbound(db: Queryable, inboundIds: readonly string[]): Promise<number> {
  if (inboundIds.length === 0) return 0;
  const { rowCount } = await db.query(
    `DELETE FROM webhook_attempts WHERE "deliveryId" IN (SELECT d.id FROM webhook_deliveries d WHERE d."inboundEmailId" = ANY ($1::text[]))`,
    [inboundIds],
  );
  return rowCount ?? 0;
}

/** What a receiver answered to the emails' deliveries (the text an erasure redacts). */
export interface AttemptTexts {
  id: string;
  responseExcerpt: string | null;
  error: string | null;
}

export async function selectAttemptTextsOfEmails(db: Queryable, emailIds: readonly string[]): Promise<AttemptTexts[]> {
  if (emailIds.length === 0) return [];
  const { rows } = await db.query(
    `SELECT id, "responseExcerpt", error FROM webhook_attempts
      WHERE ${OF_EMAILS} AND ("responseExcerpt" IS NOT NULL OR error IS NOT NULL)`,
    [emailIds],
  );
  return rows as AttemptTexts[];
}

export async function updateAttemptTexts(db: Queryable, rows: readonly AttemptTexts[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE webhook_attempts a SET "responseExcerpt" = v.excerpt, error = v.error
       FROM unnest($1::text[], $2::text[], $3::text[]) AS v(id, excerpt, error) WHERE a.id = v.id`,
    [rows.map((row) => row.id), rows.map((row) => row.responseExcerpt), rows.map((row) => row.error)],
  );
}
