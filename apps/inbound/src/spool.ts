import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { readFile, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { ByteBudget } from "@svc/runtime";

/**
 * Memory held for each byte of a message from the end of its DATA until it is stored: the raw
 * bytes read back from the spool, what mailauth and mailparser make of them (decoded attachment
 * parts, text and HTML), and the statement that carries raw bytes and attachments to PostgreSQL
 * or the object store, plus room for the garbage collector to catch up.
 */
export const MEMORY_PER_MESSAGE_BYTE = 4;

export type SpooledData =
  /** The whole DATA, on disk at `file`; `release` gives its budget share back. */
  | { outcome: "spooled"; file: string; bytes: number; release: () => void }
  /** Over the size limit: the rest was read and dropped. */
  | { outcome: "oversized" }
  /** The process's message budget (or this client's share of it) had no room for it. */
  | { outcome: "over_budget" };

export interface SpoolOptions {
  dir: string;
  maxBytes: number;
  budget: ByteBudget;
  /** Whose share of the budget the message takes (the client's address). */
  owner: string;
}

type DataStream = Readable & { sizeExceeded?: boolean };

/**
 * The DATA of one transaction, written to a file in the spool directory as it arrives, so that a
 * message being received holds a few stream buffers, not itself. Each chunk is counted against
 * the size limit and first takes its share of the budget for the work that follows; past the
 * limit, or when the budget has no room, the file is dropped and the rest of the DATA is read and
 * discarded, so that the client hears the answer instead of a stalled connection.
 */
export function spoolData(stream: DataStream, options: SpoolOptions): Promise<SpooledData> {
  const file = path.join(options.dir, `${randomUUID()}.eml`);
  const writer: WriteStream = createWriteStream(file, { flags: "wx", mode: 0o600 });
  const releases: Array<() => void> = [];
  const release = () => {
    for (const give of releases.splice(0)) give();
  };
  let bytes = 0;
  let stopped: "oversized" | "over_budget" | "failed" | null = null;
  let writeError: unknown = null;

  return new Promise((resolve, reject) => {
    const stop = (reason: "oversized" | "over_budget" | "failed") => {
      stopped = reason;
      release();
      writer.destroy();
      unlink(file).catch(() => {});
      stream.resume();
    };
    // A spool that cannot be written (disk full) fails the message once its DATA has been read.
    writer.on("error", (error) => {
      if (stopped) return;
      writeError = error;
      stop("failed");
    });
    stream.on("data", (chunk: Buffer) => {
      if (stopped) return;
      bytes += chunk.length;
      if (bytes > options.maxBytes || stream.sizeExceeded) return stop("oversized");
      const give = options.budget.tryHold(options.owner, chunk.length * MEMORY_PER_MESSAGE_BYTE);
      if (!give) return stop("over_budget");
      releases.push(give);
      if (!writer.write(chunk)) {
        stream.pause();
        writer.once("drain", () => {
          if (!stopped) stream.resume();
        });
      }
    });
    stream.once("error", (error) => {
      if (!stopped) stop("failed");
      reject(error);
    });
    stream.once("end", () => {
      if (stopped === null && stream.sizeExceeded) stop("oversized");
      if (stopped === "failed") return reject(writeError);
      if (stopped !== null) return resolve({ outcome: stopped });
      writer.end((error?: Error | null) => {
        if (!error) return resolve({ outcome: "spooled", file, bytes, release });
        stop("failed");
        reject(error);
      });
    });
  });
}

/** The spooled message's bytes, in one Buffer of its exact size; the file is gone after. */
export async function takeSpooled(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } finally {
    await unlink(file).catch(() => {});
  }
}
