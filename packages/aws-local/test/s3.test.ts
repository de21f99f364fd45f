import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "../src/index.ts";

const credentials = { accessKeyId: "AKIDLOCAL", secretAccessKey: "local-secret" };
const MiB = 1024 * 1024;
let aws: AwsLocal;
let s3: S3Client;

function client(extra: Partial<ConstructorParameters<typeof S3Client>[0]> = {}): S3Client {
  return new S3Client({ endpoint: aws.url, region: "us-east-1", credentials, forcePathStyle: true, ...extra });
}

async function bodyOf(bucket: string, key: string, range?: string): Promise<Buffer> {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

/** Streams `data` in 64 KiB pieces, so the SDK cannot see it as one buffer. */
function streamOf(data: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += 64 * 1024) yield data.subarray(offset, offset + 64 * 1024);
    })(),
  );
}

beforeAll(async () => {
  aws = await startAwsLocal({ s3MaxBytes: 100 * MiB });
  s3 = client();
  await s3.send(new CreateBucketCommand({ Bucket: "files" }));
});

afterAll(async () => {
  s3.destroy();
  await aws.close();
});

describe("S3 buckets", () => {
  it("creates a bucket once and answers HeadBucket for it, NotFound for another", async () => {
    await expect(s3.send(new HeadBucketCommand({ Bucket: "files" }))).resolves.toBeDefined();
    await expect(s3.send(new HeadBucketCommand({ Bucket: "missing-bucket" }))).rejects.toBeInstanceOf(NotFound);
    await expect(s3.send(new CreateBucketCommand({ Bucket: "files" }))).rejects.toMatchObject({ name: "BucketAlreadyOwnedByYou" });
    expect(aws.state.calls).toContain("s3:CreateBucket");
  });

  it("refuses an object in a bucket that does not exist", async () => {
    await expect(s3.send(new PutObjectCommand({ Bucket: "nowhere", Key: "a", Body: "x" }))).rejects.toMatchObject({ name: "NoSuchBucket" });
  });
});

