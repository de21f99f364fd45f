import { newId, newTimeId } from "@svc/db";
import type { Pool } from "pg";

/**
 * Rows about people, written straight into the tables (many at a time) for the erasure tests and
 * benchmark: emails with one event each, that event's webhook delivery and its attempt, and
 * received messages. Every row names its recipients in the places the service writes them
 * (recipient lists, event payloads, webhook bodies).
 */

export interface SeedWorkspace {
  workspaceId: string;
  apiKeyId: string;
}

export interface SeededEmails {
  emailIds: string[];
  eventIds: string[];
  deliveryIds: string[];
  attemptIds: string[];
}

/** A webhook subscription for the workspace's seeded deliveries. */
export async function seedSubscription(pool: Pool, workspaceId: string): Promise<string> {
  const id = newId("webhook");
  await pool.query(
    `INSERT INTO webhook_subscriptions (id, "workspaceId", url, events, "secretEncrypted") VALUES ($1, $2, 'https://hooks.example.net/in', '{delivered}', 'sealed')`,
    [id, workspaceId],
  );
  return id;
}

/**
 * `count` sent emails to `to` (and `cc`), each with a `delivered` event whose payload names every
 * recipient, a succeeded delivery of it to `subscriptionId` and one attempt whose answer names them
 * too. Written `chunk` emails a statement.
 */
export async function seedEmails(
  pool: Pool,
  workspace: SeedWorkspace,
  options: { to: string[]; cc?: string[]; count: number; subscriptionId: string; chunk?: number; status?: string },
): Promise<SeededEmails> {
  const seeded: SeededEmails = { emailIds: [], eventIds: [], deliveryIds: [], attemptIds: [] };
  const chunk = options.chunk ?? 5_000;
  const recipients = [...options.to, ...(options.cc ?? [])];
  const payload = JSON.stringify({ eventType: "Delivery", mail: { destination: recipients }, delivery: { recipients } });
  for (let done = 0; done < options.count; done += chunk) {
    const n = Math.min(chunk, options.count - done);
    const emailIds = Array.from({ length: n }, () => newTimeId("email"));
    const eventIds = Array.from({ length: n }, () => newTimeId("event"));
    const deliveryIds = Array.from({ length: n }, () => newTimeId("delivery"));
    const attemptIds = Array.from({ length: n }, () => newTimeId("attempt"));
    await pool.query(
      `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", cc, subject, text, status, provider, "sentAt", "lastActivityAt")
       SELECT id, $2, $3, 'live', 'Acme <hello@acme.test>', $4::text[], $5::text[], 'Your order', 'Hi ' || $6, $7::"EmailStatus", 'ses', now(), now()
         FROM unnest($1::text[]) AS id`,
      [emailIds, workspace.workspaceId, workspace.apiKeyId, options.to, options.cc ?? [], recipients.join(", "), options.status ?? "sent"],
    );
    await pool.query(
      `INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey")
       SELECT e.id, e."emailId", 'delivered', now(), $3, 'seed:' || e.id FROM unnest($1::text[], $2::text[]) AS e(id, "emailId")`,
      [eventIds, emailIds, payload],
    );
    await pool.query(
      `INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "eventType", body, status, "attemptCount", "completedAt")
       SELECT d.id, $3, d."eventId", 'delivered', json_build_object('id', d.id, 'data', json_build_object('event', $4::json))::text,
              'succeeded', 1, now()
         FROM unnest($1::text[], $2::text[]) AS d(id, "eventId")`,
      [deliveryIds, eventIds, options.subscriptionId, payload],
    );
    await pool.query(
      `INSERT INTO webhook_attempts (id, "deliveryId", number, "startedAt", "durationMs", "statusCode", "responseExcerpt")
       SELECT a.id, a."deliveryId", 1, now(), 12, 200, 'received for ' || $3 FROM unnest($1::text[], $2::text[]) AS a(id, "deliveryId")`,
      [attemptIds, deliveryIds, recipients.join(", ")],
    );
    seeded.emailIds.push(...emailIds);
    seeded.eventIds.push(...eventIds);
    seeded.deliveryIds.push(...deliveryIds);
    seeded.attemptIds.push(...attemptIds);
  }
  return seeded;
}

/**
 * `count` received messages from `from` to `to` (an address of the workspace), with their raw
 * bytes and `attachments` files in the object store (`inStore`: the row's raw is null) or in
 * PostgreSQL, and a `received` delivery with one attempt each.
 */
export async function seedInbound(
  pool: Pool,
  workspaceId: string,
  options: { from: string; to: string; count: number; attachments: number; inStore: boolean; subscriptionId: string },
): Promise<{ inboundIds: string[]; deliveryIds: string[] }> {
  const inboundIds = Array.from({ length: options.count }, () => newTimeId("inbound"));
  const deliveryIds = Array.from({ length: options.count }, () => newTimeId("delivery"));
  const attachments = JSON.stringify(
    Array.from({ length: options.attachments }, (_, n) => ({ filename: `file-${n}.txt`, contentType: "text/plain", size: 5 })),
  );
  await pool.query(
    `INSERT INTO inbound_emails (id, "workspaceId", source, "mailFrom", "rcptTo", "from", "to", subject, text, attachments, raw, size, "receivedAt")
     SELECT id, $2, 'mx', $3, ARRAY[$4], $3, json_build_array($4)::jsonb, 'Question', 'Hello', $5::jsonb,
            CASE WHEN $6 THEN NULL ELSE convert_to('From: ' || $3, 'UTF8') END, 100, now()
       FROM unnest($1::text[]) AS id`,
    [inboundIds, workspaceId, options.from, options.to, attachments, options.inStore],
  );
  if (!options.inStore && options.attachments > 0) {
    await pool.query(
      `INSERT INTO inbound_attachments ("inboundEmailId", position, content)
       SELECT id, p, convert_to('hello', 'UTF8') FROM unnest($1::text[]) AS id, generate_series(0, $2 - 1) AS p`,
      [inboundIds, options.attachments],
    );
  }
  await pool.query(
    `INSERT INTO webhook_deliveries (id, "subscriptionId", "inboundEmailId", "eventType", body, status, "attemptCount", "completedAt")
     SELECT d.id, $3, d.inbound, 'received', json_build_object('from', $4::text)::text, 'succeeded', 1, now()
       FROM unnest($1::text[], $2::text[]) AS d(id, inbound)`,
    [deliveryIds, inboundIds, options.subscriptionId, options.from],
  );
  await pool.query(
    `INSERT INTO webhook_attempts (id, "deliveryId", number, "startedAt", "durationMs", "statusCode")
     SELECT 'wa_' || substr(d, 4), d, 1, now(), 10, 200 FROM unnest($1::text[]) AS d`,
    [deliveryIds],
  );
  return { inboundIds, deliveryIds };
}
