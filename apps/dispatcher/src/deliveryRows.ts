import { DISABLED_DELIVERY_ERROR, sqlPool, type SqlClient } from "@svc/core";
import type { DbHandle, DeliveryStatus, EventType } from "@svc/db";

/**
 * The dispatcher's reads and writes of one delivery, in raw SQL: they run for every attempt,
 * and through Prisma they cost most of the dispatcher's CPU (bench/, BENCHMARKS.md).
 */
export interface DeliveryToSend {
  id: string;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  body: string;
  eventType: EventType;
  subscriptionId: string;
  url: string;
  isActive: boolean;
  secretEncrypted: string;
}

export async function loadDelivery(db: DbHandle, deliveryId: string): Promise<DeliveryToSend | null> {
  const { rows } = await sqlPool(db).query<DeliveryToSend>(
    `SELECT d.id, d.status, d."nextAttemptAt", d.body, d."eventType", d."subscriptionId",
            s.url, s."isActive", s."secretEncrypted"
       FROM webhook_deliveries d
       JOIN webhook_subscriptions s ON s.id = d."subscriptionId"
      WHERE d.id = $1`,
    [deliveryId],
  );
  return rows[0] ?? null;
}

/** A pending delivery of a disabled subscription stops for good. */
export async function stopForDisabledSubscription(db: DbHandle, deliveryId: string): Promise<void> {
  await sqlPool(db).query(
    `UPDATE webhook_deliveries
        SET status = 'failed', "nextAttemptAt" = NULL, "completedAt" = now(), "lastError" = $2
      WHERE id = $1 AND status = 'pending'`,
    [deliveryId, DISABLED_DELIVERY_ERROR],
  );
}

/**
 * Claims the attempt: pushes nextAttemptAt out to `leaseUntil`, only if the delivery is pending
 * and due at `now`. Null when it was not claimable, with the row's current state to act on.
 */
export async function claimAttempt(
  db: DbHandle,
  deliveryId: string,
  now: Date,
  leaseUntil: Date,
): Promise<{ claimed: true } | { claimed: false; current: { status: DeliveryStatus; nextAttemptAt: Date | null } | null }> {
  const pool = sqlPool(db);
  const { rowCount } = await pool.query(
    `UPDATE webhook_deliveries SET "nextAttemptAt" = $3
      WHERE id = $1 AND status = 'pending' AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" <= $2)`,
    [deliveryId, now, leaseUntil],
  );
  if ((rowCount ?? 0) > 0) return { claimed: true };
  const { rows } = await pool.query<{ status: DeliveryStatus; nextAttemptAt: Date | null }>(
    `SELECT status, "nextAttemptAt" FROM webhook_deliveries WHERE id = $1`,
    [deliveryId],
  );
  return { claimed: false, current: rows[0] ?? null };
}

export interface DeliveryScheduleState {
  status: DeliveryStatus;
  firstAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  completedAt: Date | null;
  /** Automatic (not manual) attempts recorded so far. */
  automaticAttempts: number;
}

/** Locks the delivery row for the rest of the transaction and reads what the policy needs. */
export async function lockScheduleState(client: SqlClient, deliveryId: string): Promise<DeliveryScheduleState | null> {
  const { rows } = await client.query<DeliveryScheduleState>(
    `SELECT d.status, d."firstAttemptAt", d."nextAttemptAt", d."completedAt",
            (SELECT count(*)::int FROM webhook_attempts a WHERE a."deliveryId" = d.id AND NOT a.manual) AS "automaticAttempts"
       FROM webhook_deliveries d
      WHERE d.id = $1
        FOR UPDATE OF d`,
    [deliveryId],
  );
  return rows[0] ?? null;
}

export interface AttemptRecord {
  attemptId: string;
  deliveryId: string;
  manual: boolean;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  next: { status: DeliveryStatus; firstAttemptAt: Date | null; nextAttemptAt: Date | null; completedAt: Date | null };
}

/** One statement: the delivery's new state and the attempt row numbered after it. */
export async function writeAttempt(client: SqlClient, record: AttemptRecord): Promise<void> {
  await client.query(
    `WITH updated AS (
       UPDATE webhook_deliveries
          SET "attemptCount" = "attemptCount" + 1, status = $2::"DeliveryStatus", "firstAttemptAt" = $3,
              "nextAttemptAt" = $4, "completedAt" = $5, "lastStatusCode" = $6, "lastError" = $7
        WHERE id = $1
        RETURNING "attemptCount")
     INSERT INTO webhook_attempts (id, "deliveryId", number, manual, "startedAt", "durationMs", "statusCode", "responseExcerpt", error)
     SELECT $8, $1, updated."attemptCount", $9, $10, $11, $6, $12, $7 FROM updated`,
    [
      record.deliveryId,
      record.next.status,
      record.next.firstAttemptAt,
      record.next.nextAttemptAt,
      record.next.completedAt,
      record.statusCode,
      record.error,
      record.attemptId,
      record.manual,
      record.startedAt,
      record.durationMs,
      record.responseExcerpt,
    ],
  );
}
