import { newId, type Db } from "@svc/db";

/**
 * Keeps a verified notification that belongs to no email of ours (or that we could not read),
 * for inspection. Idempotent by SNS MessageId: SNS redelivering it adds nothing.
 */
export async function keepUnmatched(
  db: Db,
  input: { snsMessageId: string; eventType: string | null; providerMessageId: string | null; body: string },
): Promise<boolean> {
  const { count } = await db.unmatchedNotification.createMany({
    data: [{ id: newId("unmatched"), ...input, eventType: input.eventType?.slice(0, 100) ?? null }],
    skipDuplicates: true,
  });
  return count > 0;
}
