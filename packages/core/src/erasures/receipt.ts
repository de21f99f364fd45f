/**
 * What an erasure removed and rewrote, by table, and the object-store files it deleted. Every
 * batch adds its counts in the transaction that did the work, so the counts are exact however
 * often the run stopped and went on.
 */
export const REMOVED_TABLES = [
  "emails",
  "email_events",
  "webhook_deliveries",
  "webhook_attempts",
  "email_attachments",
  "idempotency_keys",
  "inbound_emails",
  "inbound_attachments",
  "test_recipients",
] as const;
/** Rows kept with the erased addresses replaced by their tokens (the other recipients' emails, suppressions). */
export const REDACTED_TABLES = ["emails", "email_events", "webhook_deliveries", "webhook_attempts", "suppressions"] as const;

export type RemovedTable = (typeof REMOVED_TABLES)[number];
export type RedactedTable = (typeof REDACTED_TABLES)[number];

export interface ErasureReceipt {
  removed: Record<RemovedTable, number>;
  redacted: Record<RedactedTable, number>;
  /** Object-store files (attachments, raw received messages) deleted; 0 with files in PostgreSQL. */
  objectsDeleted: number;
}

export interface ReceiptDelta {
  removed?: Partial<Record<RemovedTable, number>>;
  redacted?: Partial<Record<RedactedTable, number>>;
  objectsDeleted?: number;
}

export function emptyReceipt(): ErasureReceipt {
  return {
    removed: Object.fromEntries(REMOVED_TABLES.map((table) => [table, 0])) as Record<RemovedTable, number>,
    redacted: Object.fromEntries(REDACTED_TABLES.map((table) => [table, 0])) as Record<RedactedTable, number>,
    objectsDeleted: 0,
  };
}

/** A stored receipt (partial while it was being written by an older version) in full. */
export function receiptOf(stored: unknown): ErasureReceipt {
  const receipt = emptyReceipt();
  const value = (stored ?? {}) as Partial<ErasureReceipt>;
  for (const table of REMOVED_TABLES) receipt.removed[table] = Number(value.removed?.[table] ?? 0);
  for (const table of REDACTED_TABLES) receipt.redacted[table] = Number(value.redacted?.[table] ?? 0);
  receipt.objectsDeleted = Number(value.objectsDeleted ?? 0);
  return receipt;
}

export function addToReceipt(receipt: ErasureReceipt, delta: ReceiptDelta): ErasureReceipt {
  const next = receiptOf(receipt);
  for (const [table, count] of Object.entries(delta.removed ?? {})) next.removed[table as RemovedTable] += count ?? 0;
  for (const [table, count] of Object.entries(delta.redacted ?? {})) next.redacted[table as RedactedTable] += count ?? 0;
  next.objectsDeleted += delta.objectsDeleted ?? 0;
  return next;
}

/** Two batches' counts as one. */
export function mergeDeltas(a: ReceiptDelta, b: ReceiptDelta): ReceiptDelta {
  const sum = <K extends string>(x: Partial<Record<K, number>> = {}, y: Partial<Record<K, number>> = {}) => {
    const out: Partial<Record<K, number>> = { ...x };
    for (const [key, n] of Object.entries(y) as Array<[K, number]>) out[key] = (out[key] ?? 0) + n;
    return out;
  };
  return {
    removed: sum(a.removed, b.removed),
    redacted: sum(a.redacted, b.redacted),
    objectsDeleted: (a.objectsDeleted ?? 0) + (b.objectsDeleted ?? 0),
  };
}

/** Every row and file the erasure removed or rewrote. */
export function receiptTotal(receipt: ErasureReceipt): number {
  return (
    Object.values(receipt.removed).reduce((sum, n) => sum + n, 0) +
    Object.values(receipt.redacted).reduce((sum, n) => sum + n, 0) +
    receipt.objectsDeleted
  );
}
