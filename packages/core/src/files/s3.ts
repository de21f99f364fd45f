import type { Readable } from "node:stream";
import {
  type _Object,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import type { DbHandle } from "@svc/db";
import { installationId } from "../installation.ts";
import { sqlPool } from "../sql.ts";
import { emailsHoldingFiles } from "../stores/emailAttachments.ts";
import { selectFileSweepCursor, upsertFileSweepCursor } from "../stores/fileSweepCursors.ts";
import { existingInboundEmails } from "../stores/inboundEmails.ts";
import { type FileKeys, fileKeys } from "./keys.ts";
import { type EmailFiles, type FileStore, FileStoreUnavailable, type InboundFiles, type StoredFileStream } from "./store.ts";

export interface S3FileStoreOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every key (several installs sharing a bucket); empty by default. */
  keyPrefix?: string;
  /** The install's id, under which its keys sit; read from the database (`installations`) when not given. */
  installationId?: string;
  /**
   * Files of an email or received message that does not exist are left alone this long after
   * they were written: an accept stores them before its row commits.
   */
  orphanGraceMs?: number;
}

/** Files written at once for one email, so a message with many files does not open a connection each. */
const PARALLEL_PUTS = 4;
/** DeleteObjects takes at most this many keys, and ListObjectsV2 answers at most this many. */
const DELETE_BATCH = 1000;
const LIST_PAGE = 1000;

/** Attachment bytes (and received messages) as objects in an S3-compatible bucket (AWS S3, MinIO, …), through the AWS SDK. */
export function s3FileStore(db: DbHandle, options: S3FileStoreOptions): FileStore {
  const { client, bucket } = options;
  const prefix = options.keyPrefix ?? "";
  const graceMs = options.orphanGraceMs ?? 60 * 60 * 1000;
  let keysPromise: Promise<FileKeys> | undefined;
  const keys = () => {
    if (!keysPromise) {
      const id = options.installationId ? Promise.resolve(options.installationId) : installationId(db.prisma);
      keysPromise = id.then((installation) => fileKeys(prefix, installation));
      // A failed look-up is asked again next time rather than remembered.
      keysPromise.catch(() => {
        keysPromise = undefined;
      });
    }
    return keysPromise;
  };
  const positions = (count: number) => Array.from({ length: count }, (_, position) => position);
  const emailKeysOf = (k: FileKeys, email: EmailFiles) => positions(email.count).map((n) => k.email(email.workspaceId, email.emailId, n));
  const inboundParts = (count: number): Array<number | "raw"> => ["raw", ...positions(count)];
  /** Both layouts' keys: a row's files are deleted wherever they were written. */
  const allEmailKeysOf = (k: FileKeys, email: EmailFiles) =>
    positions(email.count).flatMap((n) => [
      k.email(email.workspaceId, email.emailId, n),
      k.legacyEmail(email.workspaceId, email.emailId, n),
    ]);
  const allInboundKeysOf = (k: FileKeys, message: InboundFiles) =>
    inboundParts(message.count).flatMap((part) => [
      k.inbound(message.workspaceId, message.inboundId, part),
      k.legacyInbound(message.workspaceId, message.inboundId, part),
    ]);

  async function deleteKeys(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  async function deleteAll(keysOf: (k: FileKeys) => string[]): Promise<void> {
    try {
      await deleteKeys(keysOf(await keys()));
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

  /** One object's bytes, null when there is none. */
  async function getOne(Key: string): Promise<Buffer | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
      const bytes = await answer.Body!.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw new FileStoreUnavailable("read the files", error);
    }
  }

  /** A file's bytes under this install's key, else under the key it had before keys carried the install id. */
  async function getFile(key: string, legacyKey: string): Promise<Buffer | null> {
    return (await getOne(key)) ?? (await getOne(legacyKey));
  }

  /** One object as a stream, piped on by the caller instead of being read whole; null when missing. */
  async function openOne(Key: string): Promise<StoredFileStream | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
      return { size: answer.ContentLength ?? 0, body: answer.Body as Readable };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw new FileStoreUnavailable("read the files", error);
    }
  }

  /** A received message's part as a stream, under this install's key or else its key from before. */
  async function openInbound(message: Omit<InboundFiles, "count">, part: number | "raw"): Promise<StoredFileStream | null> {
    const k = await keys();
    return (
      (await openOne(k.inbound(message.workspaceId, message.inboundId, part))) ??
      (await openOne(k.legacyInbound(message.workspaceId, message.inboundId, part)))
    );
  }

  /** The files' bytes in order; null when any is missing. */
  async function getAll(pairs: ReadonlyArray<[string, string]>): Promise<Buffer[] | null> {
    const contents = await Promise.all(pairs.map(([key, legacyKey]) => getFile(key, legacyKey)));
    return contents.some((content) => content === null) ? null : (contents as Buffer[]);
  }

  /**
   * Examines the next `budget` keys under this install's root from where the last run stopped
   * (the cursor is kept in PostgreSQL, so a restart continues), deleting those whose email is
   * past its handoff or gone, and whose received message is gone. At the end of the listing the
   * cursor goes back to the start, for the next run.
   */
  async function deleteLeftovers(budget: number): Promise<number> {
    const k = await keys();
    const pool = sqlPool(db);
    const scope = `${bucket}/${k.root}`;
    let cursor = await selectFileSweepCursor(pool, scope);
    let examined = 0;
    let deleted = 0;
    while (examined < budget) {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: k.root,
          MaxKeys: Math.min(budget - examined, LIST_PAGE),
          ...(cursor ? { StartAfter: cursor } : {}),
        }),
      );
      const objects = page.Contents ?? [];
      examined += objects.length;
      deleted += await deleteLeftoversOf(k, objects);
      cursor = page.IsTruncated ? (objects.at(-1)?.Key ?? null) : null;
      await upsertFileSweepCursor(pool, scope, cursor);
      if (cursor === null) break;
    }
    return deleted;
  }

  async function deleteLeftoversOf(k: FileKeys, objects: readonly _Object[]): Promise<number> {
    const owners = objects.map((object) => ({ object, owner: k.parse(object.Key ?? "") }));
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
  }

  return {
    kind: "s3",
    putEmailFiles: async (email, contents) => putAll(emailKeysOf(await keys(), { ...email, count: contents.length }), contents),
    readEmailFiles: async (email) => {
      const k = await keys();
      return getAll(
        positions(email.count).map((n) => [
          k.email(email.workspaceId, email.emailId, n),
          k.legacyEmail(email.workspaceId, email.emailId, n),
        ]),
      );
    },
    deleteEmailFiles: (emails) => deleteAll((k) => emails.flatMap((email) => allEmailKeysOf(k, email))),
    putInboundFiles: async (message, raw, attachments) => {
      const k = await keys();
      const keysOf = inboundParts(attachments.length).map((part) => k.inbound(message.workspaceId, message.inboundId, part));
      return putAll(keysOf, [raw, ...attachments]);
    },
    openInboundRaw: (message) => openInbound(message, "raw"),
    openInboundAttachment: (message, position) => openInbound(message, position),
    deleteInboundFiles: (messages) => deleteAll((k) => messages.flatMap((message) => allInboundKeysOf(k, message))),
    deleteLeftovers,
    close: async () => client.destroy(),
  };
}
