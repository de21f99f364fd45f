import { readFileSync } from "node:fs";
import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { installationId, s3FileStore, storeInbound } from "@svc/core";
import { newId } from "@svc/db";
import { createProducerConnection, Producer } from "@svc/queues";
import nodemailer from "nodemailer";
import { createWorkspaceFixture, insertEmail, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../support/ses.ts";
import { type ApiCall, callApi, type Stack, startStack } from "../support/stack.ts";

/**
 * Attachment bytes in an S3-compatible object store (FILE_STORE=s3): the api and the sender run
 * (and the SMTP relay) as their own processes, the real AWS SDK talks S3 and SES over HTTP to aws-local (one server
 * for both), and what SES received is compared byte for byte with what was posted. A 30 MB file
 * is 40 MB in base64, past aws-ses-v2-local's 25 MB JSON limit, so SES here is aws-local's
 * SendEmail, which keeps the bytes it was sent.
 */
const BUCKET = "svc-files";
const sdkCredentials = { accessKeyId: FAKE_AWS_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: FAKE_AWS_CREDENTIALS.AWS_SECRET_ACCESS_KEY };
const handle = openTestDb();
let aws: AwsLocal;
let stack: Stack;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;
/** `<install id>/`: where this install's keys sit in the bucket. */
let root: string;

beforeAll(async () => {
  aws = await startAwsLocal({ s3Buckets: [BUCKET], s3MaxBytes: 200 * 1024 * 1024 });
  stack = await startStack({
    apps: ["api", "sender", "smtp"],
    env: {
      ...FAKE_AWS_CREDENTIALS,
      EMAIL_PROVIDER: "ses",
      SES_ENDPOINT: aws.url,
      SES_TENANTS: "off",
      FILE_STORE: "s3",
      S3_ENDPOINT: aws.url,
      S3_BUCKET: BUCKET,
      S3_FORCE_PATH_STYLE: "true",
      SCHEDULE_POLL_INTERVAL_MS: "200",
      SEND_RETRY_BASE_DELAY_MS: "300",
      SEND_RETRY_MAX_DELAY_MS: "600",
    },
  });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
  other = await createWorkspaceFixture(handle, { plan: "unlimited" });
  root = `${await installationId(handle.prisma)}/`;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await aws?.close();
  await handle.close();
});

const api = (path: string, init: ApiCall = {}) => callApi(stack.apiUrl, fx.keys["full-access"], path, init);

/** Keys of the objects the bucket holds for one email (or, without one, for a whole workspace). */
function objectKeys(workspaceId: string, emailId = ""): string[] {
  const prefix = `${root}emails/${workspaceId}/${emailId}`;
  return [...aws.state.s3.buckets.get(BUCKET)!.objects.keys()].filter((key) => key.startsWith(prefix)).sort();
}

async function emailRow(id: string) {
  return handle.prisma.email.findUniqueOrThrow({ where: { id }, select: { status: true, attempts: true, providerMessageId: true } });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function sentBy(providerMessageId: string) {
  return aws.state.ses.sentEmails.find((sent) => sent.messageId === providerMessageId);
}

/** Bytes no compression or pattern would fake: a simple generator, the same on both ends. */
function fileOf(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

describe("attachments in S3", () => {
  it("sends a 30 MB file byte-exact, never stores it in PostgreSQL, and deletes the object after the handoff", async () => {
    const big = fileOf(30_000_000, 7);
    const sent = await api("/emails", {
      body: {
        from: `billing@${fx.domain}`,
        to: ["ann@example.com"],
        subject: "The archive",
        text: "Attached.",
        attachments: [
          { filename: "archive.bin", content: big.toString("base64") },
          { filename: "note.txt", content: Buffer.from("small one").toString("base64") },
        ],
      },
    });
    expect(sent.status).toBe(202);
    const id = sent.body.id as string;
    expect(await handle.prisma.emailAttachment.count({ where: { emailId: id } })).toBe(0);

    const row = await waitFor("the handoff", async () => {
      const current = await emailRow(id);
      return current.status === "sent" ? current : null;
    });
    const delivered = sentBy(row.providerMessageId!)!;
    expect(delivered.attachments.map((file) => file.fileName)).toEqual(["archive.bin", "note.txt"]);
    expect(delivered.attachments[0]!.content.length).toBe(big.length);
    expect(delivered.attachments[0]!.content.equals(big)).toBe(true);
    expect(delivered.attachments[1]!.content.toString()).toBe("small one");

    // Read from S3 by the sender, and deleted from there once SES had the email.
    expect(aws.state.calls).toContain("s3:GetObject");
    await waitFor("the objects' deletion", async () => objectKeys(fx.workspaceId, id).length === 0);
    expect(await handle.prisma.emailAttachment.count({ where: { emailId: id } })).toBe(0);
    // What the files were is still answered.
    const { body: email } = await api(`/emails/${id}`);
    expect(email.attachments).toEqual([
      expect.objectContaining({ filename: "archive.bin", size: big.length }),
      expect.objectContaining({ filename: "note.txt", size: 9 }),
    ]);
  }, 120_000);

  it("cancel deletes a scheduled email's objects; another workspace can neither cancel nor reach them", async () => {
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const sent = await api("/emails", {
      body: {
        from: `billing@${fx.domain}`,
        to: "ann@example.com",
        subject: "Later",
        text: "Later.",
        scheduledAt,
        attachments: [
          { filename: "a.pdf", content: fileOf(1000, 1).toString("base64") },
          { filename: "b.pdf", content: fileOf(2000, 2).toString("base64") },
        ],
      },
    });
    expect(sent.status).toBe(202);
    const id = sent.body.id as string;
    // Keyed by the workspace and email the service made, one object per file.
    expect(objectKeys(fx.workspaceId, id)).toEqual([`${root}emails/${fx.workspaceId}/${id}/0`, `${root}emails/${fx.workspaceId}/${id}/1`]);
    expect(await handle.prisma.emailAttachment.count({ where: { emailId: id } })).toBe(0);

    // Another workspace: its key finds no such email, its cancel touches nothing.
    const otherKey = other.keys["full-access"];
    expect((await api(`/emails/${id}`, { key: otherKey })).status).toBe(404);
    expect((await api(`/emails/${id}/cancel`, { method: "POST", body: {}, key: otherKey })).status).toBe(404);
    expect(objectKeys(fx.workspaceId, id)).toHaveLength(2);
    // Its own files go under its own prefix, whatever the request says.
    const own = await api("/emails", {
      key: otherKey,
      body: {
        from: `x@${other.domain}`,
        to: "bob@example.com",
        subject: "Mine",
        text: "Mine.",
        scheduledAt,
        attachments: [{ filename: "0", content: fileOf(10, 3).toString("base64") }],
      },
    });
    expect(own.status).toBe(202);
    expect(objectKeys(other.workspaceId, own.body.id)).toEqual([`${root}emails/${other.workspaceId}/${own.body.id}/0`]);
    expect(aws.state.s3.buckets.get(BUCKET)!.objects.get(`${root}emails/${fx.workspaceId}/${id}/0`)!.body.equals(fileOf(1000, 1))).toBe(
      true,
    );

    const canceled = await api(`/emails/${id}/cancel`, { method: "POST", body: {} });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe("canceled");
    expect(objectKeys(fx.workspaceId, id)).toEqual([]);
    expect(objectKeys(other.workspaceId, own.body.id)).toHaveLength(1);
  });

  it("takes back the objects of a batch's emails that were not created", async () => {
    const before = new Set(objectKeys(fx.workspaceId));
    const batch = await api("/emails/batch?mode=permissive", {
      body: [
        {
          from: `a@${fx.domain}`,
          to: "ann@example.com",
          subject: "ok",
          text: "ok",
          scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
          attachments: [{ filename: "ok.txt", content: "b2s=" }],
        },
        {
          from: "a@not-ours.example",
          to: "ann@example.com",
          subject: "no",
          text: "no",
          attachments: [{ filename: "no.txt", content: "bm8=" }],
        },
      ],
    });
    expect(batch.status).toBe(202);
    expect(batch.body[1].code).toBe("domain_not_verified");
    const created = batch.body[0].id as string;
    expect(objectKeys(fx.workspaceId).filter((key) => !before.has(key))).toEqual([`${root}emails/${fx.workspaceId}/${created}/0`]);
  });

  it("with S3 down: 503 at accept and nothing stored; an accepted email waits for S3 and is then sent", async () => {
    const before = await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } });
    aws.state.s3.unavailable = true;
    let refused: Awaited<ReturnType<typeof api>>;
    try {
      refused = await api("/emails", {
        body: {
          from: `a@${fx.domain}`,
          to: "ann@example.com",
          subject: "x",
          text: "x",
          attachments: [{ filename: "x.txt", content: "eA==" }],
        },
      });
    } finally {
      aws.state.s3.unavailable = false;
    }
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: expect.stringContaining("file store"), code: "unavailable" });
    expect(await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } })).toBe(before);

    // Accepted while S3 is up, due in a moment; S3 goes down before the sender reads it.
    const file = fileOf(50_000, 9);
    const accepted = await api("/emails", {
      body: {
        from: `a@${fx.domain}`,
        to: "ann@example.com",
        subject: "Waits",
        text: "Waits.",
        scheduledAt: new Date(Date.now() + 1_500).toISOString(),
        attachments: [{ filename: "w.bin", content: file.toString("base64") }],
      },
    });
    expect(accepted.status).toBe(202);
    const id = accepted.body.id as string;
    aws.state.s3.unavailable = true;
    try {
      // The sender claimed it, could not read its file, and gave it back for a retry.
      await waitFor("a failed attempt", async () => {
        const row = await emailRow(id);
        return row.attempts >= 2 && row.status === "queued";
      });
      expect(objectKeys(fx.workspaceId, id)).toHaveLength(1);
    } finally {
      aws.state.s3.unavailable = false;
    }
    const row = await waitFor("the handoff", async () => {
      const current = await emailRow(id);
      return current.status === "sent" ? current : null;
    });
    expect(sentBy(row.providerMessageId!)!.attachments[0]!.content.equals(file)).toBe(true);
    await waitFor("the objects' deletion", async () => objectKeys(fx.workspaceId, id).length === 0);
  }, 90_000);
});

