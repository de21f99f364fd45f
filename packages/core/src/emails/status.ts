import type { EmailStatus, EventType } from "@svc/db";

/**
 * The email status machine: every writer of `emails.status` takes its rule from here, either
 * as a function or as the SQL condition generated from the same tables below.
 *
 * Status moves forward only. Rank orders the non-final statuses; a final status is never left.
 * `opened`/`clicked` do not touch the status; `rendering_failed` makes it `failed`. The one
 * move back is the sender giving up its claim for a retry (`sending` → `queued`).
 *
 * `scheduled` comes before the sending pipeline: only SCHEDULE_MOVES leave it (due → `queued`,
 * or `canceled`, which is final) and DOMAIN_MOVES (its from-domain failed). No sender move and no
 * provider event starts from it.
 */
const RANK: Record<EmailStatus, number> = {
  scheduled: -1,
  queued: 0,
  sending: 1,
  sent: 2,
  delivery_delayed: 3,
  delivered: 4,
  complained: 5,
  bounced: 100,
  rejected: 100,
  failed: 100,
  canceled: 100,
};

const FINAL_STATUSES: readonly EmailStatus[] = ["bounced", "rejected", "failed", "canceled"];

const STATUS_FOR_EVENT: Record<EventType, EmailStatus | null> = {
  sent: "sent",
  delivery_delayed: "delivery_delayed",
  delivered: "delivered",
  complained: "complained",
  bounced: "bounced",
  rejected: "rejected",
  rendering_failed: "failed",
  failed: "failed",
  opened: null,
  clicked: null,
  // Inbound mail: a record of its own, never an email's event.
  received: null,
  unsubscribed: null,
};

/** The status `event` moves an email towards, or null for events that leave the status alone. */
export function statusForEvent(event: EventType): EmailStatus | null {
  return STATUS_FOR_EVENT[event];
}

/** Where `status` stands in the forward-only order (a final status ranks above every other). */
export function statusRank(status: EmailStatus): number {
  return RANK[status];
}

/** The status an email should have after `event`, or null to leave it as it is. */
export function nextStatus(current: EmailStatus, event: EventType): EmailStatus | null {
  const target = STATUS_FOR_EVENT[event];
  if (!target || FINAL_STATUSES.includes(current) || current === "scheduled") return null;
  return RANK[target] > RANK[current] ? target : null;
}

/**
 * The non-final statuses of the sending pipeline (from `queued` on) ranked below `target`, lowest
 * first: where a forward move to it starts.
 */
function statusesBelow(target: EmailStatus): EmailStatus[] {
  return (Object.keys(RANK) as EmailStatus[]).filter(
    (status) => !FINAL_STATUSES.includes(status) && RANK[status] >= RANK.queued && RANK[status] < RANK[target],
  );
}

/** A move the sender makes on its own (not caused by a provider event): from any of `from` to `to`. */
export interface EmailMove {
  from: readonly EmailStatus[];
  to: EmailStatus;
}

/**
 * The sender's moves. Its own writes race with provider events (the ingester may record a
 * Delivery before the sender has stored the provider's answer), so each is guarded by `from`.
 */
export const SENDER_MOVES = {
  /** A worker takes the email for one handoff attempt. */
  claim: { from: ["queued"], to: "sending" },
  /** A worker takes over a claim whose lease has passed (its worker died mid-send). */
  reclaim: { from: ["sending"], to: "sending" },
  /** The provider accepted it: forward to `sent` unless an event has already moved it further. */
  accepted: { from: statusesBelow("sent"), to: "sent" },
  /** Never handed off, or refused by the provider: ends as `failed`, only while the sender still owns it. */
  failed: { from: statusesBelow("sent"), to: "failed" },
  /** A transient failure: the claim is given back and the email waits for its retry. */
  released: { from: ["sending"], to: "queued" },
} as const satisfies Record<string, EmailMove>;

/**
 * The moves of a scheduled email, each a conditional UPDATE on `status = 'scheduled'`: whichever
 * of them commits first wins, so a cancel or reschedule racing with the moment the email falls
 * due either happens entirely (the email is never sent) or finds it `queued` and is refused.
 */
export const SCHEDULE_MOVES = {
  /** Its time has come: into the ordinary sending path. */
  due: { from: ["scheduled"], to: "queued" },
  /** Canceled by the client before it fell due. */
  cancel: { from: ["scheduled"], to: "canceled" },
  /** A new time, still before it falls due. */
  reschedule: { from: ["scheduled"], to: "scheduled" },
} as const satisfies Record<string, EmailMove>;

/**
 * A verified domain that fails its re-check ends the emails from it that wait to be sent. One the
 * sender has claimed (`sending`) is left to the sender, whose handoff checks the domain again.
 */
export const DOMAIN_MOVES = {
  failed: { from: ["scheduled", "queued"], to: "failed" },
} as const satisfies Record<string, EmailMove>;

/**
 * Statuses in which an email has not yet left the sending path: retention never deletes these,
 * whatever their age, and `lastActivityAt` is only set once an email is past them.
 */
export const WAITING_TO_SEND: readonly EmailStatus[] = ["scheduled", "queued", "sending"];

/** `column = 'a'` or `column IN ('a', 'b')`: an SQL condition that `column` holds one of `statuses`. */
export function statusInSql(column: string, statuses: readonly EmailStatus[]): string {
  const quoted = statuses.map((status) => `'${status}'`);
  return quoted.length === 1 ? `${column} = ${quoted[0]}` : `${column} IN (${quoted.join(", ")})`;
}

/**
 * `nextStatus` as a SQL condition, for a single guarded UPDATE: true when the email's `status`
 * column is not final and ranks below `targetRankSql` (an expression, e.g. a column holding
 * `statusRank(target)`).
 */
export function statusMayMoveSql(statusColumn: string, targetRankSql: string): string {
  // A scheduled email was never handed off: no provider event can be about it.
  const finals = [...FINAL_STATUSES, "scheduled"].map((status) => `'${status}'`).join(", ");
  const ranks = (Object.keys(RANK) as EmailStatus[]).map((status) => `WHEN '${status}' THEN ${RANK[status]}`).join(" ");
  return `(${statusColumn} NOT IN (${finals}) AND (CASE ${statusColumn} ${ranks} END) < ${targetRankSql})`;
}
