import type { DbHandle } from "@svc/db";
import { sqlPool } from "../sql.ts";
import { deleteAttachmentContents, deleteLeftoverAttachmentContents, selectAttachmentContents } from "../stores/emailAttachments.ts";
import type { FileStore } from "./store.ts";

const LEFTOVER_BATCH = 1000;

/** Attachment bytes in `email_attachments`, written by the email's insert statement itself. */
export function postgresFileStore(db: DbHandle): FileStore {
  const pool = sqlPool(db);
  return {
    kind: "postgres",
    // The insert statement writes them in the same statement as the row.
    putEmailFiles: async () => {},
    readEmailFiles: async (email) => {
      const contents = (await selectAttachmentContents(pool, [email.emailId])).get(email.emailId) ?? [];
      return contents.length === email.count ? contents : null;
    },
    deleteEmailFiles: async (emails) => {
      await deleteAttachmentContents(
        pool,
        emails.map((email) => email.emailId),
      );
    },
    // A received message's bytes are in its row and inbound_attachments, and go with the row.
    putInboundFiles: async () => {},
    openInboundRaw: async () => null,
    openInboundAttachment: async () => null,
    deleteInboundFiles: async () => {},
    async deleteLeftovers(budget) {
      // Short statements: a few hundred files of up to 40 MB each per delete.
      let deleted = 0;
      while (deleted < budget) {
        const batch = Math.min(LEFTOVER_BATCH, budget - deleted);
        const done = await deleteLeftoverAttachmentContents(db.prisma, batch);
        deleted += done;
        if (done < batch) break;
      }
      return deleted;
    },
    close: async () => {},
  };
}
