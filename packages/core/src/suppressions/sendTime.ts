import type { SuppressionReason } from "@svc/db";
import { isErasureToken } from "../erasures/tokens.ts";
import { suppressionKey } from "./address.ts";

/** Why the sender drops a recipient: an entry of the suppression list, or an unsubscribe from the email's topic. */
export type DropReason = SuppressionReason | "unsubscribed";

/** A recipient the sender dropped, as recorded on the email and in its `rejected` event. */
export interface SuppressedRecipient {
  address: string;
  reason: DropReason;
}

/** The email's recipient fields: the suppression list applies to each of them alike. */
const RECIPIENT_FIELDS = ["to", "cc", "bcc"] as const;
type RecipientField = (typeof RECIPIENT_FIELDS)[number];
export type Recipients = Record<RecipientField, string[]>;

/** Every recipient's suppression key (bare, lower-cased), across all fields: what to look up. */
export function suppressionKeysOf(recipients: Recipients): string[] {
  const keys = new Set<string>();
  for (const field of RECIPIENT_FIELDS)
    for (const recipient of recipients[field]) {
      const key = suppressionKey(recipient);
      if (key) keys.add(key);
    }
  return [...keys];
}

/**
 * Drops every recipient whose address `active` suppresses, from every field; answers the rest in
 * their original form, and what was dropped (each address once). An erased recipient's token
 * (an email queued before the erasure, kept for its other recipients) is dropped as a manual
 * suppression: it stands for a person who asked to be forgotten, and `.invalid` cannot be mailed.
 */
export function dropSuppressed(
  recipients: Recipients,
  active: ReadonlyMap<string, DropReason>,
): { kept: Recipients; dropped: SuppressedRecipient[]; remaining: number } {
  const dropped = new Map<string, DropReason>();
  const kept = {} as Recipients;
  let remaining = 0;
  for (const field of RECIPIENT_FIELDS) {
    kept[field] = recipients[field].filter((recipient) => {
      const key = suppressionKey(recipient);
      const reason = key === null ? undefined : (active.get(key) ?? (isErasureToken(key) ? "manual" : undefined));
      if (reason === undefined) return true;
      dropped.set(key!, reason);
      return false;
    });
    remaining += kept[field].length;
  }
  return { kept, dropped: [...dropped].map(([address, reason]) => ({ address, reason })), remaining };
}

/** `a@x (complaint), b@y (hard_bounce)`. */
export function describeSuppressed(dropped: readonly SuppressedRecipient[]): string {
  return dropped.map(({ address, reason }) => `${address} (${reason})`).join(", ");
}
