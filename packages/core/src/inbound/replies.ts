import type { Db } from "@svc/db";
import { findEmailByProviderMessageIds } from "../stores/emails.ts";

/**
 * The Message-IDs of our sent mail are the provider's: SES writes `<message id>@<region>.amazonses.com`
 * (`email.amazonses.com` in us-east-1) with the id it returns, which the sender stores as the
 * email's `providerMessageId`; the simulator hands out ids of the same shape.
 */
const OUR_MESSAGE_ID = /^<?([^@<>\s]+)@[^@<>\s]*amazonses\.com>?$/i;

/** At most this many References are looked at (the newest, at the end, are the likeliest). */
const MAX_REFERENCES = 20;

export function providerMessageIdsIn(inReplyTo: string | null, references: readonly string[]): string[] {
  const candidates = [...(inReplyTo ? [inReplyTo] : []), ...references.slice(-MAX_REFERENCES).reverse()];
  const ids = candidates.flatMap((value) => {
    const match = OUR_MESSAGE_ID.exec(value.trim());
    return match ? [match[1]!] : [];
  });
  return [...new Set(ids)];
}

/** The workspace's sent email this message answers, or null. */
export function findRepliedEmail(
  prisma: Db,
  workspaceId: string,
  inReplyTo: string | null,
  references: readonly string[],
): Promise<string | null> {
  return findEmailByProviderMessageIds(prisma, workspaceId, providerMessageIdsIn(inReplyTo, references));
}
