import { newTimeId } from "@svc/db";
import type { Queryable } from "../sql.ts";
import { insertAuditLogRow } from "../stores/auditLog.ts";
import type { AuditAction } from "./actions.ts";

/**
 * Who made a change: a signed-in person (their user id), an API key (its record id, never the
 * key), an operator at the CLI (the operating-system account that ran it), or nobody yet known (a
 * failed sign-in).
 */
export type AuditActor =
  | { type: "user"; id: string }
  | { type: "api_key"; id: string }
  | { type: "operator"; id: string }
  | { type: "anonymous"; id: null };

export interface AuditEntry {
  /** null: an install-wide entry (operator grants, failed sign-ins), seen by operators only. */
  workspaceId: string | null;
  actor: AuditActor;
  /** The client's address (REST, dashboard) or `cli@<host>`. */
  source: string | null;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  /** The changed fields with their new values; secrets are recorded as "[changed]" (see redactChanges). */
  changes?: Record<string, unknown>;
  at?: Date;
}

/** What a secret's new value is recorded as. */
export const SECRET_CHANGED = "[changed]";

/**
 * Field names whose values are secrets: key material, signing secrets, passwords, tokens, private
 * keys. Matched case-insensitively anywhere in the name, at any depth.
 */
const SECRET_FIELD = /secret|password|passphrase|token|private|credential|plaintext|^key$|apikey$|hash/i;

/** The longest string value kept; longer ones are cut (an audit entry records what changed, not bodies). */
const MAX_VALUE_LENGTH = 500;
/** Fields kept per object and items per array. */
const MAX_FIELDS = 50;

/**
 * A URL without what may be a credential: the password of its userinfo and the values of its
 * query (a receiver's token is often there). Anything that does not parse is kept as text.
 */
function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.password) url.password = "redacted";
  for (const name of [...url.searchParams.keys()]) url.searchParams.set(name, "redacted");
  return url.toString();
}

function redactValue(name: string, value: unknown, depth: number): unknown {
  if (SECRET_FIELD.test(name)) return SECRET_CHANGED;
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") {
    const text = /url$/i.test(name) ? redactUrl(value) : value;
    return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
  }
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (depth >= 3) return "[nested]";
  if (Array.isArray(value)) return value.slice(0, MAX_FIELDS).map((item) => redactValue(name, item, depth + 1));
  if (typeof value === "object") return redactObject(value as Record<string, unknown>, depth + 1);
  return String(value);
}

function redactObject(changes: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(changes).slice(0, MAX_FIELDS)) {
    if (value === undefined) continue;
    out[name] = redactValue(name, value, depth);
  }
  return out;
}

/** The changed fields as they are stored: secrets as "[changed]", URLs without credentials, long text cut. */
export function redactChanges(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return redactObject(changes, 0);
}

let lastMs = 0;

/**
 * Now, but never the same millisecond twice in this process: an entry's id carries its time and
 * orders the log, so two changes one request makes within a millisecond keep their order.
 */
function monotonicNow(): Date {
  lastMs = Math.max(Date.now(), lastMs + 1);
  return new Date(lastMs);
}

/**
 * Appends one entry. Pass the transaction's client when the change is one transaction (the entry
 * commits or rolls back with it); otherwise call it right after the change. It throws when the
 * write fails: a caller must let that fail the request (or, the change being committed, log it as
 * an error), never swallow it.
 */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<string> {
  const at = entry.at ?? monotonicNow();
  const id = newTimeId("audit", at);
  await insertAuditLogRow(db, {
    id,
    at,
    workspaceId: entry.workspaceId,
    actorType: entry.actor.type,
    actorId: entry.actor.id,
    source: entry.source?.slice(0, 200) ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    changes: redactChanges(entry.changes),
  });
  return id;
}
