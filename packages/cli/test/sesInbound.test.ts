import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { loadEnv } from "@svc/config";
import { addInboundRoute, addReceivingDomain, markReceivingDomainVerified } from "@svc/core";
import { createLogger } from "@svc/logger";
import { receiptRuleName } from "@svc/providers";
import { createProducerConnection } from "@svc/queues";
import { type App, Shutdown } from "@svc/runtime";
import { signSnsMessage } from "@svc/sns";
import { verifyWebhook } from "@svc/webhooks";
import { type ApiInstance, bearer, startApi } from "../../../apps/api/test/harness.ts";
import { Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "../../../apps/dispatcher/test/support.ts";
import { createIngest, ingestEnvSchema } from "../../../apps/ingest/src/index.ts";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/**
 * SES receiving end to end, with the real SDKs over HTTP against the local AWS server:
 * `svc ses setup --inbound` makes the bucket, rule set and rules (twice: the second run changes
 * nothing); SES "receives" a message (stored in the local S3, a signed Received notification to
 * the real ingester), which reads it from S3 and stores it through core's pipeline; the record
 * is on REST, a signed `received` webhook arrives, a replayed notification stores and sends
 * nothing again, and another workspace gets 404.
 */

// A region of this file's own: setups are recorded per region in the shared test database.
const REGION = "ap-southeast-2";
const BUCKET = "svc-inbound-test";
const PREFIX = "mail/";

const handle = openTestDb();
const log = createLogger("ses-inbound-test", process.env.TEST_LOG_LEVEL ?? "silent");
let aws: AwsLocal;
let ingestUrl: string;
let ingestPort: number;
let ingest: { app: App; close(): Promise<void> } | undefined;
let dispatcher: RunningDispatcher;
let endpoint: Receiver;
let api: ApiInstance;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;
let domain: string;
let secret: string;

const cliEnv = () => ({
  AWS_REGION: REGION,
  SES_ENDPOINT: aws.url,
  SNS_ENDPOINT: aws.url,
  S3_ENDPOINT: aws.url,
  S3_FORCE_PATH_STYLE: "true",
  SES_INBOUND_BUCKET: BUCKET,
  SES_INBOUND_PREFIX: PREFIX,
  AWS_ACCESS_KEY_ID: "AKIDTEST",
  AWS_SECRET_ACCESS_KEY: "test-secret",
  NODE_NO_WARNINGS: "1",
});

interface SetupOutput {
  topicArn: string;
  subscription: { confirmed: boolean };
  inbound: { bucket: string; objectKeyPrefix: string; ruleSet: string; active: boolean; rules: Array<{ name: string; domain: string }> };
  changed: boolean;
  changes: string[];
  toDo: string[];
}
const setup = (extra: string[] = []) =>
  runCliJson<SetupOutput>(["ses", "setup", "--ingest-url", ingestUrl, "--inbound", ...extra], cliEnv());

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  // The in-process ingester's S3 client takes its credentials from the SDK's chain, as in production.
  process.env.AWS_ACCESS_KEY_ID = "AKIDTEST";
  process.env.AWS_SECRET_ACCESS_KEY = "test-secret";
  aws = await startAwsLocal({ region: REGION });
  dispatcher = await startDispatcher();
  endpoint = await Receiver.start(() => ({ status: 204 }));
  api = await startApi();
  await handle.prisma.sesSetup.deleteMany({ where: { region: REGION } });
  fx = await createWorkspaceFixture(handle);
  other = await createWorkspaceFixture(handle);
  domain = `reply.${fx.domain}`;
  const added = await addReceivingDomain(handle.prisma, { workspaceId: fx.workspaceId, domain }, { mxHost: null, region: REGION });
  await markReceivingDomainVerified(handle.prisma, added.id);
  await addInboundRoute(handle.prisma, { receivingDomainId: added.id, address: "help" });
  secret = (await subscribe(handle.prisma, dispatcher.box, fx.workspaceId, endpoint.url("/hooks"), ["received"])).secret;

  ingestPort = await freePort();
  ingestUrl = `http://127.0.0.1:${ingestPort}/sns/ses`;
});

