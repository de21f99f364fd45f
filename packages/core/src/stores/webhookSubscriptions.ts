import type { EventType, Prisma, WebhookSubscription } from "@svc/db";
import type { Queryable } from "../sql.ts";

/**
 * The webhook_subscriptions table: a workspace's endpoints, their event types and their sealed
 * signing secrets. Admin CRUD on Prisma. Deleting a subscription deletes its deliveries and
 * their attempts by cascade.
 */

type PrismaTx = Prisma.TransactionClient;

export interface NewWebhookSubscriptionRow {
  id: string;
  workspaceId: string;
  url: string;
  events: EventType[];
  secretEncrypted: string;
  maxDeliveriesPerSecond?: number | null;
}

export function insertWebhookSubscription(prisma: PrismaTx, row: NewWebhookSubscriptionRow): Promise<WebhookSubscription> {
  return prisma.webhookSubscription.create({ data: row });
}

/** A workspace's subscriptions; only the active ones with `{ isActive: true }`. */
export function countWebhookSubscriptions(prisma: PrismaTx, workspaceId: string, filter: { isActive?: boolean } = {}): Promise<number> {
  return prisma.webhookSubscription.count({ where: { workspaceId, ...filter } });
}

/** A workspace's subscriptions, newest first. */
export function selectWebhookSubscriptions(prisma: PrismaTx, workspaceId: string): Promise<WebhookSubscription[]> {
  return prisma.webhookSubscription.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** One subscription, only if it belongs to `workspaceId` when one is given. */
export function selectWebhookSubscription(
  prisma: PrismaTx,
  subscriptionId: string,
  workspaceId?: string,
): Promise<WebhookSubscription | null> {
  return prisma.webhookSubscription.findFirst({
    where: { id: subscriptionId, ...(workspaceId ? { workspaceId } : {}) },
  });
}

/** The fields an owner edits in place (the active switch has its own, `updateWebhookSubscriptionActive`). */
export interface WebhookSubscriptionEdit {
  url?: string;
  events?: EventType[];
  maxDeliveriesPerSecond?: number | null;
}

/** Not async: the returned Prisma promise can join a batch `$transaction`. */
export function updateWebhookSubscriptionFields(
  prisma: PrismaTx,
  subscriptionId: string,
  edit: WebhookSubscriptionEdit,
): Prisma.PrismaPromise<WebhookSubscription> {
  return prisma.webhookSubscription.update({ where: { id: subscriptionId }, data: edit });
}

/** Not async: the returned Prisma promise can join a batch `$transaction`. */
export function updateWebhookSubscriptionActive(
  prisma: PrismaTx,
  subscriptionId: string,
  isActive: boolean,
): Prisma.PrismaPromise<WebhookSubscription> {
  // Enabling starts afresh: no failure run, no automatic disable on record.
  const data = isActive ? { isActive, failingSince: null, disabledAt: null, disabledReason: null, ownersNotifiedAt: null } : { isActive };
  return prisma.webhookSubscription.update({ where: { id: subscriptionId }, data });
}

/** A subscription the service disabled by itself, as its owners are told about it. */
export interface AutoDisabledSubscription {
  id: string;
  workspaceId: string;
  url: string;
  failingSince: Date;
  disabledAt: Date;
  disabledReason: string;
}

/**
 * Disables every active subscription whose automatic attempts have all failed since before
 * `failingBefore`, recording when and why; answers them. Each row changes once, however many
 * processes run this at the same time.
 */
export function disableSubscriptionsFailingSince(
  prisma: PrismaTx,
  failingBefore: Date,
  now: Date,
  reason: string,
): Promise<AutoDisabledSubscription[]> {
  return prisma.$queryRaw<AutoDisabledSubscription[]>`
    UPDATE webhook_subscriptions
       SET "isActive" = false, "disabledAt" = ${now}, "disabledReason" = ${reason}
     WHERE "isActive" AND "failingSince" < ${failingBefore}
    RETURNING id, "workspaceId", url, "failingSince", "disabledAt", "disabledReason"`;
}

/**
 * Disables one active subscription because its endpoint said so (`410 Gone`), recording when and
 * why as an automatic disable is, so its owners are told the same way; null when it was not
 * active (already disabled, or gone). A subscription disabled before its first failed automatic
 * attempt was recorded counts as failing from now.
 */
export async function markWebhookSubscriptionDisabled(
  prisma: PrismaTx,
  subscriptionId: string,
  now: Date,
  reason: string,
): Promise<AutoDisabledSubscription | null> {
  const rows = await prisma.$queryRaw<AutoDisabledSubscription[]>`
    UPDATE webhook_subscriptions
       SET "isActive" = false, "disabledAt" = ${now}, "disabledReason" = ${reason}, "failingSince" = COALESCE("failingSince", ${now})
     WHERE id = ${subscriptionId} AND "isActive"
    RETURNING id, "workspaceId", url, "failingSince", "disabledAt", "disabledReason"`;
  return rows[0] ?? null;
}

/**
 * Takes up to `limit` automatically disabled subscriptions whose owners were not told yet,
 * marking them told; rows another process is taking are skipped, so each is taken once.
 */
export function takeSubscriptionsToNotify(prisma: PrismaTx, now: Date, limit: number): Promise<AutoDisabledSubscription[]> {
  return prisma.$queryRaw<AutoDisabledSubscription[]>`
    UPDATE webhook_subscriptions SET "ownersNotifiedAt" = ${now}
     WHERE id IN (SELECT id FROM webhook_subscriptions
                   WHERE NOT "isActive" AND "disabledAt" IS NOT NULL AND "ownersNotifiedAt" IS NULL
                   ORDER BY "disabledAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, "workspaceId", url, "failingSince", "disabledAt", "disabledReason"`;
}

/** Gives back taken subscriptions whose owners could not be told, to try again later. */
export async function untakeSubscriptionsToNotify(prisma: PrismaTx, subscriptionIds: readonly string[]): Promise<void> {
  await prisma.webhookSubscription.updateMany({ where: { id: { in: [...subscriptionIds] } }, data: { ownersNotifiedAt: null } });
}

export async function deleteWebhookSubscriptionById(prisma: PrismaTx, subscriptionId: string): Promise<void> {
  await prisma.webhookSubscription.delete({ where: { id: subscriptionId } });
}

/**
 * The active subscriptions of `workspaceId` that list `received` (an inbound record's fan-out),
 * on pg: it runs in the transaction that stores the record.
 */
export async function selectActiveSubscriptionsForReceived(db: Queryable, workspaceId: string): Promise<Array<{ id: string }>> {
  const { rows } = await db.query(
    `SELECT id FROM webhook_subscriptions WHERE "workspaceId" = $1 AND "isActive" AND 'received' = ANY (events) ORDER BY id`,
    [workspaceId],
  );
  return rows as Array<{ id: string }>;
}

/** The workspace a subscription belongs to (the audit log names it for a change made by id alone), or null. */
export async function selectWebhookSubscriptionWorkspaceId(db: Queryable, subscriptionId: string): Promise<string | null> {
  const { rows } = await db.query(`SELECT "workspaceId" FROM webhook_subscriptions WHERE id = $1`, [subscriptionId]);
  return (rows[0] as { workspaceId: string } | undefined)?.workspaceId ?? null;
}