describe("S3 objects", () => {
  it("stores a buffer and reads it back byte-exact with its type, metadata and length", async () => {
    const data = randomBytes(300_000);
    await s3.send(
      new PutObjectCommand({ Bucket: "files", Key: "w1/e1/0", Body: data, ContentType: "application/pdf", Metadata: { part: "0" } }),
    );
    expect(Buffer.compare(await bodyOf("files", "w1/e1/0"), data)).toBe(0);
    const head = await s3.send(new HeadObjectCommand({ Bucket: "files", Key: "w1/e1/0" }));
    expect(head).toMatchObject({ ContentLength: data.length, ContentType: "application/pdf", Metadata: { part: "0" } });
    expect(aws.state.s3.buckets.get("files")!.objects.get("w1/e1/0")!.encoding).toBe("plain");
  });

  it("decodes a streamed 30 MB upload sent aws-chunked with a trailing checksum", async () => {
    const data = randomBytes(30 * MiB);
    await s3.send(new PutObjectCommand({ Bucket: "files", Key: "big", Body: streamOf(data), ContentLength: data.length }));
    const stored = aws.state.s3.buckets.get("files")!.objects.get("big")!;
    expect(stored.encoding).toBe("aws-chunked");
    expect(Buffer.compare(await bodyOf("files", "big"), data)).toBe(0);
    await s3.send(new DeleteObjectCommand({ Bucket: "files", Key: "big" }));
  });

  it("takes an UNSIGNED-PAYLOAD upload", async () => {
    const unsigned = client();
    unsigned.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { headers: Record<string, string> };
        request.headers["x-amz-content-sha256"] = "UNSIGNED-PAYLOAD";
        return next(args);
      },
      { step: "build" },
    );
    await unsigned.send(new PutObjectCommand({ Bucket: "files", Key: "unsigned", Body: "plain text" }));
    unsigned.destroy();
    expect((await bodyOf("files", "unsigned")).toString()).toBe("plain text");
  });

  it("refuses a body whose checksum does not match", async () => {
    const lying = client({ requestChecksumCalculation: "WHEN_REQUIRED" });
    await expect(
      lying.send(new PutObjectCommand({ Bucket: "files", Key: "bad", Body: "some bytes", ChecksumCRC32: "AAAAAA==" })),
    ).rejects.toMatchObject({ name: "BadDigest" });
    lying.destroy();
    await expect(s3.send(new HeadObjectCommand({ Bucket: "files", Key: "bad" }))).rejects.toBeInstanceOf(NotFound);
  });

  it("answers a Range with 206 and just those bytes", async () => {
    const data = Buffer.from("0123456789abcdef");
    await s3.send(new PutObjectCommand({ Bucket: "files", Key: "ranged", Body: data }));
    expect((await bodyOf("files", "ranged", "bytes=2-5")).toString()).toBe("2345");
    expect((await bodyOf("files", "ranged", "bytes=-3")).toString()).toBe("def");
    const answer = await s3.send(new GetObjectCommand({ Bucket: "files", Key: "ranged", Range: "bytes=10-" }));
    expect(answer.ContentRange).toBe("bytes 10-15/16");
    await answer.Body!.transformToString();
  });

  it("answers NoSuchKey and NotFound for a missing object, and deleting it is no error", async () => {
    await expect(s3.send(new GetObjectCommand({ Bucket: "files", Key: "nope" }))).rejects.toBeInstanceOf(NoSuchKey);
    await expect(s3.send(new HeadObjectCommand({ Bucket: "files", Key: "nope" }))).rejects.toBeInstanceOf(NotFound);
    await expect(s3.send(new DeleteObjectCommand({ Bucket: "files", Key: "nope" }))).resolves.toBeDefined();
  });

  it("lists by prefix in pages and deletes many at once", async () => {
    await s3.send(new CreateBucketCommand({ Bucket: "listing" }));
    const keys = ["ws-a/1/0", "ws-a/1/1", "ws-a/2/0", "ws-b/1/0", "ws-a/odd key & <x>"];
    for (const key of keys) await s3.send(new PutObjectCommand({ Bucket: "listing", Key: key, Body: key }));
    const first = await s3.send(new ListObjectsV2Command({ Bucket: "listing", Prefix: "ws-a/", MaxKeys: 2 }));
    expect(first.Contents!.map((item) => item.Key)).toEqual(["ws-a/1/0", "ws-a/1/1"]);
    expect(first.IsTruncated).toBe(true);
    const second = await s3.send(
      new ListObjectsV2Command({ Bucket: "listing", Prefix: "ws-a/", MaxKeys: 2, ContinuationToken: first.NextContinuationToken }),
    );
    expect(second.Contents!.map((item) => item.Key)).toEqual(["ws-a/2/0", "ws-a/odd key & <x>"]);
    expect(second.IsTruncated).toBe(false);

    const deleted = await s3.send(
      new DeleteObjectsCommand({
        Bucket: "listing",
        Delete: { Objects: [{ Key: "ws-a/1/0" }, { Key: "ws-a/odd key & <x>" }, { Key: "never-there" }] },
      }),
    );
    expect(deleted.Deleted!.map((item) => item.Key)).toEqual(["ws-a/1/0", "ws-a/odd key & <x>", "never-there"]);
    const rest = await s3.send(new ListObjectsV2Command({ Bucket: "listing" }));
    expect(rest.Contents!.map((item) => item.Key)).toEqual(["ws-a/1/1", "ws-a/2/0", "ws-b/1/0"]);
  });
});

describe("S3 limits and failures", () => {
  it("refuses an object that would pass the memory cap, keeping what it holds", async () => {
    const before = aws.state.s3.bytes;
    await expect(s3.send(new PutObjectCommand({ Bucket: "files", Key: "huge", Body: Buffer.alloc(101 * MiB) }))).rejects.toMatchObject({
      name: "EntityTooLarge",
    });
    expect(aws.state.s3.bytes).toBe(before);
  });

  it("answers 503 ServiceUnavailable for everything while unavailable", async () => {
    const once = client({ maxAttempts: 1 });
    aws.state.s3.unavailable = true;
    try {
      const error = await once.send(new PutObjectCommand({ Bucket: "files", Key: "down", Body: "x" })).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(S3ServiceException);
      expect((error as S3ServiceException).$metadata.httpStatusCode).toBe(503);
    } finally {
      aws.state.s3.unavailable = false;
      once.destroy();
    }
    await expect(s3.send(new HeadObjectCommand({ Bucket: "files", Key: "down" }))).rejects.toBeInstanceOf(NotFound);
  });
});