/** The real ingester on SES (started once a topic is recorded: it refuses to start without one). */
async function startIngest(): Promise<void> {
  const env = loadEnv(
    ingestEnvSchema,
    testEnv({
      ...cliEnv(),
      EMAIL_PROVIDER: "ses",
      INGEST_PORT: String(ingestPort),
      SNS_CERT_URL_PATTERN: aws.signingCertUrlPattern,
      // The dispatcher's queue: the ingester's deliveries are its jobs.
      QUEUE_PREFIX: dispatcher.env.QUEUE_PREFIX,
    }),
  );
  const redis = createProducerConnection(env.REDIS_URL);
  const app = createIngest(env, {
    db: handle,
    redis,
    log,
    confirmSubscription: async (url) => {
      const response = await aws.visit(url);
      if (!response.ok) throw new Error(`SubscribeURL answered ${response.status}`);
    },
  });
  ingest = {
    app,
    close: async () => {
      await new Shutdown(log).addAll(app.shutdown).run();
      await redis.quit();
    },
  };
  await app.start();
}

afterAll(async () => {
  await ingest?.close();
  await api?.close();
  await endpoint?.close();
  await dispatcher?.stop();
  await aws?.close();
  await handle.close();
});

let topicArn: string;

describe("svc ses setup --inbound", () => {
  it("creates the bucket, the rule set with a rule per verified receiving domain storing into it and notifying the topic, and activates it", async () => {
    const first = await setup(["--create-bucket", "--wait-seconds", "0"]);
    topicArn = first.topicArn;
    expect(first.subscription.confirmed).toBe(false);
    expect(first.changes).toEqual(
      expect.arrayContaining([
        `S3 bucket ${BUCKET} created`,
        "receipt rule set svc-inbound created",
        "receipt rule set svc-inbound activated",
      ]),
    );
    const ruleName = receiptRuleName("svc", domain);
    expect(first.inbound).toMatchObject({ bucket: BUCKET, objectKeyPrefix: PREFIX, ruleSet: "svc-inbound", active: true });
    expect(first.inbound.rules).toContainEqual({ name: ruleName, domain });
    expect(aws.state.s3.buckets.has(BUCKET)).toBe(true);
    expect(aws.state.ses.activeReceiptRuleSet).toBe("svc-inbound");
    const rule = aws.state.ses.receiptRuleSets.get("svc-inbound")!.rules.find((candidate) => candidate.Name === ruleName);
    expect(rule).toEqual({
      Name: ruleName,
      Enabled: true,
      TlsPolicy: "Optional",
      ScanEnabled: true,
      Recipients: [domain],
      Actions: [{ S3Action: { BucketName: BUCKET, ObjectKeyPrefix: PREFIX, TopicArn: topicArn } }],
    });
  });

  it("with the ingester running gets the subscription confirmed, and then changes nothing when run again", async () => {
    await startIngest();
    const second = await setup(["--create-bucket", "--wait-seconds", "10"]);
    expect(second.subscription.confirmed).toBe(true);
    expect(second.changes).toEqual([`SNS asked to post the subscription confirmation to ${ingestUrl} again`]);
    const before = aws.state.calls.length;
    const third = await setup(["--create-bucket"]);
    expect(third.changes).toEqual([]);
    expect(third.changed).toBe(false);
    expect(aws.state.calls.slice(before).filter((call) => /:(Create|Put|Update|Set|Subscribe|Delete)/.test(call))).toEqual([]);
  });

  it("refuses --inbound without a bucket, and leaves another active rule set in place unless told to replace it", async () => {
    const { runCli } = await import("./runCli.ts");
    const { SES_INBOUND_BUCKET: _bucket, ...withoutBucket } = cliEnv();
    const missing = await runCli(["ses", "setup", "--ingest-url", ingestUrl, "--inbound"], withoutBucket);
    expect(missing.code).not.toBe(0);
    expect(missing.stdout + missing.stderr).toContain("--inbound needs SES_INBOUND_BUCKET");
    aws.state.ses.receiptRuleSets.set("hand-made", { name: "hand-made", createdAt: new Date(), rules: [] });
    aws.state.ses.activeReceiptRuleSet = "hand-made";
    const kept = await setup();
    expect(kept.inbound.active).toBe(false);
    expect(aws.state.ses.activeReceiptRuleSet).toBe("hand-made");
    expect(kept.toDo.join("\n")).toContain("--replace-active-rule-set");
    const replaced = await setup(["--replace-active-rule-set"]);
    expect(replaced.changes).toContain("receipt rule set svc-inbound activated in place of hand-made");
    expect(aws.state.ses.activeReceiptRuleSet).toBe("svc-inbound");
  });
});