describe("the SMTP relay with attachments in S3", () => {
  it("stores a relayed message's file in the bucket, never in PostgreSQL, and SES gets it byte for byte", async () => {
    const ca = readFileSync(path.join(stack.env.SMTP_TLS_DIR!, "tls-localhost.pem"), "utf8");
    const file = fileOf(200_000, 5);
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: Number(stack.env.SMTP_PORT),
      secure: false,
      requireTLS: true,
      tls: { ca, servername: "localhost" },
      auth: { user: "svc", pass: fx.keys["send-only"] },
    });
    const info = await transport.sendMail({
      from: `billing@${fx.domain}`,
      to: "ann@example.com",
      subject: "Relayed",
      text: "Attached.",
      attachments: [{ filename: "report.bin", content: file, contentType: "application/octet-stream" }],
    });
    transport.close();
    const id = /queued as (email_[A-Za-z0-9]+)/.exec(info.response)![1]!;
    expect(await handle.prisma.emailAttachment.count({ where: { emailId: id } })).toBe(0);
    const row = await waitFor("the handoff", async () => {
      const current = await emailRow(id);
      return current.status === "sent" ? current : null;
    });
    expect(sentBy(row.providerMessageId!)!.attachments[0]!.content.equals(file)).toBe(true);
    await waitFor("the objects' deletion", async () => objectKeys(fx.workspaceId, id).length === 0);
  });
});

