import type { Readable } from "node:stream";

/**
 * Where the bytes of emails' attachments live: PostgreSQL (`email_attachments`, the default) or
 * an S3-compatible object store (FILE_STORE=s3). Metadata (name, type, size) always stays on the
 * email row; only the bytes move. One rule decides when they go, whichever store holds them:
 * once the email no longer waits for its handoff (sent, ended, canceled) or no longer exists.
 * Received messages follow the same setting: their raw bytes and attachment bytes live as long
 * as their record.
 */

/** An email's files: `count` of them, at positions 0…count-1 of its `attachments` list. */
export interface EmailFiles {
  workspaceId: string;
  emailId: string;
  count: number;
}

export interface FileStore {
  /**
   * `postgres`: the bytes are written by the email's own insert statement (so the email and its
   * files commit together) and deleted by the statements that end it. `s3`: they are written
   * before the row commits (`putEmailFiles`) and deleted through this port.
   */
  readonly kind: "postgres" | "s3";
  /** Stores an email's files before its row is written; nothing is left behind if it throws. */
  putEmailFiles(email: Omit<EmailFiles, "count">, contents: readonly Buffer[]): Promise<void>;
  /** The email's files in order; null when any of them is missing (deleted already). */
  readEmailFiles(email: EmailFiles): Promise<Buffer[] | null>;
  deleteEmailFiles(emails: readonly EmailFiles[]): Promise<void>;
  /** Stores a received message's raw bytes and attachment bytes before its record is written. */
  putInboundFiles(message: Omit<InboundFiles, "count">, raw: Buffer, attachments: readonly Buffer[]): Promise<void>;
  /**
   * The raw bytes of a message whose record holds none, as a stream with its size (null from
   * PostgreSQL: the row has them; null when missing). The caller reads it to the end or destroys it.
   */
  openInboundRaw(message: Omit<InboundFiles, "count">): Promise<StoredFileStream | null>;
  openInboundAttachment(message: Omit<InboundFiles, "count">, position: number): Promise<StoredFileStream | null>;
  deleteInboundFiles(messages: readonly InboundFiles[]): Promise<void>;
  /**
   * Deletes files left behind (a crash between a handoff and its delete, an accept that failed
   * after storing them); examines at most `budget` files, going on from where the last call
   * stopped. Answers how many were deleted.
   */
  deleteLeftovers(budget: number): Promise<number>;
  /** Closes its connections (the object store's client); the PostgreSQL pool is the app's own. */
  close(): Promise<void>;
}

/** A stored file being read: its size, and its bytes as they come from the store. */
export interface StoredFileStream {
  size: number;
  body: Readable;
}

/** A received message's files: its raw bytes and `count` attachments. */
export interface InboundFiles {
  workspaceId: string;
  inboundId: string;
  count: number;
}

/** The store did not answer or refused: the caller retries later (503 at accept, a retry in the sender). */
export class FileStoreUnavailable extends Error {
  constructor(operation: string, cause: unknown) {
    super(`The file store failed to ${operation}: ${cause instanceof Error ? cause.name : "error"}`, { cause });
    this.name = "FileStoreUnavailable";
  }
}
