import type { DbHandle } from "@svc/db";
import { failEmail, failEmailRendering } from "../emails/failure.ts";
import { rejectEmail, rejectSuppressedEmail } from "../emails/rejection.ts";
import { preVerifiedRecipients } from "../recipients/service.ts";
import { sqlPool } from "../sql.ts";
import { deleteAttachmentContents, selectAttachmentContents } from "../stores/emailAttachments.ts";
import { releaseEmailClaim, setSuppressedRecipients } from "../stores/emails.ts";
import type { HandoffRecords } from "./ports.ts";

/** The handoff's unbatched records and reads, on Postgres. */
export function handoffRecords(db: DbHandle): HandoffRecords {
  const pool = sqlPool(db);
  return {
    fail: (emailId, failure, provider) => failEmail(pool, emailId, failure, provider),
    failRendering: (emailId, failure) => failEmailRendering(pool, emailId, failure),
    release: (emailId) => releaseEmailClaim(pool, emailId),
    setSuppressedRecipients: (emailId, suppressed) => setSuppressedRecipients(pool, emailId, suppressed),
    rejectSuppressed: (emailId, suppressed) => rejectSuppressedEmail(db, emailId, suppressed),
    reject: (emailId, refusal, provider) => rejectEmail(db, emailId, refusal, provider),
    preVerifiedRecipients: (workspaceId, addresses) => preVerifiedRecipients(pool, workspaceId, addresses),
    attachmentContents: async (emailId) => (await selectAttachmentContents(pool, [emailId])).get(emailId) ?? [],
    deleteAttachmentContents: (emailId) => deleteAttachmentContents(pool, [emailId]),
  };
}
