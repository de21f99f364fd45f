import type { DbHandle } from "@svc/db";
import { sqlPool } from "../sql.ts";
import {
  type EmailAwaitingClaim,
  type EmailPosition,
  selectAcceptedEmailsAwaitingEvents,
  selectEmailsAwaitingClaim,
} from "../stores/emails.ts";
import { fromDomainOf } from "./claims.ts";
import type { FindAcceptedEmails } from "./provider.ts";

/**
 * What is needed to recover sending work from Postgres when Redis or a process lost it: the
 * emails that should have a send job, and the emails a provider accepted whose events it may
 * still owe.
 */

/**
 * Emails a claim would take that are old enough to have lost their job: `queued` for longer than
 * `minAgeMs`, or `sending` past the claim lease. In (createdAt, id) order after `after`.
 */
export function emailsAwaitingClaim(
  db: DbHandle,
  options: { after: EmailPosition; minAgeMs: number; claimLeaseMs: number; limit: number },
): Promise<EmailAwaitingClaim[]> {
  return selectEmailsAwaitingClaim(sqlPool(db), options);
}

/** The simulator's view of the emails it accepted: what it needs to report their events again. */
export function findAcceptedEmails(db: DbHandle): FindAcceptedEmails {
  return async (range) => {
    const rows = await selectAcceptedEmailsAwaitingEvents(sqlPool(db), range);
    return rows.map((row) => ({
      email: {
        emailId: row.id,
        workspaceId: row.organizationId,
        from: row.from,
        fromDomain: fromDomainOf(row),
        to: row.to,
        cc: row.cc,
        bcc: row.bcc,
        replyTo: row.replyTo,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers,
        tags: row.tags,
        // Only events are reported again, and the files do not shape them.
        attachments: [],
      },
      providerMessageId: row.providerMessageId,
      createdAt: row.createdAt,
      eventCount: row.eventCount,
    }));
  };
}
