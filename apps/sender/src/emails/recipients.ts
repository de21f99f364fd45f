import { bareAddress, preVerifiedRecipients, sqlPool } from "@svc/core";
import type { DbHandle } from "@svc/db";

/** The bare address of "Name <a@b>" or "a@b", lower-cased: test recipients are stored that way. */
export function addressOf(recipient: string): string {
  return bareAddress(recipient);
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
 * A test key delivers only to the workspace's pre-verified test recipients: the rest are dropped
 * before the handoff.
 */
export async function filterTestRecipients(db: DbHandle, workspaceId: string, to: string[]): Promise<RecipientSplit> {
  return splitRecipients(to, new Set(await preVerifiedRecipients(sqlPool(db), workspaceId, to.map(addressOf))));
}
