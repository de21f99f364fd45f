import { bareAddress } from "../addresses/parse.ts";

export interface RecipientSplit {
  allowed: string[];
  dropped: string[];
}

/** Keeps the recipients whose bare address (lower-cased, as test recipients are stored) is in `verified`, in their original form. */
export function splitRecipients(to: string[], verified: ReadonlySet<string>): RecipientSplit {
  const split: RecipientSplit = { allowed: [], dropped: [] };
  for (const recipient of to) (verified.has(bareAddress(recipient)) ? split.allowed : split.dropped).push(recipient);
  return split;
}

/** Which of the addresses (bare, lower-cased) are pre-verified test recipients of the workspace. */
export type PreVerifiedLookup = (workspaceId: string, addresses: string[]) => Promise<string[]>;

/**
 * A test key delivers only to the workspace's pre-verified test recipients: the rest are dropped
 * before the handoff.
 */
export async function filterTestRecipients(preVerified: PreVerifiedLookup, workspaceId: string, to: string[]): Promise<RecipientSplit> {
  return splitRecipients(to, new Set(await preVerified(workspaceId, to.map(bareAddress))));
}
