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
import { emailFileKey, emailFilesPrefix, parseEmailFileKey } from "./keys.ts";
import { type EmailFiles, type FileStore, FileStoreUnavailable } from "./store.ts";

export interface S3FileStoreOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every key (several installs sharing a bucket); empty by default. */
  keyPrefix?: string;
  /**
   * Files of an email that does not exist are left alone this long after they were written: an
   * accept stores them before its row commits.
   */
  orphanGraceMs?: number;
}

/** Files written at once for one email, so a message with many files does not open a connection each. */
const PARALLEL_PUTS = 4;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

/** Attachment bytes as objects in an S3-compatible bucket (AWS S3, MinIO, …), through the AWS SDK. */
export function s3FileStore(db: DbHandle, options: S3FileStoreOptions): FileStore {
  const { client, bucket } = options;
  const prefix = options.keyPrefix ?? "";
  const graceMs = options.orphanGraceMs ?? 60 * 60 * 1000;
  const keysOf = (email: EmailFiles) =>
    Array.from({ length: email.count }, (_, position) => emailFileKey(prefix, email.workspaceId, email.emailId, position));
  /** Where the leftover sweep goes on from (the next run continues; the end wraps to the start). */
  let sweepCursor: string | undefined;

  async function deleteKeys(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  return {
    kind: "s3",
    async putEmailFiles(email, contents) {
      const keys = keysOf({ ...email, count: contents.length });
      try {
        for (let start = 0; start < contents.length; start += PARALLEL_PUTS) {
          await Promise.all(
            contents
              .slice(start, start + PARALLEL_PUTS)
              .map((content, offset) =>
                client.send(
                  new PutObjectCommand({ Bucket: bucket, Key: keys[start + offset]!, Body: content, ContentLength: content.length }),
                ),
              ),
          );
        }
      } catch (error) {
        // Some may have been written: take them back (the leftover sweep catches what this misses).
        await deleteKeys(keys).catch(() => {});
        throw new FileStoreUnavailable("store the attachments", error);
      }
    },
    async readEmailFiles(email) {
      try {
        return await Promise.all(
          keysOf(email).map(async (Key) => {
            const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
            const bytes = await answer.Body!.transformToByteArray();
            return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          }),
        );
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw new FileStoreUnavailable("read the attachments", error);
      }
    },
    async deleteEmailFiles(emails) {
      try {
        await deleteKeys(emails.flatMap(keysOf));
      } catch (error) {
        throw new FileStoreUnavailable("delete the attachments", error);
      }
    },
    async deleteLeftovers(limit) {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: emailFilesPrefix(prefix),
          MaxKeys: Math.min(Math.max(limit, 1), 1000),
          ...(sweepCursor ? { StartAfter: sweepCursor } : {}),
        }),
      );
      const objects = page.Contents ?? [];
      sweepCursor = page.IsTruncated ? objects.at(-1)?.Key : undefined;
      const owners = objects.map((object) => ({ object, owner: parseEmailFileKey(prefix, object.Key ?? "") }));
      const emailIds = [...new Set(owners.flatMap(({ owner }) => (owner ? [owner.emailId] : [])))];
      const holding = await emailsHoldingFiles(sqlPool(db), emailIds);
      const graceStart = Date.now() - graceMs;
      const leftover = owners.flatMap(({ object, owner }) => {
        if (!owner || !object.Key) return [];
        const state = holding.get(owner.emailId);
        if (state === "awaiting_handoff") return [];
        // No such email: an accept may still be writing its row, unless the files are old.
        if (state === undefined && (object.LastModified?.getTime() ?? 0) > graceStart) return [];
        return [object.Key];
      });
      await deleteKeys(leftover);
      return leftover.length;
    },
    close: async () => client.destroy(),
  };
}
