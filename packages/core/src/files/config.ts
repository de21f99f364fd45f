import { S3Client } from "@aws-sdk/client-s3";
import type { DbHandle } from "@svc/db";
import { postgresFileStore } from "./postgres.ts";
import { s3FileStore } from "./s3.ts";
import type { FileStore } from "./store.ts";

/** The FILE_STORE settings (`fileStoreEnv` in @svc/config). */
export interface FileStoreSettings {
  FILE_STORE: "postgres" | "s3";
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_KEY_PREFIX: string;
}

/**
 * Bounds on one S3 request: a store that does not answer fails the send (503) or the handoff
 * (retried) instead of holding it; a 40 MB message moves well within the request timeout.
 */
const S3_CONNECTION_TIMEOUT_MS = 5_000;
const S3_REQUEST_TIMEOUT_MS = 60_000;

/** The file store FILE_STORE names; throws, naming the setting, when S3 is chosen without a bucket. */
export function createFileStore(env: FileStoreSettings, db: DbHandle): FileStore {
  if (env.FILE_STORE === "postgres") return postgresFileStore(db);
  if (!env.S3_BUCKET) throw new Error("FILE_STORE=s3 needs S3_BUCKET (the bucket that holds attachment bytes).");
  const client = new S3Client({
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    requestHandler: { connectionTimeout: S3_CONNECTION_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
  });
  return s3FileStore(db, { client, bucket: env.S3_BUCKET, keyPrefix: env.S3_KEY_PREFIX });
}
