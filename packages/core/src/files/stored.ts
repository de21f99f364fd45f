import { AppError } from "../errors.ts";
import type { NewEmailRow } from "../stores/emails.ts";
import { type FileStore, FileStoreUnavailable } from "./store.ts";

/**
 * Writes new emails with their files. With files in PostgreSQL, `write` alone (its insert
 * statement carries the bytes). With an object store, the files go there first, the rows are
 * marked `filesStored`, and the files of every email that `write` did not create (refused, a
 * replay, an error) are deleted again. A store that is down refuses the send as 503 before
 * anything is written.
 */
export async function writeWithFiles<T>(
  files: FileStore | undefined,
  rows: readonly NewEmailRow[],
  write: () => Promise<T>,
  createdIds: (result: T) => readonly string[],
): Promise<T> {
  const withFiles = rows.filter((row) => row.input.attachments.length > 0);
  if (!files || files.kind === "postgres" || withFiles.length === 0) return write();
  const stored: NewEmailRow[] = [];
  const refsOf = (list: readonly NewEmailRow[]) =>
    list.map((row) => ({ workspaceId: row.context.workspaceId, emailId: row.emailId, count: row.input.attachments.length }));
  const takeBack = (list: readonly NewEmailRow[]) =>
    list.length === 0 ? Promise.resolve() : files.deleteEmailFiles(refsOf(list)).catch(() => {});
  try {
    for (const row of withFiles) {
      await files.putEmailFiles(
        { workspaceId: row.context.workspaceId, emailId: row.emailId },
        row.input.attachments.map((file) => file.content),
      );
      row.filesStored = true;
      stored.push(row);
    }
  } catch (error) {
    await takeBack(stored);
    if (error instanceof FileStoreUnavailable)
      throw new AppError("unavailable", "The file store did not take the attachments; nothing was stored. Retry later.");
    throw error;
  }
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await takeBack(stored);
    throw error;
  }
  const created = new Set(createdIds(result));
  await takeBack(stored.filter((row) => !created.has(row.emailId)));
  return result;
}
