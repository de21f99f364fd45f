import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createReceivedObjectReader, ReceivedObjectMissing, ReceivedObjectTooLarge } from "@svc/providers";
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

const reader = (maxBytes: number) =>
  createReceivedObjectReader({ AWS_REGION: "us-east-1", S3_ENDPOINT: aws.url, S3_FORCE_PATH_STYLE: true }, maxBytes);
const put = (key: string, body: Buffer) => putObject(aws.state.s3, BUCKET, key, body, { contentType: "message/rfc822", metadata: {} });

describe("the SES receiving bucket's reader (real S3 client against aws-local)", () => {
  it("reads an object within the limit byte for byte, and deletes it", async () => {
    const body = Buffer.from(`Subject: hi\r\n\r\n${"x".repeat(5000)}\r\n`);
    put("inbound/ok", body);
    const objects = reader(8 * 1024);
    try {
      expect((await objects.read(BUCKET, "inbound/ok")).equals(body)).toBe(true);
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
});
