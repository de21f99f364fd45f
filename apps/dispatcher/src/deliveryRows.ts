import { DISABLED_DELIVERY_ERROR, sqlPool, type SqlClient } from "@svc/core";
import type { DbHandle, DeliveryStatus, EventType } from "@svc/db";

/**
 * The dispatcher's reads and writes of one delivery at a time, in raw SQL (through Prisma they
 * cost most of the dispatcher's CPU; bench/, BENCHMARKS.md): manual attempts and the rare paths.
 * An automatic attempt's claim and record are batched across jobs (claims.ts, record.ts).
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
  /** The delivery's new state; null leaves it as it is (an attempt whose claim was lost). */
  next: { status: DeliveryStatus; firstAttemptAt: Date | null; nextAttemptAt: Date | null; completedAt: Date | null } | null;
}

const INSERT_NUMBERED_AFTER = `
     INSERT INTO webhook_attempts (id, "deliveryId", number, manual, "startedAt", "durationMs", "statusCode", "responseExcerpt", error)
     SELECT $2, $1, updated."attemptCount", $3, $4, $5, $6, $7, $8 FROM updated`;

/** One statement: the delivery's new state (if any) and the attempt row numbered after it. */
export async function writeAttempt(client: SqlClient, record: AttemptRecord): Promise<void> {
  const attempt = [
    record.deliveryId,
    record.attemptId,
    record.manual,
    record.startedAt,
    record.durationMs,
    record.statusCode,
    record.responseExcerpt,
    record.error,
  ];
  if (!record.next) {
    await client.query(`WITH updated AS (UPDATE webhook_deliveries SET "attemptCount" = "attemptCount" + 1 WHERE id = $1 RETURNING "attemptCount")${INSERT_NUMBERED_AFTER}`, attempt);
    return;
  }
  await client.query(
    `WITH updated AS (
       UPDATE webhook_deliveries
          SET "attemptCount" = "attemptCount" + 1, status = $9::"DeliveryStatus", "firstAttemptAt" = $10,
              "nextAttemptAt" = $11, "completedAt" = $12, "lastStatusCode" = $6, "lastError" = $8
        WHERE id = $1
        RETURNING "attemptCount")${INSERT_NUMBERED_AFTER}`,
    [...attempt, record.next.status, record.next.firstAttemptAt, record.next.nextAttemptAt, record.next.completedAt],
  );
}