describe("received messages in S3", () => {
  it("stores the raw message and its attachments as objects, served by the api to their workspace only", async () => {
    const attachment = fileOf(20_000, 11);
    const raw = Buffer.from(
      [
        "From: Ann <ann@example.com>",
        "To: inbox@example.org",
        "Subject: With a file",
        "Message-ID: <s3-inbound@example.com>",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b1"',
        "",
        "--b1",
        "Content-Type: text/plain",
        "",
        "See attached.",
        "--b1",
        'Content-Type: application/octet-stream; name="data.bin"',
        'Content-Disposition: attachment; filename="data.bin"',
        "Content-Transfer-Encoding: base64",
        "",
        attachment.toString("base64").replace(/.{76}/g, "$&\r\n"),
        "--b1--",
        "",
      ].join("\r\n"),
    );
    const redis = createProducerConnection(stack.env.REDIS_URL!);
    const deliveries = new Producer("webhookDelivery", redis, stack.env.QUEUE_PREFIX!);
    const client = new S3Client({ endpoint: aws.url, region: "us-east-1", forcePathStyle: true, credentials: sdkCredentials });
    const files = s3FileStore(handle, { client, bucket: BUCKET });
    try {
      const [stored] = await storeInbound(
        handle,
        deliveries,
        {
          source: "mx",
          sourceKey: null,
          mailFrom: "ann@example.com",
          recipients: [{ address: "inbox@example.org", workspaceId: fx.workspaceId, receivingDomainId: "rdom_test" }],
          raw,
          verdicts: { spf: { result: "pass" }, dkim: { result: "none" }, dmarc: { result: "none" }, arc: { result: "none" } },
          receivedAt: new Date(),
        },
        files,
      );
      const id = stored!.inboundId!;
      const record = await handle.prisma.inboundEmail.findUniqueOrThrow({ where: { id } });
      expect(record.raw).toBeNull();
      expect(record.size).toBe(raw.length);
      expect(await handle.prisma.inboundAttachment.count({ where: { inboundEmailId: id } })).toBe(0);
      const objects = aws.state.s3.buckets.get(BUCKET)!.objects;
      expect(objects.get(`${root}inbound/${fx.workspaceId}/${id}/raw`)!.body.equals(raw)).toBe(true);
      expect(objects.get(`${root}inbound/${fx.workspaceId}/${id}/0`)!.body.equals(attachment)).toBe(true);

      const headers = { authorization: `Bearer ${fx.keys["read-only"]}` };
      const rawAnswer = await fetch(`${stack.apiUrl}/inbound/${id}/raw`, { headers });
      expect(rawAnswer.status).toBe(200);
      expect(Buffer.from(await rawAnswer.arrayBuffer()).equals(raw)).toBe(true);
      const fileAnswer = await fetch(`${stack.apiUrl}/inbound/${id}/attachments/0`, { headers });
      expect(fileAnswer.status).toBe(200);
      expect(Buffer.from(await fileAnswer.arrayBuffer()).equals(attachment)).toBe(true);
      // Another workspace's key: no such message, no file.
      const theirs = { authorization: `Bearer ${other.keys["full-access"]}` };
      expect((await fetch(`${stack.apiUrl}/inbound/${id}/raw`, { headers: theirs })).status).toBe(404);
      expect((await fetch(`${stack.apiUrl}/inbound/${id}/attachments/0`, { headers: theirs })).status).toBe(404);
      // S3 down: a clear 503, not a 500.
      aws.state.s3.unavailable = true;
      try {
        const down = await fetch(`${stack.apiUrl}/inbound/${id}/raw`, { headers });
        expect(down.status).toBe(503);
        expect(await down.json()).toMatchObject({ code: "unavailable" });
      } finally {
        aws.state.s3.unavailable = false;
      }

      // The record gone (retention, erasure): the sweep deletes its objects.
      await handle.prisma.inboundEmail.delete({ where: { id } });
      const sweeper = s3FileStore(handle, { client, bucket: BUCKET, orphanGraceMs: 0 });
      while ((await sweeper.deleteLeftovers(1000)) > 0);
      expect([...objects.keys()].filter((key) => key.includes(id))).toEqual([]);
    } finally {
      await deliveries.close();
      redis.disconnect();
      client.destroy();
    }
  });
});