describe("a message SES receives", () => {
  const pdf = Buffer.from("%PDF-1.4 receipt");
  const messageTo = (to: string) =>
    [
      "From: Ann <ann@customer.test>",
      `To: ${to}`,
      "Subject: Re: your receipt",
      "Message-ID: <reply-1@customer.test>",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Thanks, got it.",
      "--b1",
      'Content-Type: application/pdf; name="receipt.pdf"',
      'Content-Disposition: attachment; filename="receipt.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      pdf.toString("base64"),
      "--b1--",
      "",
    ].join("\r\n");
  let inboundId: string;
  let notificationBody: string;

  it("is read from S3 by the ingester and stored once with SES's verdicts, its object deleted, and a signed received webhook arrives", async () => {
    const message = messageTo(`help@${domain}`);
    const received = aws.receiveEmail({
      raw: message,
      recipients: [`help@${domain}`, `nobody@${domain}`],
      verdicts: { spf: "PASS", dkim: "FAIL", spam: "PASS", virus: "PASS" },
    });
    const objectKey = received.actions.find((action) => action.type === "S3")!.objectKey!;
    expect(objectKey.startsWith(PREFIX)).toBe(true);
    await aws.settled();
    // Stored, so the bucket no longer holds it.
    expect(aws.state.s3.buckets.get(BUCKET)!.objects.has(objectKey)).toBe(false);
    expect(aws.state.calls).toContain("s3:DeleteObject");
    const delivery = aws.state.sns.deliveries.find((entry) => entry.type === "Notification" && entry.body.includes(received.messageId))!;
    expect(delivery.status).toBe(200);
    notificationBody = delivery.body;

    const records = await handle.prisma.inboundEmail.findMany({ where: { sourceKey: received.messageId } });
    expect(records).toHaveLength(1);
    inboundId = records[0]!.id;
    expect(records[0]).toMatchObject({
      workspaceId: fx.workspaceId,
      source: "ses",
      rcptTo: [`help@${domain}`],
      subject: "Re: your receipt",
      verdicts: { spf: { result: "pass" }, dkim: { result: "fail" }, spam: { result: "pass" }, virus: { result: "pass" } },
    });

    const key = bearer(fx.keys["read-only"]);
    const record = await fetch(`${api.url}/inbound/${inboundId}`, { headers: key });
    expect(record.status).toBe(200);
    expect(await record.json()).toMatchObject({
      id: inboundId,
      text: expect.stringContaining("Thanks, got it."),
      attachments: [{ filename: "receipt.pdf", contentType: "application/pdf", size: pdf.length }],
    });
    const rawAnswer = await fetch(`${api.url}/inbound/${inboundId}/raw`, { headers: key });
    expect(Buffer.from(await rawAnswer.arrayBuffer())).toEqual(Buffer.from(message));
    const file = await fetch(`${api.url}/inbound/${inboundId}/attachments/0`, { headers: key });
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf);

    await waitUntil("the received webhook", () => endpoint.requests.length >= 1);
    const hook = endpoint.requests[0]!;
    expect(hook.headers["x-service-event-type"]).toBe("received");
    expect(verifyWebhook({ rawBody: hook.rawBody, headers: hook.headers, secret }).ok).toBe(true);
    expect(JSON.parse(hook.rawBody.toString())).toMatchObject({
      type: "email.received",
      data: { inboundId, subject: "Re: your receipt", recipients: [`help@${domain}`], verdicts: { dkim: { result: "fail" } } },
    });
  });

  it("replayed by SNS stores nothing twice and sends no second webhook", async () => {
    const answer = await fetch(ingestUrl, {
      method: "POST",
      headers: { "content-type": "text/plain; charset=UTF-8" },
      body: notificationBody,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "duplicate" });
    expect(await handle.prisma.inboundEmail.count({ where: { workspaceId: fx.workspaceId, source: "ses" } })).toBe(1);
    expect(await handle.prisma.webhookDelivery.count({ where: { inboundEmailId: inboundId } })).toBe(1);
    // Give a wrongly queued second delivery time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(endpoint.requests).toHaveLength(1);
  });

  it("while S3 is down is answered 503 (SNS retries) and stores nothing; the retry after S3 is back stores it once", async () => {
    // SES's own write into the bucket still happens (aws-local stores it directly); the ingester's read gets 503s.
    aws.state.s3.unavailable = true;
    const subject = "During an outage";
    const received = aws.receiveEmail({
      raw: messageTo(`help@${domain}`).replace("Re: your receipt", subject),
      recipients: [`help@${domain}`],
    });
    await aws.settled();
    const first = aws.state.sns.deliveries.find((entry) => entry.type === "Notification" && entry.body.includes(received.messageId))!;
    expect(first.status).toBe(503);
    expect(await handle.prisma.inboundEmail.count({ where: { sourceKey: received.messageId } })).toBe(0);

    aws.state.s3.unavailable = false;
    const retry = await fetch(ingestUrl, { method: "POST", headers: { "content-type": "text/plain; charset=UTF-8" }, body: first.body });
    expect(await retry.json()).toEqual({ status: "stored" });
    expect(await handle.prisma.inboundEmail.findMany({ where: { sourceKey: received.messageId }, select: { subject: true } })).toEqual([
      { subject },
    ]);
  });

  it("is 404 to another workspace", async () => {
    const stranger = bearer(other.keys["full-access"]);
    for (const route of [`/inbound/${inboundId}`, `/inbound/${inboundId}/raw`, `/inbound/${inboundId}/attachments/0`]) {
      expect((await fetch(`${api.url}${route}`, { headers: stranger })).status).toBe(404);
    }
  });

  it("naming an object that is not in S3 is kept as unmatched and acknowledged; one for nobody routed stores nothing", async () => {
    const signed = (message: unknown, id: string) =>
      signSnsMessage(
        {
          Type: "Notification" as const,
          MessageId: id,
          TopicArn: topicArn,
          Message: JSON.stringify(message),
          Timestamp: new Date().toISOString(),
          SigningCertURL: aws.signingCertUrl,
          UnsubscribeURL: `${aws.url}/?Action=Unsubscribe`,
        },
        aws.state.sns.signing.privateKeyPem,
        "2",
      );
    const notification = (messageId: string, recipient: string) => ({
      notificationType: "Received",
      mail: { timestamp: new Date().toISOString(), source: "ann@customer.test", messageId, destination: [recipient] },
      receipt: {
        recipients: [recipient],
        spfVerdict: { status: "PASS" },
        dkimVerdict: { status: "PASS" },
        dmarcVerdict: { status: "PASS" },
        spamVerdict: { status: "PASS" },
        virusVerdict: { status: "PASS" },
        action: { type: "S3", topicArn, bucketName: BUCKET, objectKey: `${PREFIX}${messageId}` },
      },
    });
    const post = async (body: unknown) => {
      const response = await fetch(ingestUrl, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(body) });
      return { status: response.status, json: await response.json() };
    };
    const gone = `gone${Date.now()}`;
    const snsId = `sns-${gone}`;
    expect(await post(signed(notification(gone, `help@${domain}`), snsId))).toEqual({ status: 200, json: { status: "unreadable" } });
    expect(await handle.prisma.unmatchedNotification.count({ where: { snsMessageId: snsId } })).toBe(1);
    expect(await handle.prisma.inboundEmail.count({ where: { sourceKey: gone } })).toBe(0);

    const stray = `stray${Date.now()}`;
    expect(await post(signed(notification(stray, `nobody@${domain}`), `sns-${stray}`))).toEqual({
      status: 200,
      json: { status: "unmatched" },
    });
    expect(await handle.prisma.inboundEmail.count({ where: { sourceKey: stray } })).toBe(0);
  });
});
