import type { DbHandle } from "@svc/db";
import { failEmail, failEmailRendering } from "../emails/failure.ts";
import { rejectEmail, rejectSuppressedEmail } from "../emails/rejection.ts";
import { postgresFileStore } from "../files/postgres.ts";
import type { FileStore } from "../files/store.ts";
import { preVerifiedRecipients } from "../recipients/service.ts";
import { sqlPool } from "../sql.ts";
import { releaseEmailClaims, releaseUnknownHandoff, setSuppressedRecipients } from "../stores/emails.ts";
import type { HandoffRecords } from "./ports.ts";

/** The handoff's unbatched records and reads, on Postgres; the files where FILE_STORE keeps them. */
export function handoffRecords(db: DbHandle, files: FileStore = postgresFileStore(db)): HandoffRecords {
  const pool = sqlPool(db);
  return {
    fail: (emailId, failure, provider) => failEmail(pool, emailId, failure, provider),
    failRendering: (emailId, failure) => failEmailRendering(pool, emailId, failure),
    release: (emailId) => releaseEmailClaims(pool, [emailId]),
    releaseUnknown: (emailId, region) => releaseUnknownHandoff(pool, emailId, region),
    setSuppressedRecipients: (emailId, suppressed) => setSuppressedRecipients(pool, emailId, suppressed),
    rejectSuppressed: (emailId, suppressed) => rejectSuppressedEmail(db, emailId, suppressed),
    reject: (emailId, refusal, provider) => rejectEmail(db, emailId, refusal, provider),
    preVerifiedRecipients: (workspaceId, addresses) => preVerifiedRecipients(pool, workspaceId, addresses),
    attachmentContents: (email) => files.readEmailFiles(email),
    deleteAttachmentContents: (email) => files.deleteEmailFiles([email]),
  };
}
