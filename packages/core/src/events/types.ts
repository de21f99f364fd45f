import type { EmailStatus, EventType } from "@svc/db";

export const EVENT_TYPES = [
  "sent",
  "delivered",
  "opened",
  "clicked",
  "bounced",
  "complained",
  "rejected",
  "rendering_failed",
  "delivery_delayed",
] as const satisfies readonly EventType[];

/**
 * Email status moves forward only. Rank orders the non-final statuses; a final status is never
 * left. `opened`/`clicked` do not touch the status; `rendering_failed` makes it `failed`.
 */
const RANK: Record<EmailStatus, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delivery_delayed: 3,
  delivered: 4,
  complained: 5,
  bounced: 100,
  rejected: 100,
  failed: 100,
};

const STATUS_FOR_EVENT: Record<EventType, EmailStatus | null> = {
  sent: "sent",
  delivery_delayed: "delivery_delayed",
  delivered: "delivered",
  complained: "complained",
  bounced: "bounced",
  rejected: "rejected",
  rendering_failed: "failed",
  opened: null,
  clicked: null,
};

export const FINAL_STATUSES: readonly EmailStatus[] = ["bounced", "rejected", "failed"];

/** The status `event` moves an email towards, or null for events that leave the status alone. */
export function statusForEvent(event: EventType): EmailStatus | null {
  return STATUS_FOR_EVENT[event];
}

/** Where `status` stands in the forward-only order (a final status ranks above every other). */
export function statusRank(status: EmailStatus): number {
  return RANK[status];
}

/**
 * `nextStatus` as a SQL condition, for a single guarded UPDATE: true when the email's `status`
 * column is not final and ranks below `targetRankSql` (an expression, e.g. a column holding
 * `statusRank(target)`). Generated from the same table as `nextStatus`.
 */
export function statusMayMoveSql(statusColumn: string, targetRankSql: string): string {
  const finals = FINAL_STATUSES.map((status) => `'${status}'`).join(", ");
  const ranks = (Object.keys(RANK) as EmailStatus[]).map((status) => `WHEN '${status}' THEN ${RANK[status]}`).join(" ");
  return `(${statusColumn} NOT IN (${finals}) AND (CASE ${statusColumn} ${ranks} END) < ${targetRankSql})`;
}

/** The status an email should have after `event`, or null to leave it as it is. */
export function nextStatus(current: EmailStatus, event: EventType): EmailStatus | null {
  const target = STATUS_FOR_EVENT[event];
  if (!target || FINAL_STATUSES.includes(current)) return null;
  return RANK[target] > RANK[current] ? target : null;
}
