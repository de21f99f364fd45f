import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import type { DbHandle } from "@svc/db";
import { sqlPool } from "../sql.ts";
import { emailsHoldingFiles } from "../stores/emailAttachments.ts";
import { existingInboundEmails } from "../stores/inboundEmails.ts";
import { emailFileKey, inboundFileKey, parseFileKey } from "./keys.ts";
import { type EmailFiles, type FileStore, FileStoreUnavailable, type InboundFiles, type StoredFileStream } from "./store.ts";

export interface S3FileStoreOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every key (several installs sharing a bucket); empty by default. */
  keyPrefix?: string;
  /**
   * Files of an email or received message that does not exist are left alone this long after
   * they were written: an accept stores them before its row commits.
   */
  orphanGraceMs?: number;
}

/** Files written at once for one email, so a message with many files does not open a connection each. */
const PARALLEL_PUTS = 4;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

/** Attachment bytes (and received messages) as objects in an S3-compatible bucket (AWS S3, MinIO, …), through the AWS SDK. */
export function s3FileStore(db: DbHandle, options: S3FileStoreOptions): FileStore {
  const { client, bucket } = options;
  const prefix = options.keyPrefix ?? "";
  const graceMs = options.orphanGraceMs ?? 60 * 60 * 1000;
  const emailKeysOf = (email: EmailFiles) =>
    Array.from({ length: email.count }, (_, position) => emailFileKey(prefix, email.workspaceId, email.emailId, position));
  const inboundKeysOf = (message: InboundFiles) => [
    inboundFileKey(prefix, message.workspaceId, message.inboundId, "raw"),
    ...Array.from({ length: message.count }, (_, position) => inboundFileKey(prefix, message.workspaceId, message.inboundId, position)),
  ];
  /** Where the leftover sweep goes on from (the next run continues; the end wraps to the start). */
  let sweepCursor: string | undefined;

  async function deleteKeys(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  async function deleteAll(keys: readonly string[]): Promise<void> {
    try {
      await deleteKeys(keys);
    } catch (error) {
      throw new FileStoreUnavailable("delete the files", error);
    }
  }

  /** Writes the objects, a few at a time; on any failure takes back what was written. */
  async function putAll(keys: readonly string[], contents: readonly Buffer[]): Promise<void> {
    try {
      for (let start = 0; start < contents.length; start += PARALLEL_PUTS) {
        const slice = contents.slice(start, start + PARALLEL_PUTS);
        await Promise.all(
          slice.map((content, offset) =>
            client.send(new PutObjectCommand({ Bucket: bucket, Key: keys[start + offset]!, Body: content, ContentLength: content.length })),
          ),
        );
      }
    } catch (error) {
      // Some may have been written: take them back (the leftover sweep catches what this misses).
      await deleteKeys(keys).catch(() => {});
      throw new FileStoreUnavailable("store the files", error);
    }
  }

  /** The objects' bytes in order; null when any is missing. */
  async function getAll(keys: readonly string[]): Promise<Buffer[] | null> {
    try {
      return await Promise.all(
        keys.map(async (Key) => {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
          const bytes = await answer.Body!.transformToByteArray();
          return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        }),
      );
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw new FileStoreUnavailable("read the files", error);
    }
  }

  /** One object as a stream, piped on by the caller instead of being read whole; null when missing. */
  async function open(Key: string): Promise<StoredFileStream | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
      return { size: answer.ContentLength ?? 0, body: answer.Body as Readable };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw new FileStoreUnavailable("read the files", error);
    }
  }

  return {
    kind: "s3",
    putEmailFiles: (email, contents) => putAll(emailKeysOf({ ...email, count: contents.length }), contents),
    readEmailFiles: (email) => getAll(emailKeysOf(email)),
    deleteEmailFiles: (emails) => deleteAll(emails.flatMap(emailKeysOf)),
    putInboundFiles: (message, raw, attachments) => putAll(inboundKeysOf({ ...message, count: attachments.length }), [raw, ...attachments]),
    openInboundRaw: (message) => open(inboundFileKey(prefix, message.workspaceId, message.inboundId, "raw")),
    openInboundAttachment: (message, position) => open(inboundFileKey(prefix, message.workspaceId, message.inboundId, position)),
    deleteInboundFiles: (messages) => deleteAll(messages.flatMap(inboundKeysOf)),
    async deleteLeftovers(limit) {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix,
          MaxKeys: Math.min(Math.max(limit, 1), 1000),
          ...(sweepCursor ? { StartAfter: sweepCursor } : {}),
        }),
      );
      const objects = page.Contents ?? [];
      sweepCursor = page.IsTruncated ? objects.at(-1)?.Key : undefined;
      const owners = objects.map((object) => ({ object, owner: parseFileKey(prefix, object.Key ?? "") }));
      const idsOf = (kind: "emails" | "inbound") => [
        ...new Set(owners.flatMap(({ owner }) => (owner?.kind === kind ? [owner.ownerId] : []))),
      ];
      const emails = await emailsHoldingFiles(sqlPool(db), idsOf("emails"));
      const inbound = await existingInboundEmails(db.prisma, idsOf("inbound"));
      const graceStart = Date.now() - graceMs;
      const leftover = owners.flatMap(({ object, owner }) => {
        if (!owner || !object.Key) return [];
        // An email's files are kept until its handoff; a received message's as long as its record.
        const state = owner.kind === "emails" ? emails.get(owner.ownerId) : inbound.has(owner.ownerId) ? "kept" : undefined;
        if (state === "awaiting_handoff" || state === "kept") return [];
        // No such email or message: an accept may still be writing its row, unless the files are old.
        if (state === undefined && (object.LastModified?.getTime() ?? 0) > graceStart) return [];
        return [object.Key];
      });
      await deleteKeys(leftover);
      return leftover.length;
    },
    close: async () => client.destroy(),
  };
}
