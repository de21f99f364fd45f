import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { readFile, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { INBOUND_MEMORY_PER_BYTE } from "@svc/core";
import type { ByteBudget } from "@svc/runtime";

/** Memory charged to the budget for each byte of a message (core's rule, shared with the ingester). */
export const MEMORY_PER_MESSAGE_BYTE = INBOUND_MEMORY_PER_BYTE;

/**
 * Messages up to this size stay in memory while they arrive (most mail, replies above all); a
 * larger one goes to a file from here on, so that a transfer holds at most this much of itself.
 */
export const SPOOL_IN_MEMORY_BYTES = 256 * 1024;

export type SpooledData =
  /** The whole DATA, in `spool` (memory or a file); `release` gives its budget share back. */
  | { outcome: "spooled"; spool: Spool; bytes: number; release: () => void }
  /** Over the size limit: the rest was read and dropped. */
  | { outcome: "oversized" }
  /** The process's message budget (or this client's share of it) had no room for it. */
  | { outcome: "over_budget" };

/** Where a received DATA waits: small ones in memory, larger ones in a file of the spool directory. */
export type Spool = { kind: "memory"; chunks: Buffer[] } | { kind: "file"; file: string };

export interface SpoolOptions {
  dir: string;
  maxBytes: number;
  budget: ByteBudget;
  /** Whose share of the budget the message takes (the client's address). */
  owner: string;
}

type DataStream = Readable & { sizeExceeded?: boolean };

/**
 * The DATA of one transaction, kept as it arrives: in memory up to SPOOL_IN_MEMORY_BYTES, then
 * written to a file in the spool directory, so that a message being received holds a few stream
 * buffers, not itself. Each chunk is counted against the size limit and first takes its share of
 * the budget for the work that follows; past the limit, or when the budget has no room, what was
 * kept is dropped and the rest of the DATA is read and discarded, so that the client hears the
 * answer instead of a stalled connection.
 */
export function spoolData(stream: DataStream, options: SpoolOptions): Promise<SpooledData> {
  const file = path.join(options.dir, `${randomUUID()}.eml`);
  let writer: WriteStream | null = null;
  let chunks: Buffer[] = [];
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
      chunks = [];
      if (writer) {
        writer.destroy();
        unlink(file).catch(() => {});
      }
      stream.resume();
    };
    const write = (chunk: Buffer) => {
      if (!writer) {
        if (bytes <= SPOOL_IN_MEMORY_BYTES) return chunks.push(chunk);
        writer = createWriteStream(file, { flags: "wx", mode: 0o600 });
        // A spool that cannot be written (disk full) fails the message once its DATA has been read.
        writer.on("error", (error) => {
          if (stopped) return;
          writeError = error;
          stop("failed");
        });
        for (const held of chunks.splice(0)) writer.write(held);
      }
      if (!writer.write(chunk)) {
        stream.pause();
        writer.once("drain", () => {
          if (!stopped) stream.resume();
        });
      }
    };
    stream.on("data", (chunk: Buffer) => {
      if (stopped) return;
      bytes += chunk.length;
      if (bytes > options.maxBytes || stream.sizeExceeded) return stop("oversized");
      const give = options.budget.tryHold(options.owner, chunk.length * MEMORY_PER_MESSAGE_BYTE);
      if (!give) return stop("over_budget");
      releases.push(give);
      write(chunk);
    });
    stream.once("error", (error) => {
      if (!stopped) stop("failed");
      reject(error);
    });
    stream.once("end", () => {
      if (stopped === null && stream.sizeExceeded) stop("oversized");
      if (stopped === "failed") return reject(writeError);
      if (stopped !== null) return resolve({ outcome: stopped });
      if (!writer) return resolve({ outcome: "spooled", spool: { kind: "memory", chunks }, bytes, release });
      writer.end((error?: Error | null) => {
        if (!error) return resolve({ outcome: "spooled", spool: { kind: "file", file }, bytes, release });
        stop("failed");
        reject(error);
      });
    });
  });
}

/** The spooled message's bytes, in one Buffer of its exact size; a spool file is gone after. */
export async function takeSpooled(spool: Spool): Promise<Buffer> {
  if (spool.kind === "memory") return spool.chunks.length === 1 ? spool.chunks[0]! : Buffer.concat(spool.chunks);
  try {
    return await readFile(spool.file);
  } finally {
    await unlink(spool.file).catch(() => {});
  }
}
