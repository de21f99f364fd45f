import type { Prisma, WebhookReplay } from "@svc/db";
import type { Queryable } from "../sql.ts";

/**
 * The webhook_replays table: one row per replay asked for, with what it selected, its pace and
 * how many deliveries it sent again. Written on pg inside the transaction that re-arms and copies
 * the deliveries (webhookDeliveries.ts); read on Prisma.
 */

type PrismaTx = Prisma.TransactionClient;

export type NewWebhookReplayRow = Omit<WebhookReplay, "createdAt">;

export async function insertWebhookReplay(db: Queryable, row: NewWebhookReplayRow, createdAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO webhook_replays (id, "subscriptionId", kind, "deliveryId", "emailId", since, until, "perSecond", rearmed, copied, "createdAt", "pacedUntil")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      row.id,
      row.subscriptionId,
      row.kind,
      row.deliveryId,
      row.emailId,
      row.since,
      row.until,
      row.perSecond,
      row.rearmed,
      row.copied,
      createdAt,
      row.pacedUntil,
    ],
  );
}

export async function updateWebhookReplayCounts(
  db: Queryable,
  replayId: string,
  counts: { rearmed: number; copied: number },
): Promise<void> {
  await db.query(`UPDATE webhook_replays SET rearmed = $2, copied = $3 WHERE id = $1`, [replayId, counts.rearmed, counts.copied]);
}

/** The subscription's replays still pacing their deliveries in at `now` (pacedUntil ahead): how many, and when the last ends. */
export async function selectActiveWebhookReplays(
  db: Queryable,
  subscriptionId: string,
  now: Date,
): Promise<{ count: number; endsAt: Date | null }> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS count, max("pacedUntil") AS "endsAt" FROM webhook_replays WHERE "subscriptionId" = $1 AND "pacedUntil" > $2`,
    [subscriptionId, now],
  );
  return rows[0] as { count: number; endsAt: Date | null };
}

/** One replay, only if it belongs to `subscriptionId`. */
export function selectWebhookReplay(prisma: PrismaTx, replayId: string, subscriptionId: string): Promise<WebhookReplay | null> {
  return prisma.webhookReplay.findFirst({ where: { id: replayId, subscriptionId } });
}

/** A subscription's most recent replays, newest first. */
export function selectWebhookReplays(prisma: PrismaTx, subscriptionId: string, limit: number): Promise<WebhookReplay[]> {
  return prisma.webhookReplay.findMany({ where: { subscriptionId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
}
