import { sqlPool, type Queryable } from "@svc/core";
import type { DbHandle, KeyEnvironment } from "@svc/db";

export interface ClaimedEmail {
  id: string;
  organizationId: string;
  environment: KeyEnvironment;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** Claims so far, this one included. */
  attempts: number;
  createdAt: Date;
}

/**
 * Takes emails for one handoff attempt each: `queued` → `sending`, or a `sending` whose claim is
 * older than the lease (its worker died mid-send). One UPDATE for all of them, so of two workers
 * (or a job and its retry) racing for the same email exactly one gets the row; the other gets
 * nothing for it and must not hand the email off. An id given twice is claimed for its first
 * place only. The result is in the order of `emailIds`, null where not claimed.
 */
export async function claimEmails(client: Queryable, emailIds: string[], leaseMs: number): Promise<Array<ClaimedEmail | null>> {
  const { rows } = await client.query(
    `UPDATE emails
        SET status = 'sending', "claimedAt" = now(), attempts = attempts + 1
      WHERE id = ANY ($1::text[])
        AND (status = 'queued'
             OR (status = 'sending' AND "claimedAt" < now() - $2::int * interval '1 millisecond'))
     RETURNING id, "organizationId", environment, "from", "to", subject, html, text, attempts, "createdAt"`,
    [[...new Set(emailIds)], leaseMs],
  );
  const claimed = new Map((rows as ClaimedEmail[]).map((row) => [row.id, row]));
  return emailIds.map((id) => {
    const row = claimed.get(id) ?? null;
    claimed.delete(id); // a second place for the same id gets nothing
    return row;
  });
}

/** One email's claim (see claimEmails). */
export async function claimEmail(db: DbHandle, emailId: string, leaseMs: number): Promise<ClaimedEmail | null> {
  const [claimed] = await claimEmails(sqlPool(db), [emailId], leaseMs);
  return claimed ?? null;
}
