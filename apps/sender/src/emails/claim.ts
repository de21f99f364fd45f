import { sqlPool } from "@svc/core";
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
 * Takes the email for one handoff attempt: `queued` → `sending`, or a `sending` whose claim is
 * older than the lease (its worker died mid-send). One UPDATE, so of two workers (or a job and
 * its retry) racing for the same email exactly one gets the row; the other gets null and must
 * not hand the email off.
 */
export async function claimEmail(db: DbHandle, emailId: string, leaseMs: number): Promise<ClaimedEmail | null> {
  const { rows } = await sqlPool(db).query<ClaimedEmail>(
    `UPDATE emails
        SET status = 'sending', "claimedAt" = now(), attempts = attempts + 1
      WHERE id = $1
        AND (status = 'queued'
             OR (status = 'sending' AND "claimedAt" < now() - $2::int * interval '1 millisecond'))
     RETURNING id, "organizationId", environment, "from", "to", subject, html, text, attempts, "createdAt"`,
    [emailId, leaseMs],
  );
  return rows[0] ?? null;
}
