import type { DbHandle } from "@svc/db";
import { planEvents, scenarioKey } from "../packages/providers/src/simulator/scenarios.ts";

/** The status each simulator scenario ends in (scenarios.ts; `failed` for a rendering failure). */
const FINAL_STATUS: Record<string, string> = {
  bounce: "bounced",
  suppressionlist: "bounced",
  complaint: "complained",
  delay: "delivery_delayed",
  reject: "rejected",
  renderfail: "failed",
};

export interface Outcome {
  settled: boolean;
  summary: {
    storedEmails: number;
    /** Accepted emails not (yet) in their expected status or missing some of their planned events. */
    lost: number;
    /** Emails whose events name more than one provider message id: handed to the simulator twice. */
    handedOffTwice: number;
    /** Events beyond the plan of their message. */
    duplicateEvents: number;
    storedEvents: number;
    /** Stored events with no delivery row, or whose delivery the receiver never got with a valid signature. */
    missingWebhookDeliveries: number;
    /** Deliveries the receiver got more than once (allowed: at-least-once), for information. */
    webhooksReceivedMoreThanOnce: number;
  };
  examples: string[];
}

interface Row {
  id: string;
  to: string[];
  status: string;
  events: string[] | null;
  message_ids: string[] | null;
}

/** What Postgres and the receiver say about every email of the workspace. */
export async function checkOutcome(db: DbHandle, workspaceId: string, receiver: { deliveries: Map<string, number> }): Promise<Outcome> {
  const { rows } = await db.pool.query(
    `SELECT e.id, e."to", e.status,
            array_agg(ev.type::text) FILTER (WHERE ev.id IS NOT NULL) AS events,
            array_agg(DISTINCT ev."payloadJson"::json->'mail'->>'messageId') FILTER (WHERE ev.id IS NOT NULL) AS message_ids
       FROM emails e LEFT JOIN email_events ev ON ev."emailId" = e.id
      WHERE e."organizationId" = $1
      GROUP BY e.id`,
    [workspaceId],
  );
  const examples: string[] = [];
  let lost = 0;
  let twice = 0;
  let duplicates = 0;
  let events = 0;
  for (const row of rows as Row[]) {
    const plan = planEvents(row.to);
    const key = scenarioKey(row.to[0]!);
    const expected = FINAL_STATUS[key] ?? "delivered";
    const stored = row.events ?? [];
    events += stored.length;
    if ((row.message_ids ?? []).length > 1) {
      twice += 1;
      examples.push(`${row.id} (${key}) handed off twice: message ids ${row.message_ids!.join(", ")}`);
    } else if (stored.length > plan.length) {
      duplicates += stored.length - plan.length;
      examples.push(`${row.id} (${key}) has ${stored.length} events for ${plan.length} planned: ${stored.join(", ")}`);
    }
    if (row.status !== expected || stored.length < plan.length) {
      lost += 1;
      if (examples.length < 50)
        examples.push(`${row.id} (${key}) is ${row.status} with events [${stored.join(", ")}], expected ${expected} with ${plan.length}`);
    }
  }
  const { rows: deliveryRows } = await db.pool.query(
    `SELECT ev.id AS event_id, d.id AS delivery_id
       FROM email_events ev JOIN emails e ON e.id = ev."emailId"
       LEFT JOIN webhook_deliveries d ON d."eventId" = ev.id
      WHERE e."organizationId" = $1`,
    [workspaceId],
  );
  let missing = 0;
  let more = 0;
  for (const row of deliveryRows as Array<{ event_id: string; delivery_id: string | null }>) {
    const got = row.delivery_id ? (receiver.deliveries.get(row.delivery_id) ?? 0) : 0;
    if (got === 0) {
      missing += 1;
      if (examples.length < 50) examples.push(`event ${row.event_id}: delivery ${row.delivery_id ?? "(none)"} not received`);
    }
    if (got > 1) more += 1;
  }
  return {
    settled: lost === 0 && missing === 0,
    summary: {
      storedEmails: rows.length,
      lost,
      handedOffTwice: twice,
      duplicateEvents: duplicates,
      storedEvents: events,
      missingWebhookDeliveries: missing,
      webhooksReceivedMoreThanOnce: more,
    },
    examples,
  };
}
