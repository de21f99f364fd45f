import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { AwsError } from "../server.ts";
import type { S3ObjectState, S3State } from "../state.ts";

/**
 * The object store behind the S3 operations: buckets of objects held in memory, bounded by
 * `state.s3.maxBytes` over all objects (aws-local runs inside test processes; a put that would
 * pass the cap is refused rather than growing the process without bound).
 */

export function requireBucket(s3: S3State, name: string) {
  const bucket = s3.buckets.get(name);
  if (!bucket) throw new AwsError("NoSuchBucket", "The specified bucket does not exist.", 404);
  return bucket;
}

export function requireObject(s3: S3State, bucketName: string, key: string): S3ObjectState {
  const object = requireBucket(s3, bucketName).objects.get(key);
  if (!object) throw new AwsError("NoSuchKey", "The specified key does not exist.", 404);
  return object;
}

/** Refuses a body of `size` bytes up front when it could not fit under the cap. */
export function checkRoom(s3: S3State, size: number): void {
  if (s3.bytes + size > s3.maxBytes)
    throw new AwsError("EntityTooLarge", `aws-local holds at most ${s3.maxBytes} object bytes in memory.`, 400);
}

export function putObject(
  s3: S3State,
  bucketName: string,
  key: string,
  body: Buffer,
  details: Pick<S3ObjectState, "contentType" | "metadata" | "encoding">,
): S3ObjectState {
  const bucket = requireBucket(s3, bucketName);
  const previous = bucket.objects.get(key);
  const growth = body.length - (previous?.body.length ?? 0);
  checkRoom(s3, growth);
  const object: S3ObjectState = {
    key,
    body,
    etag: `"${createHash("md5").update(body).digest("hex")}"`,
    crc32: crc32Base64(body),
    ...details,
    lastModified: new Date(),
  };
  bucket.objects.set(key, object);
  s3.bytes += growth;
  return object;
}

export function deleteObject(s3: S3State, bucketName: string, key: string): void {
  const bucket = requireBucket(s3, bucketName);
  const object = bucket.objects.get(key);
  if (!object) return;
  bucket.objects.delete(key);
  s3.bytes -= object.body.length;
}

/** The big-endian CRC32 in base64, as S3's `x-amz-checksum-crc32` carries it. */
export function crc32Base64(data: Buffer): string {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(crc32(data) >>> 0);
  return value.toString("base64");
}
