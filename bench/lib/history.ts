import type pg from "pg";

/** Each email of the history has its `sent` and `delivered` events. */
export const EVENTS_PER_EMAIL = 2;

export interface HistoryPlan {
  /** Finished emails to store, created evenly over [from, to). */
  count: number;
  from: Date;
  to: Date;
  /** Keeps two fills' ids apart. */
  tag: string;
  /** Given, each email's `delivered` event also has a delivered webhook to it, with its attempt. */
  subscriptionId?: string;
}

/**
 * Stores the history an install in use has: `count` delivered emails of the workspace with their
 * `sent` and `delivered` events (and webhooks), through SQL, then VACUUM ANALYZE so that the
 * planner knows the tables' sizes.
 *
 * Why the pipeline runs on it: on an empty database each connection plans its statements while
 * the tables are nearly empty, where a scan of the whole table is the cheapest plan, and keeps the
 * plan as the tables grow until autovacuum's ANALYZE replaces it, which a run of a minute never
 * sees. Each event would then read the month's emails whole: a cost no install in use pays.
 */
export async function fillHistory(pool: pg.Pool, workspace: { workspaceId: string; apiKeyId: string }, plan: HistoryPlan): Promise<void> {
  const spreadMs = (plan.to.getTime() - plan.from.getTime()) / plan.count;
  const idRange = `SELECT 'email_' || svc_id_time_part($1::timestamptz) AS low, 'email_' || svc_id_time_part($2::timestamptz) AS high`;
  const { rows } = await pool.query<{ low: string; high: string }>(idRange, [plan.from, plan.to]);
  const [{ low, high }] = rows as [{ low: string; high: string }];
  await pool.query(
    `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, text, status, provider, "createdAt", "sentAt", "lastActivityAt")
     SELECT 'email_' || svc_id_time_part(t) || substr(md5($5 || n), 1, 16), $1, $2, 'live', 'a@example.com', ARRAY['r' || n || '@example.org'],
            'history ' || n, 'body', 'delivered', 'simulator', t, t, t
       FROM generate_series(1, $3::int) AS n, LATERAL (SELECT $4::timestamptz + (n - 1) * $6::float8 * interval '1 millisecond' AS t) AS at`,
    [workspace.workspaceId, workspace.apiKeyId, plan.count, plan.from, plan.tag, spreadMs],
  );
  // The time part of an email's id is its related rows' too: they land in its month's partitions.
  await pool.query(
    `INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey")
     SELECT 'evt_' || substr(e.id, 7, 8) || substr(md5(e.id || k), 1, 16), e.id, (ARRAY['sent', 'delivered'])[k]::"EventType", e."createdAt", '{}', e.id || ':' || k
       FROM emails e, generate_series(1, ${EVENTS_PER_EMAIL}) AS k
      WHERE e.id >= $1 AND e.id < $2 AND e."organizationId" = $3`,
    [low, high, workspace.workspaceId],
  );
  if (plan.subscriptionId) {
    await pool.query(
      `INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "eventType", body, status, "attemptCount", "firstAttemptAt", "createdAt", "completedAt", "lastStatusCode")
       SELECT 'wd_' || substr(v.id, 5, 8) || substr(md5(v.id), 1, 16), $3, v.id, v.type, '{}', 'succeeded', 1, v."eventTimestamp", v."eventTimestamp", v."eventTimestamp", 200
         FROM email_events v JOIN emails e ON e.id = v."emailId"
        WHERE e.id >= $1 AND e.id < $2 AND e."organizationId" = $4 AND v.type = 'delivered'`,
      [low, high, plan.subscriptionId, workspace.workspaceId],
    );
    await pool.query(
      `INSERT INTO webhook_attempts (id, "deliveryId", number, "startedAt", "durationMs", "statusCode")
       SELECT 'wa_' || substr(d.id, 4, 8) || substr(md5(d.id), 1, 16), d.id, 1, d."createdAt", 5, 200
         FROM webhook_deliveries d WHERE d."subscriptionId" = $1`,
      [plan.subscriptionId],
    );
  }
  await pool.query("CHECKPOINT");
  await pool.query("VACUUM ANALYZE emails, email_events, webhook_deliveries, webhook_attempts");
}
