import { randomBytes } from "node:crypto";
import type { DbHandle } from "@svc/db";
import { createProducerConnection, Producer } from "@svc/queues";
import { typedPool } from "./environment.ts";

/**
 * `count` pending webhook deliveries for one subscription, each with the email and event it is
 * about, written in bulk with generate_series (one statement per table). Ids are time ids of now,
 * the event's and delivery's carrying their email's time part, as the service mints them (so the
 * rows land in this month's partitions). The body is built the way buildDeliveryBody builds it
 * (same keys, same order). Returns the delivery ids.
 */
export async function createPendingDeliveries(
  handle: DbHandle,
  input: { workspaceId: string; apiKeyId: string; subscriptionId: string; count: number },
): Promise<string[]> {
  // The time part of every id of the batch, then 8 characters of the batch and 8 of the row.
  const tag = randomBytes(4).toString("hex");
  const client = await handle.pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, text, status, "sentAt")
       SELECT 'email_' || svc_id_time_part(now()) || $3 || lpad(i::text, 8, '0'), $1, $2, 'live', 'Bench <bench@bench.example.com>',
              ARRAY['someone@example.com'], 'Dispatch bench ' || i, 'Hello', 'delivered', now()
       FROM generate_series(1, $4::int) AS i`,
      [input.workspaceId, input.apiKeyId, tag, input.count],
    );
    await client.query(
      `INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey")
       SELECT 'evt_' || svc_id_time_part(now()) || $1 || lpad(i::text, 8, '0'), 'email_' || svc_id_time_part(now()) || $1 || lpad(i::text, 8, '0'), 'delivered', now(),
              '{"eventType":"Delivery"}', 'bench:' || $1 || ':' || i
       FROM generate_series(1, $2::int) AS i`,
      [tag, input.count],
    );
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "eventType", body, status, "nextAttemptAt", "createdAt")
       SELECT d.id, $1, d.event_id, 'delivered',
              json_build_object('id', d.id, 'type', 'email.event', 'createdAt', d.at,
                'data', json_build_object('emailId', d.email_id,
                  'event', json_build_object('eventId', d.event_id, 'type', 'delivered', 'eventTimestamp', d.at)))::text,
              'pending', now(), now()
       FROM (SELECT 'wd_' || svc_id_time_part(now()) || $2 || lpad(i::text, 8, '0') AS id,
                    'evt_' || svc_id_time_part(now()) || $2 || lpad(i::text, 8, '0') AS event_id,
                    'email_' || svc_id_time_part(now()) || $2 || lpad(i::text, 8, '0') AS email_id,
                    to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
             FROM generate_series(1, $3::int) AS i) AS d
       RETURNING id`,
      [input.subscriptionId, tag, input.count],
    );
    await client.query("COMMIT");
    return inserted.rows.map((row) => row.id);
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

/** Enqueues delivery jobs the way the ingester does (job id = delivery id, the queue's own options). */
export async function enqueueDeliveries(redisUrl: string, prefix: string, deliveryIds: string[]): Promise<void> {
  const redis = createProducerConnection(redisUrl);
  const producer = new Producer("webhookDelivery", redis, prefix);
  try {
    for (let i = 0; i < deliveryIds.length; i += 1000) {
      await producer.enqueueMany(deliveryIds.slice(i, i + 1000).map((id) => ({ jobId: id, payload: { deliveryId: id } })));
    }
  } finally {
    await producer.close();
    redis.disconnect();
  }
}

/** Deliveries of these ids by status. */
export async function deliveryStatuses(handle: DbHandle, ids: string[]): Promise<Record<string, number>> {
  const result = await typedPool(handle).query<{ status: string; n: string }>(
    `SELECT status::text AS status, count(*) AS n FROM webhook_deliveries WHERE id = ANY($1::text[]) GROUP BY 1`,
    [ids],
  );
  return Object.fromEntries(result.rows.map((row) => [row.status, Number(row.n)]));
}
