import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  NoSuchBucket,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { INBOUND_MEMORY_PER_BYTE, type ReceivedObject } from "@svc/core";
import type { ByteBudget } from "@svc/runtime";

/** Where SES receiving left messages: S3 (credentials: the SDK's chain). */
export interface S3Env {
  AWS_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
}

/** The object is not there (deleted, expired by a lifecycle rule, or never written): reading again will not help. */
export class ReceivedObjectMissing extends Error {
  constructor(bucket: string, key: string) {
    super(`s3://${bucket}/${key} does not exist`);
    this.name = "ReceivedObjectMissing";
  }
}

/** The reader's memory budget has no room for the object now: the notification is retried later. */
export class ReceivedObjectBusy extends Error {
  constructor(bucket: string, key: string) {
    super(`s3://${bucket}/${key} waits: the memory budget for received messages is full`);
    this.name = "ReceivedObjectBusy";
  }
}

/** The object is larger than the reader takes. */
export class ReceivedObjectTooLarge extends Error {
  constructor(bucket: string, key: string, maxBytes: number) {
    super(`s3://${bucket}/${key} is larger than ${maxBytes} bytes`);
    this.name = "ReceivedObjectTooLarge";
  }
}

export interface ReceivedObjectReader {
  /**
   * The object's bytes, at most the reader's limit (its announced length is checked first, and
   * the bytes are counted as they stream, so an object larger than announced is cut off too);
   * ReceivedObjectMissing or ReceivedObjectTooLarge, ReceivedObjectBusy when the budget has no
   * room for it now, or the SDK's error for anything a retry may cure. The object holds its share
   * of the budget until it is released.
   */
  read(bucket: string, key: string): Promise<ReceivedObject>;
  /** Deletes the object (once its message is stored: the record holds it from then on). */
  delete(bucket: string, key: string): Promise<void>;
  close(): void;
}

/**
 * `budget`: the memory the ingester may hold for received messages from their read until they
 * are stored (INBOUND_MEMORY_PER_BYTE per byte of each), so that a burst of notifications for
 * large messages is answered "retry" instead of taking the process's memory.
 */
export function createReceivedObjectReader(env: S3Env, maxBytes: number, budget: ByteBudget): ReceivedObjectReader {
  const s3 = new S3Client({
    region: env.AWS_REGION,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
  });
  return {
    async read(bucket, key) {
      let answer: GetObjectCommandOutput;
      try {
        answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (error instanceof NoSuchKey || error instanceof NoSuchBucket) throw new ReceivedObjectMissing(bucket, key);
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) throw new ReceivedObjectMissing(bucket, key);
        throw error;
      }
      if (answer.ContentLength !== undefined && answer.ContentLength > maxBytes) {
        await drop(answer.Body);
        throw new ReceivedObjectTooLarge(bucket, key, maxBytes);
      }
      const announced = answer.ContentLength;
      const release = budget.tryHold("ses-receiving", (announced ?? maxBytes) * INBOUND_MEMORY_PER_BYTE);
      if (!release) {
        await drop(answer.Body);
        throw new ReceivedObjectBusy(bucket, key);
      }
      try {
        return { bytes: await readBody(answer, bucket, key, maxBytes), release };
      } catch (error) {
        release();
        throw error;
      }
    },
    async delete(bucket, key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    close: () => s3.destroy(),
  };
}

/**
 * The body into one buffer of the announced length when there is one (the chunks are copied into
 * it as they arrive instead of being held until the end and copied again), never past `maxBytes`
 * or the announced length.
 */
async function readBody(answer: GetObjectCommandOutput, bucket: string, key: string, maxBytes: number): Promise<Buffer> {
  const announced = answer.ContentLength;
  const whole = announced !== undefined ? Buffer.allocUnsafe(announced) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of (answer.Body as AsyncIterable<Uint8Array> | undefined) ?? []) {
    if (size + chunk.length > (whole ? whole.length : maxBytes)) {
      await drop(answer.Body);
      throw new ReceivedObjectTooLarge(bucket, key, maxBytes);
    }
    if (whole) whole.set(chunk, size);
    else chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    size += chunk.length;
  }
  return whole ? whole.subarray(0, size) : Buffer.concat(chunks, size);
}

async function drop(body: unknown): Promise<void> {
  const stream = body as { destroy?: () => void } | undefined;
  stream?.destroy?.();
}
