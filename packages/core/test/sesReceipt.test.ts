import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  addInboundRoute,
  addReceivingDomain,
  ingestSesReceipt,
  markReceivingDomainVerified,
  type SesReceipt,
  sesReceiptSchema,
} from "@svc/core";
import { type DbHandle, newId } from "@svc/db";
import { createProducerConnection, Producer, type Redis } from "@svc/queues";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";

let handle: DbHandle;
let redis: Redis;
let producer: Producer<"webhookDelivery">;
let fx: WorkspaceFixture;
let domain: string;

beforeAll(async () => {
  handle = openTestDb();
  redis = createProducerConnection(TEST_REDIS_URL, { disconnectTimeout: 100 });
  producer = new Producer("webhookDelivery", redis, uniquePrefix("ses-receipt"));
  fx = await createWorkspaceFixture(handle);
  domain = `in.${fx.domain}`;
  const added = await addReceivingDomain(handle.prisma, { workspaceId: fx.workspaceId, domain }, { mxHost: null, region: "eu-west-1" });
  expect(added.records.find((record) => record.type === "MX")!.value).toBe("inbound-smtp.eu-west-1.amazonaws.com");
  await markReceivingDomainVerified(handle.prisma, added.id);
  await addInboundRoute(handle.prisma, { receivingDomainId: added.id, address: "*" });
  await handle.prisma.webhookSubscription.create({
    data: {
      id: newId("webhook"),
      workspaceId: fx.workspaceId,
      url: "https://hooks.example.com/",
      events: ["received"],
      secretEncrypted: "unused",
    },
  });
});

afterAll(async () => {
  await producer.queue.obliterate({ force: true }).catch(() => {});
  await producer.close();
  redis.disconnect();
  await handle.close();
});

function receipt(messageId: string, virus = "PASS"): SesReceipt {
  return sesReceiptSchema.parse({
    notificationType: "Received",
    mail: { messageId, source: "ann@sender.test", timestamp: "2026-11-26T12:00:00.000Z", destination: [`help@${domain}`] },
    receipt: {
      recipients: [`help@${domain}`],
      spfVerdict: { status: "PASS" },
      dkimVerdict: { status: "PASS" },
      dmarcVerdict: { status: "PASS" },
      spamVerdict: { status: "PASS" },
      virusVerdict: { status: virus },
      action: { type: "S3", bucketName: "inbound-bucket", objectKey: `mail/${messageId}` },
    },
  });
}

describe("an SES receipt notification", () => {
  const raw = Buffer.from("From: ann@sender.test\r\nTo: help@x\r\nSubject: Via SES\r\n\r\nHello\r\n");
  const objects = new Map<string, Buffer>();
  const readObject = {
    read: async (bucket: string, key: string) => {
      const object = objects.get(`${bucket}/${key}`);
      if (!object) throw new Error("NoSuchKey");
      return { bytes: object, release: () => {} };
    },
    // Kept: the replay below is answered from the records, the read is what it must not repeat.
    delete: async () => {},
  };

  it("is stored once with SES's verdicts and one received delivery; a replay stores nothing", async () => {
    const messageId = `ses-${Date.now()}`;
    objects.set(`inbound-bucket/mail/${messageId}`, raw);
    const first = await ingestSesReceipt(handle, producer, receipt(messageId), readObject);
    const replay = await ingestSesReceipt(handle, producer, receipt(messageId), readObject);
    expect(first).toMatchObject({ kind: "stored", stored: [{ workspaceId: fx.workspaceId, created: true }] });
    expect(replay).toMatchObject({ kind: "stored", stored: [{ created: false, deliveryIds: [] }] });
    const records = await handle.prisma.inboundEmail.findMany({ where: { workspaceId: fx.workspaceId, sourceKey: messageId } });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      source: "ses",
      subject: "Via SES",
      verdicts: { spf: { result: "pass" }, virus: { result: "pass" } },
    });
    expect(Buffer.from(records[0]!.raw!)).toEqual(raw);
    expect(await handle.prisma.webhookDelivery.count({ where: { inboundEmailId: records[0]!.id } })).toBe(1);
  });

  it("with a virus verdict FAIL stores nothing", async () => {
    const messageId = `ses-virus-${Date.now()}`;
    objects.set(`inbound-bucket/mail/${messageId}`, raw);
    expect(await ingestSesReceipt(handle, producer, receipt(messageId, "FAIL"), readObject)).toEqual({
      kind: "refused",
      reason: "virus",
    });
    expect(await handle.prisma.inboundEmail.count({ where: { sourceKey: messageId } })).toBe(0);
  });
});
