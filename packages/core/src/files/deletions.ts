import type { DbHandle } from "@svc/db";
import { sqlPool } from "../sql.ts";
import { deleteFileDeletions, type FileDeletion, selectFileDeletions } from "../stores/fileDeletions.ts";
import type { FileStore } from "./store.ts";

/** Entries taken at a time: one DeleteObjects call holds up to 1,000 keys. */
const BATCH = 100;

/**
 * Deletes the files of rows that are gone (recorded in `file_deletions` by the statements that
 * deleted the rows), at most `budget` entries, oldest first; an entry is forgotten only once its
 * files are deleted, so a store that fails leaves it for the next run. Answers how many entries
 * were done.
 */
export async function drainFileDeletions(db: DbHandle, files: FileStore, budget: number): Promise<number> {
  const pool = sqlPool(db);
  let done = 0;
  while (done < budget) {
    const entries = await selectFileDeletions(pool, Math.min(BATCH, budget - done));
    if (entries.length === 0) break;
    const of = (kind: FileDeletion["kind"]) => entries.filter((entry) => entry.kind === kind);
    await files.deleteEmailFiles(
      of("emails").map((entry) => ({ workspaceId: entry.workspaceId, emailId: entry.ownerId, count: entry.count })),
    );
    await files.deleteInboundFiles(
      of("inbound").map((entry) => ({ workspaceId: entry.workspaceId, inboundId: entry.ownerId, count: entry.count })),
    );
    await deleteFileDeletions(
      pool,
      entries.map((entry) => entry.id),
    );
    done += entries.length;
    if (entries.length < BATCH) break;
  }
  return done;
}
