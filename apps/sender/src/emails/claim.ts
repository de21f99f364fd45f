import type { Db, KeyEnvironment } from "@svc/db";

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
 * Takes the email for one handoff attempt: `queued` → `sending`, or a `sending` whose claim is
 * older than the lease (its worker died mid-send). One UPDATE, so of two workers (or a job and
 * its retry) racing for the same email exactly one gets the row; the other gets null and must
 * not hand the email off.
 */
export async function claimEmail(db: Db, emailId: string, leaseMs: number): Promise<ClaimedEmail | null> {
  const rows = await db.$queryRaw<ClaimedEmail[]>`
    UPDATE emails
       SET status = 'sending', "claimedAt" = now(), attempts = attempts + 1
     WHERE id = ${emailId}
       AND (status = 'queued'
            OR (status = 'sending' AND "claimedAt" < now() - ${leaseMs}::int * interval '1 millisecond'))
    RETURNING id, "organizationId", environment, "from", "to", subject, html, text, attempts, "createdAt"`;
  return rows[0] ?? null;
}
