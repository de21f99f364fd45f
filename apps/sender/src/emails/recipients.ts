import { sqlPool } from "@svc/core";
import type { DbHandle } from "@svc/db";

/** The bare address of "Name <a@b>" or "a@b", lower-cased: test recipients are stored that way. */
export function addressOf(recipient: string): string {
  const bracketed = /<([^<>]+)>\s*$/.exec(recipient);
  return (bracketed?.[1] ?? recipient).trim().toLowerCase();
}

export interface RecipientSplit {
  allowed: string[];
  dropped: string[];
}

/** Keeps the recipients whose address is in `verified` (lower-cased), in their original form. */
export function splitRecipients(to: string[], verified: ReadonlySet<string>): RecipientSplit {
  const split: RecipientSplit = { allowed: [], dropped: [] };
  for (const recipient of to) (verified.has(addressOf(recipient)) ? split.allowed : split.dropped).push(recipient);
  return split;
}

/**
 * A test key delivers only to the workspace's pre-verified test recipients (spec §5.3): the rest
 * are dropped before the handoff.
 */
export async function filterTestRecipients(db: DbHandle, workspaceId: string, to: string[]): Promise<RecipientSplit> {
  const { rows } = await sqlPool(db).query<{ email: string }>(
    `SELECT email FROM test_recipients WHERE "workspaceId" = $1 AND email = ANY ($2::text[])`,
    [workspaceId, [...new Set(to.map(addressOf))]],
  );
  return splitRecipients(to, new Set(rows.map((row) => row.email.toLowerCase())));
}
