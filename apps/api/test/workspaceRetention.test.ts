import { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { type FileStore, runRetentionOnce, s3FileStore, setWorkspaceRetention, storeInbound } from "@svc/core";
import { newId, newTimeId } from "@svc/db";
import { createProducerConnection, Producer } from "@svc/queues";
import request from "supertest";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, insertEmail, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

/**
 * A workspace's own retention: privacy mode clears bodies once handed off (received mail once its
 * webhooks are delivered), a short body retention clears older bodies, a metadata retention
 * shorter than the plan's deletes records sooner; another workspace on defaults is untouched.
 * Files in the object store go with the bodies they belong to.
 */

const BUCKET = "svc-workspace-retention";
const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
const handle = openTestDb();
let aws: AwsLocal;
let client: S3Client;
let files: FileStore;
let api: ApiInstance;
// No leftover sweep (it would delete handed-off emails' objects on its own): what goes, goes with its body.
const noSweep = { sweepKeys: 0, deletions: 10_000 };
const operator = { actor: { type: "operator" as const, id: "cli:test" }, source: "test" };

beforeAll(async () => {
  aws = await startAwsLocal({ s3Buckets: [BUCKET] });
  client = new S3Client({
    endpoint: aws.url,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: FAKE_AWS_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: FAKE_AWS_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  files = s3FileStore(handle, { client, bucket: BUCKET });
  api = await startApi();
});

afterAll(async () => {
  await api.close();
  await files.close();
  client.destroy();
  await aws.close();
  await handle.close();
});

const objectKeys = () => [...aws.state.s3.buckets.get(BUCKET)!.objects.keys()];
const keysOf = (id: string) => objectKeys().filter((key) => key.includes(`/${id}/`));

/** A finished email handed off at `at`, with a body, template variables and one attachment in the object store. */
async function emailWithBody(fx: WorkspaceFixture, at: Date, status: "delivered" | "queued" = "delivered"): Promise<string> {
  const id = await insertEmail(handle, fx, { status, createdAt: at, ...(status === "queued" ? {} : { lastActivityAt: at }) });
  await handle.prisma.email.update({
    where: { id },
    data: {
      subject: "Your invoice",
      html: "<p>Private</p>",
      text: "Private",
      templateVariables: { name: "Ada" },
      attachments: [{ filename: "invoice.pdf", contentType: "application/pdf", contentId: null, size: 4 }],
      ...(status === "queued" ? { sentAt: null } : {}),
    },
  });
  await files.putEmailFiles({ workspaceId: fx.workspaceId, emailId: id }, [Buffer.from("file")]);
  return id;
}

/** A received message of `at` whose raw bytes and one attachment the object store holds. */
async function inboundWithBody(fx: WorkspaceFixture, at: Date): Promise<string> {
  const id = newTimeId("inbound", at);
  await files.putInboundFiles({ workspaceId: fx.workspaceId, inboundId: id }, Buffer.from(`raw ${id}`), [Buffer.from("file")]);
  await handle.prisma.inboundEmail.create({
    data: {
      id,
      workspaceId: fx.workspaceId,
      source: "mx",
      mailFrom: "x@example.org",
      rcptTo: ["in@example.org"],
      subject: "Private reply",
      text: "Private",
      headers: [["Subject", "Private reply"]],
      size: 10,
      receivedAt: at,
      attachments: [{ filename: "a.txt", contentType: "text/plain", size: 4 }],
    },
  });
  return id;
}

/** A `received` delivery of the message, still pending (its webhook not yet delivered). */
async function pendingDelivery(fx: WorkspaceFixture, inboundId: string): Promise<void> {
  const subscription = await handle.prisma.webhookSubscription.create({
    data: {
      id: newId("webhook"),
      workspaceId: fx.workspaceId,
      url: "https://hooks.example.com",
      events: ["received"],
      secretEncrypted: "v1.a.b.c",
    },
  });
  await handle.prisma.webhookDelivery.create({
    data: { id: newId("delivery"), subscriptionId: subscription.id, inboundEmailId: inboundId, eventType: "received", body: "{}" },
  });
}

interface BodyRow {
  subject: string | null;
  html: string | null;
  text: string | null;
  bodyRemovedAt: Date | null;
}

async function emailRow(
  id: string,
): Promise<(BodyRow & { to: string[]; variables: unknown; attachments: unknown; contents: number }) | null> {
  const { rows } = await handle.pool.query(
    `SELECT subject, html, text, "bodyRemovedAt", "to", "templateVariables" AS variables, attachments,
            (SELECT count(*)::int FROM email_attachments a WHERE a."emailId" = e.id) AS contents
       FROM emails e WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

async function inboundRow(id: string): Promise<(BodyRow & { rcptTo: string[]; headers: unknown; attachments: unknown }) | null> {
  const { rows } = await handle.pool.query(
    `SELECT subject, html, text, "bodyRemovedAt", "rcptTo", headers, attachments FROM inbound_emails WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

describe("retention per workspace", () => {
  it("clears the private workspace's bodies (rows and objects), keeps its metadata to its own limit, and leaves the other workspace alone", async () => {
    const now = new Date();
    const priv = await createWorkspaceFixture(handle, { plan: "free" }); // plan: 30 days
    const other = await createWorkspaceFixture(handle, { plan: "free" });
    await setWorkspaceRetention(
      handle,
      priv.workspaceId,
      { privacyMode: "on", bodyRetentionDays: "1", metadataRetentionDays: "10" },
      operator,
    );

    const justSent = await emailWithBody(priv, new Date(now.getTime() - HOUR));
    const fiveDaysOld = await emailWithBody(priv, new Date(now.getTime() - 5 * DAY));
    const pastMetadata = await emailWithBody(priv, new Date(now.getTime() - 12 * DAY));
    const notHandedOff = await emailWithBody(priv, new Date(now.getTime() - HOUR), "queued");
    const received = await inboundWithBody(priv, new Date(now.getTime() - HOUR));
    const awaitingWebhook = await inboundWithBody(priv, new Date(now.getTime() - HOUR));
    await pendingDelivery(priv, awaitingWebhook);
    const justReceived = await inboundWithBody(priv, new Date(now.getTime() - 60_000));
    const receivedPastMetadata = await inboundWithBody(priv, new Date(now.getTime() - 12 * DAY));
    const othersEmail = await emailWithBody(other, new Date(now.getTime() - 12 * DAY));
    const othersRecent = await emailWithBody(other, new Date(now.getTime() - HOUR));
    const othersInbound = await inboundWithBody(other, new Date(now.getTime() - 12 * DAY));
    const othersKeys = [othersEmail, othersRecent, othersInbound].flatMap(keysOf).sort();
    expect(othersKeys).toHaveLength(4);

    const run = await runRetentionOnce(handle, now, { files, budget: noSweep });
    expect(run.ran).toBe(true);

    // Bodies gone (subject, text, HTML, variables, attachments and their bytes), addresses kept.
    for (const id of [justSent, fiveDaysOld]) {
      const row = await emailRow(id);
      expect(row).toMatchObject({ subject: "", html: null, text: null, variables: null, attachments: [], contents: 0 });
      expect(row?.to).toEqual(["recipient@example.com"]);
      expect(row?.bodyRemovedAt?.getTime()).toBe(now.getTime());
      expect(keysOf(id)).toEqual([]);
    }
    // Never before the handoff: the sender still needs it.
    expect(await emailRow(notHandedOff)).toMatchObject({ subject: "Your invoice", text: "Private", bodyRemovedAt: null });
    expect(keysOf(notHandedOff)).toHaveLength(1);
    // Past its own metadata retention (10 days, under the plan's 30): the record and its files are gone.
    expect(await emailRow(pastMetadata)).toBeNull();
    expect(keysOf(pastMetadata)).toEqual([]);
    expect(await inboundRow(receivedPastMetadata)).toBeNull();
    expect(keysOf(receivedPastMetadata)).toEqual([]);

    // Received: cleared once no webhook is pending and the grace has passed.
    const cleared = await inboundRow(received);
    expect(cleared).toMatchObject({ subject: null, text: null, html: null, headers: [], attachments: [], rcptTo: ["in@example.org"] });
    expect(cleared?.bodyRemovedAt).not.toBeNull();
    expect(keysOf(received)).toEqual([]);
    expect(await handle.pool.query(`SELECT 1 FROM inbound_attachments WHERE "inboundEmailId" = $1`, [received])).toHaveProperty(
      "rowCount",
      0,
    );
    expect(await inboundRow(awaitingWebhook)).toMatchObject({ subject: "Private reply", bodyRemovedAt: null });
    expect(keysOf(awaitingWebhook)).toHaveLength(2);
    expect(await inboundRow(justReceived)).toMatchObject({ subject: "Private reply", bodyRemovedAt: null });

    // The other workspace (plan defaults) is untouched: bodies, records and objects.
    for (const id of [othersEmail, othersRecent])
      expect(await emailRow(id)).toMatchObject({ subject: "Your invoice", text: "Private", bodyRemovedAt: null });
    expect(await inboundRow(othersInbound)).toMatchObject({ subject: "Private reply", bodyRemovedAt: null });
    expect([othersEmail, othersRecent, othersInbound].flatMap(keysOf).sort()).toEqual(othersKeys);
    expect(await handle.prisma.fileDeletion.count({ where: { workspaceId: { in: [priv.workspaceId, other.workspaceId] } } })).toBe(0);

    // The email view says when the body went; the other workspace's says it is kept.
    const view = await request(api.url).get(`/emails/${fiveDaysOld}`).set(bearer(priv.keys["read-only"]));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ subject: "", text: null, html: null, attachments: [], bodyRemovedAt: now.toISOString() });
    const kept = await request(api.url).get(`/emails/${othersRecent}`).set(bearer(other.keys["read-only"]));
    expect(kept.body).toMatchObject({ subject: "Your invoice", bodyRemovedAt: null });
    const listed = await request(api.url).get("/emails").set(bearer(priv.keys["read-only"]));
    expect((listed.body as Array<{ id: string }>).find((email) => email.id === justSent)).toMatchObject({
      bodyRemovedAt: now.toISOString(),
    });
    // A cleared received message's raw bytes are not served, though a store object might linger.
    const raw = await request(api.url).get(`/inbound/${received}/raw`).set(bearer(priv.keys["read-only"]));
    expect(raw.status).toBe(404);
    expect(raw.body.code).toBe("not_found");

    // The pending webhook is delivered: the next run clears that message too.
    await handle.prisma.webhookDelivery.updateMany({ where: { inboundEmailId: awaitingWebhook }, data: { status: "succeeded" } });
    await runRetentionOnce(handle, new Date(now.getTime() + 60_000), { files, budget: noSweep });
    expect((await inboundRow(awaitingWebhook))?.bodyRemovedAt).not.toBeNull();
    expect(keysOf(awaitingWebhook)).toEqual([]);
  });

  it("clears a received message's subject from the saved bodies of its webhook deliveries (replay copies too) with its body; the other workspace's keep theirs", async () => {
    const priv = await createWorkspaceFixture(handle, { plan: "free" });
    const other = await createWorkspaceFixture(handle, { plan: "free" });
    await setWorkspaceRetention(handle, priv.workspaceId, { privacyMode: "on" }, operator);
    const subscriptions: Record<string, string> = {};
    for (const fx of [priv, other]) {
      const created = await request(api.url)
        .post("/webhooks")
        .set(bearer(fx.keys["full-access"]))
        .send({ url: "https://hooks.example.com/in", events: ["received"] });
      expect(created.status).toBe(201);
      subscriptions[fx.workspaceId] = created.body.id as string;
    }

    // One message reaching both workspaces, through the path the MX receiver takes: a record and a delivery in each.
    const receivedAt = new Date(Date.now() - 20 * 60_000);
    const raw = Buffer.from(
      [
        "From: Ann <ann@example.com>",
        "To: in@example.org, in@example.net",
        'Subject: Re: "the contract" \\ private',
        "Message-ID: <subject-test@example.com>",
        "",
        "Private text.",
        "",
      ].join("\r\n"),
    );
    const env = testEnv();
    const redis = createProducerConnection(env.REDIS_URL!);
    const producer = new Producer("webhookDelivery", redis, env.QUEUE_PREFIX!);
    let stored;
    try {
      stored = await storeInbound(handle, producer, {
        source: "mx",
        sourceKey: null,
        mailFrom: "ann@example.com",
        recipients: [
          { address: "in@example.org", workspaceId: priv.workspaceId, receivingDomainId: "rdom_private" },
          { address: "in@example.net", workspaceId: other.workspaceId, receivingDomainId: "rdom_other" },
        ],
        raw,
        verdicts: { spf: { result: "pass" }, dkim: { result: "none" }, dmarc: { result: "none" }, arc: { result: "none" } },
        receivedAt,
      });
    } finally {
      await producer.queue.obliterate({ force: true }).catch(() => {});
      await producer.close();
      redis.disconnect();
    }
    const inboundOf = (fx: WorkspaceFixture) => stored.find((s) => s.workspaceId === fx.workspaceId)!.inboundId!;
    // The dispatcher delivered both; a replay of the private one's makes a copy under a new id.
    await handle.prisma.webhookDelivery.updateMany({
      where: { inboundEmailId: { in: [inboundOf(priv), inboundOf(other)] } },
      data: { status: "succeeded", completedAt: new Date() },
    });
    const [original] = await handle.prisma.webhookDelivery.findMany({ where: { inboundEmailId: inboundOf(priv) } });
    const replay = await request(api.url)
      .post(`/webhooks/${subscriptions[priv.workspaceId]}/replays`)
      .set(bearer(priv.keys["full-access"]))
      .send({ kind: "delivery", deliveryId: original!.id });
    expect(replay.status).toBe(202);

    const bodiesOf = async (fx: WorkspaceFixture) =>
      (
        await handle.prisma.webhookDelivery.findMany({ where: { subscriptionId: subscriptions[fx.workspaceId] }, orderBy: { id: "asc" } })
      ).map((d) => ({ id: d.id, body: d.body }));
    const before = await bodiesOf(priv);
    expect(before).toHaveLength(2);
    for (const { body } of before) expect(JSON.parse(body).data.subject).toBe('Re: "the contract" \\ private');
    const othersBefore = await bodiesOf(other);
    expect(othersBefore).toHaveLength(1);

    // The copy is pending: the message keeps its body until it is delivered too.
    await runRetentionOnce(handle, new Date(), { files, budget: noSweep });
    expect(await inboundRow(inboundOf(priv))).toMatchObject({ subject: 'Re: "the contract" \\ private', bodyRemovedAt: null });
    expect((await bodiesOf(priv)).map((d) => JSON.parse(d.body).data.subject)).toEqual(before.map(() => 'Re: "the contract" \\ private'));

    await handle.prisma.webhookDelivery.updateMany({
      where: { subscriptionId: subscriptions[priv.workspaceId] },
      data: { status: "succeeded" },
    });
    await runRetentionOnce(handle, new Date(), { files, budget: noSweep });
    expect(await inboundRow(inboundOf(priv))).toMatchObject({ subject: null, text: null });
    const after = await bodiesOf(priv);
    expect(after.map((d) => d.id)).toEqual(before.map((d) => d.id));
    for (const [index, { id, body }] of after.entries()) {
      // Only the subject went: the same bytes otherwise, its id still leading (what a later replay copies).
      expect(body.startsWith(`{"id":${JSON.stringify(id)},`)).toBe(true);
      expect(body).not.toContain("the contract");
      const was = JSON.parse(before[index]!.body);
      was.data.subject = null;
      expect(body).toBe(JSON.stringify(was));
    }
    // The other workspace (privacy off): its message and its delivery keep the subject.
    expect(await inboundRow(inboundOf(other))).toMatchObject({ subject: 'Re: "the contract" \\ private', bodyRemovedAt: null });
    expect(await bodiesOf(other)).toEqual(othersBefore);
    expect(JSON.parse(othersBefore[0]!.body).data.subject).toBe('Re: "the contract" \\ private');
  });

  it("with privacy off, a short body retention clears only bodies older than it", async () => {
    const now = new Date();
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    await setWorkspaceRetention(handle, fx.workspaceId, { bodyRetentionDays: 3 }, operator);
    const old = await emailWithBody(fx, new Date(now.getTime() - 4 * DAY));
    const young = await emailWithBody(fx, new Date(now.getTime() - 2 * DAY));
    const oldReceived = await inboundWithBody(fx, new Date(now.getTime() - 4 * DAY));
    const youngReceived = await inboundWithBody(fx, new Date(now.getTime() - HOUR));
    await runRetentionOnce(handle, now, { files, budget: noSweep });
    expect(await emailRow(old)).toMatchObject({ subject: "", text: null });
    expect(keysOf(old)).toEqual([]);
    expect(await emailRow(young)).toMatchObject({ subject: "Your invoice", bodyRemovedAt: null });
    expect(keysOf(young)).toHaveLength(1);
    expect(await inboundRow(oldReceived)).toMatchObject({ subject: null });
    expect(await inboundRow(youngReceived)).toMatchObject({ subject: "Private reply", bodyRemovedAt: null });
  });

  it("refuses days over the plan's, negative days or a body kept longer than its record with 422 naming the field, changing nothing", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    await setWorkspaceRetention(handle, fx.workspaceId, { bodyRetentionDays: 5, metadataRetentionDays: 20 }, operator);
    const entries = async () =>
      (await handle.pool.query(`SELECT count(*)::int AS n FROM audit_log WHERE "workspaceId" = $1`, [fx.workspaceId])).rows[0].n as number;
    const before = await entries();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ metadataRetentionDays: 31 }, "metadataRetentionDays"],
      [{ bodyRetentionDays: -1 }, "bodyRetentionDays"],
      [{ bodyRetentionDays: "ten" }, "bodyRetentionDays"],
      [{ bodyRetentionDays: 21 }, "bodyRetentionDays"],
      [{ metadataRetentionDays: 4 }, "bodyRetentionDays"],
      [{ metadataRetentionDays: 0 }, "metadataRetentionDays"],
      [{ privacyMode: "maybe" }, "privacyMode"],
    ];
    for (const [input, field] of cases) {
      const error = await setWorkspaceRetention(handle, fx.workspaceId, input, operator).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: "validation_failed", status: 422 });
      expect((error as Error).message.startsWith(`${field}:`)).toBe(true);
    }
    const row = await handle.prisma.workspace.findUniqueOrThrow({ where: { id: fx.workspaceId } });
    expect(row).toMatchObject({ bodyRetentionDays: 5, metadataRetentionDays: 20, privacyMode: false });
    expect(await entries()).toBe(before);
  });
});