describe("the leftover sweep (retention)", () => {
  it("deletes objects of emails past their handoff or gone, keeps those still waiting and fresh orphans", async () => {
    const client = new S3Client({ endpoint: aws.url, region: "us-east-1", forcePathStyle: true, credentials: sdkCredentials });
    const sweeper = s3FileStore(handle, { client, bucket: BUCKET, keyPrefix: "sweep/", orphanGraceMs: 0 });
    const keeper = s3FileStore(handle, { client, bucket: BUCKET, keyPrefix: "sweep/", orphanGraceMs: 3_600_000 });
    const waiting = await insertEmail(handle, fx, { status: "scheduled" });
    const done = await insertEmail(handle, fx, { status: "delivered" });
    const gone = newId("email");
    for (const emailId of [waiting, done, gone])
      await sweeper.putEmailFiles({ workspaceId: fx.workspaceId, emailId }, [Buffer.from(emailId)]);
    const keysUnder = () => [...aws.state.s3.buckets.get(BUCKET)!.objects.keys()].filter((key) => key.startsWith("sweep/")).sort();

    // Within the grace period an unknown email's files may belong to an accept still writing its row.
    expect(await keeper.deleteLeftovers(1000)).toBe(1);
    expect(keysUnder()).toEqual(
      [`sweep/${root}emails/${fx.workspaceId}/${gone}/0`, `sweep/${root}emails/${fx.workspaceId}/${waiting}/0`].sort(),
    );
    expect(await sweeper.deleteLeftovers(1000)).toBe(1);
    expect(keysUnder()).toEqual([`sweep/${root}emails/${fx.workspaceId}/${waiting}/0`]);
    await sweeper.close();
  });
});
