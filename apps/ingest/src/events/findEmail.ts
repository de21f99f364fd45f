import type { Db } from "@svc/db";

/**
 * Our email for an SES event: by the tag we attach at handoff first (it works even when the
 * event outruns the sender's write of providerMessageId), then by the provider's message id.
 */
export async function findEmailId(db: Db, taggedEmailId: string | null, providerMessageId: string): Promise<string | null> {
  if (taggedEmailId) {
    const tagged = await db.email.findUnique({ where: { id: taggedEmailId }, select: { id: true } });
    if (tagged) return tagged.id;
  }
  const byMessageId = await db.email.findUnique({ where: { providerMessageId }, select: { id: true } });
  return byMessageId?.id ?? null;
}
