import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { INBOUND_MEMORY_PER_BYTE } from "@svc/core";
import { createReceivedObjectReader, ReceivedObjectBusy, ReceivedObjectMissing, ReceivedObjectTooLarge } from "@svc/providers";
import { ByteBudget } from "@svc/runtime";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { type AwsLocal, startAwsLocal } from "../../aws-local/src/index.ts";
import { putObject } from "../../aws-local/src/s3/objects.ts";

const BUCKET = "received-objects-test";
let aws: AwsLocal;

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  aws = await startAwsLocal({ s3Buckets: [BUCKET] });
});
afterAll(async () => {
  await aws.close();
});

const reader = (maxBytes: number, budget = new ByteBudget(1024 * 1024)) =>
  createReceivedObjectReader({ AWS_REGION: "us-east-1", S3_ENDPOINT: aws.url, S3_FORCE_PATH_STYLE: true }, maxBytes, budget);
const put = (key: string, body: Buffer) =>
  putObject(aws.state.s3, BUCKET, key, body, { contentType: "message/rfc822", metadata: {}, encoding: "plain" });

describe("the SES receiving bucket's reader (real S3 client against aws-local)", () => {
  it("reads an object within the limit byte for byte, and deletes it", async () => {
    const body = Buffer.from(`Subject: hi\r\n\r\n${"x".repeat(5000)}\r\n`);
    put("inbound/ok", body);
    const objects = reader(8 * 1024);
    try {
      const read = await objects.read(BUCKET, "inbound/ok");
      expect(read.bytes.equals(body)).toBe(true);
      read.release();
      await objects.delete(BUCKET, "inbound/ok");
      expect(aws.state.s3.buckets.get(BUCKET)!.objects.has("inbound/ok")).toBe(false);
      await expect(objects.read(BUCKET, "inbound/ok")).rejects.toBeInstanceOf(ReceivedObjectMissing);
    } finally {
      objects.close();
    }
  });

  it("refuses an object larger than its limit without reading it, and leaves it in the bucket", async () => {
    put("inbound/big", Buffer.alloc(64 * 1024, "y"));
    const objects = reader(8 * 1024);
    try {
      const error = await objects.read(BUCKET, "inbound/big").catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ReceivedObjectTooLarge);
      expect((error as Error).message).toBe(`s3://${BUCKET}/inbound/big is larger than 8192 bytes`);
      expect(aws.state.s3.buckets.get(BUCKET)!.objects.has("inbound/big")).toBe(true);
    } finally {
      objects.close();
    }
  });

  it("holds each object's share of the budget until it is released: one that does not fit is refused as busy, and is read once room is back", async () => {
    const body = Buffer.alloc(100 * 1024, "z");
    put("inbound/a", body);
    put("inbound/b", body);
    // Room for one of them.
    const objects = reader(1024 * 1024, new ByteBudget(150 * 1024 * INBOUND_MEMORY_PER_BYTE));
    try {
      const first = await objects.read(BUCKET, "inbound/a");
      await expect(objects.read(BUCKET, "inbound/b")).rejects.toBeInstanceOf(ReceivedObjectBusy);
      first.release();
      const second = await objects.read(BUCKET, "inbound/b");
      expect(second.bytes.equals(body)).toBe(true);
      second.release();
    } finally {
      objects.close();
    }
  });
});
