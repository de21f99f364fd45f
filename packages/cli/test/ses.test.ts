import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { PublishCommand, SNSClient } from "@aws-sdk/client-sns";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { loadEnv } from "@svc/config";
import { configurationSetName, eventTypesFor, type TrackingCombination, trackingCombinationsInUse } from "@svc/core";
import { createLogger } from "@svc/logger";
import { EMAIL_ID_TAG, tenantNameOf } from "@svc/providers";
import { createProducerConnection } from "@svc/queues";
import { type App, Shutdown } from "@svc/runtime";
import { signSnsMessage } from "@svc/sns";
import { createIngest, ingestEnvSchema } from "../../../apps/ingest/src/index.ts";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, insertEmail, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/**
 * `svc ses setup` and `svc ses status` as operators run them, against the local AWS server
 * (the real SDK over HTTP), with the real ingester confirming the SNS subscription and judging
 * notifications from the recorded topic and from someone else's.
 */

// A region of this file's own: the test database is shared, and setups are recorded per region.
const REGION = "us-west-2";
const NINE = ["SEND", "DELIVERY", "BOUNCE", "COMPLAINT", "REJECT", "RENDERING_FAILURE", "DELIVERY_DELAY", "OPEN", "CLICK"];
const MUTATING = /:(Create|Put|Update|Set|Subscribe|Delete|Unsubscribe)/;

const handle = openTestDb();
const log = createLogger("ses-setup-test", process.env.TEST_LOG_LEVEL ?? "silent");
let aws: AwsLocal;
let ingestPort: number;
let ingestUrl: string;
let ingest: { app: App; close(): Promise<void> } | null = null;
let fx: WorkspaceFixture;

const cliEnv = () => ({
  AWS_REGION: REGION,
  SES_ENDPOINT: aws.url,
  SNS_ENDPOINT: aws.url,
  AWS_ACCESS_KEY_ID: "AKIDTEST",
  AWS_SECRET_ACCESS_KEY: "test-secret",
  // The SDK warns on stderr about Node 20's end of support; the CLI's own output is what is judged.
  NODE_NO_WARNINGS: "1",
});
const setup = (extra: string[] = []) => runCliJson<SetupOutput>(["ses", "setup", "--ingest-url", ingestUrl, ...extra], cliEnv());

interface SetupOutput {
  region: string;
  accountId: string;
  topicArn: string;
  subscription: { arn: string | null; protocol: string; endpoint: string; confirmed: boolean };
  configurationSets: Array<{
    name: string;
    eventTypes: string[];
    openTracking: boolean;
    clickTracking: boolean;
    trackingDomain: string | null;
  }>;
  eventDestination: string;
  tenants: { workspaces: number; missingIdentities: string[] };
  changed: boolean;
  changes: string[];
  toDo: string[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The real ingester on SES, confirming subscriptions by visiting SubscribeURL (on the local SNS). */
async function startSesIngest(): Promise<{ app: App; close(): Promise<void> }> {
  const env = loadEnv(
    ingestEnvSchema,
    testEnv({ EMAIL_PROVIDER: "ses", INGEST_PORT: String(ingestPort), SNS_CERT_URL_PATTERN: aws.signingCertUrlPattern }),
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
  const close = async () => {
    await new Shutdown(log).addAll(app.shutdown).run();
    await redis.quit();
  };
  try {
    await app.start();
  } catch (error) {
    await close();
    throw error;
  }
  return { app, close };
}

async function post(body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(ingestUrl, {
    method: "POST",
    headers: { "content-type": "text/plain; charset=UTF-8" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

beforeAll(async () => {
  aws = await startAwsLocal({
    region: REGION,
    account: { ProductionAccessEnabled: false, SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 17 } },
  });
  ingestPort = await freePort();
  ingestUrl = `http://127.0.0.1:${ingestPort}/sns/ses`;
  await handle.prisma.sesSetup.deleteMany({ where: { region: REGION } });
  fx = await createWorkspaceFixture(handle);
});

afterAll(async () => {
  await ingest?.close();
  await aws.close();
  await handle.close();
});

let combinations: TrackingCombination[] = [];

describe("svc ses setup", () => {
  let first: SetupOutput;

  it("creates exactly the configuration sets, topic, subscription and event destinations, and records them", async () => {
    first = await setup(["--wait-seconds", "0"]);
    expect(first.changed).toBe(true);
    expect(first.region).toBe(REGION);
    expect(first.accountId).toBe("123456789012");
    expect(first.topicArn).toBe(`arn:aws:sns:${REGION}:123456789012:svc-ses-events`);

    // One configuration set per tracking combination (the four base ones, and one per custom
    // tracking domain that some domain in the database uses), with SES-side suppression and
    // reputation metrics, and an event destination publishing the combination's event types.
    combinations = await trackingCombinationsInUse(handle.prisma);
    const names = combinations.map((combination) => configurationSetName("svc", combination));
    expect(names.slice(0, 4)).toEqual(["svc", "svc-open", "svc-click", "svc-open-click"]);
    expect([...aws.state.ses.configurationSets.keys()].sort()).toEqual([...names].sort());
    for (const combination of combinations) {
      const set = aws.state.ses.configurationSets.get(configurationSetName("svc", combination))!;
      expect(set.reputationOptions).toEqual({ ReputationMetricsEnabled: true });
      expect(set.suppressionOptions).toEqual({ SuppressedReasons: ["BOUNCE", "COMPLAINT"] });
      expect(set.trackingOptions?.CustomRedirectDomain ?? null).toBe(combination.trackingDomain);
      expect([...set.eventDestinations.keys()]).toEqual(["svc-sns"]);
      const destination = set.eventDestinations.get("svc-sns")!;
      expect(destination).toMatchObject({ Enabled: true, SnsDestination: { TopicArn: first.topicArn } });
      expect([...destination.MatchingEventTypes!].sort()).toEqual([...eventTypesFor(combination)].sort());
    }
    // Both kinds of tracking: all nine event types.
    expect(
      [...aws.state.ses.configurationSets.get("svc-open-click")!.eventDestinations.get("svc-sns")!.MatchingEventTypes!].sort(),
    ).toEqual([...NINE].sort());

    // One topic signing with SignatureVersion 2, one HTTP(S) subscription of the ingest URL.
    expect([...aws.state.sns.topics.values()].map((topic) => [topic.arn, topic.attributes.SignatureVersion])).toEqual([
      [first.topicArn, "2"],
    ]);
    const subscriptions = [...aws.state.sns.subscriptions.values()];
    expect(subscriptions.map((subscription) => [subscription.protocol, subscription.endpoint, subscription.pendingConfirmation])).toEqual([
      ["http", ingestUrl, true],
    ]);

    // The ingester was not running: the confirmation did not get through, and the output says what to do.
    await aws.settled();
    expect(first.subscription).toMatchObject({ endpoint: ingestUrl, confirmed: false });
    expect(first.toDo.join("\n")).toContain("Start the ingester with EMAIL_PROVIDER=ses");
    expect(first.toDo.join("\n")).toContain("sandbox");

    const recorded = await handle.prisma.sesSetup.findUniqueOrThrow({ where: { region: REGION } });
    expect(recorded).toMatchObject({
      accountId: "123456789012",
      topicArn: first.topicArn,
      ingestUrl,
      eventDestination: "svc-sns",
      subscriptionArn: null,
    });
    expect((recorded.configurationSets as Array<{ name: string }>).map((set) => set.name)).toEqual(names);
    expect(first.configurationSets.map((set) => set.name)).toEqual(names);
  });

  it("makes every workspace with domains an SES tenant with its own suppression list, its domains' identities and the sets associated", async () => {
    const tenant = aws.state.ses.tenants.get(tenantNameOf(fx.workspaceId))!;
    expect(tenant).toMatchObject({
      suppressionAttributes: { SuppressedReasons: ["BOUNCE", "COMPLAINT"], SuppressionScope: "TENANT" },
      tags: [{ Key: "svc:workspace", Value: fx.workspaceId }],
    });
    const setArns = combinations.map(
      (combination) => `arn:aws:ses:${REGION}:123456789012:configuration-set/${configurationSetName("svc", combination)}`,
    );
    expect([...tenant.resources.keys()].sort()).toEqual([...setArns].sort());
    expect(first.tenants.workspaces).toBe(aws.state.ses.tenants.size);
    expect(first.changes).toContain(`tenant ${tenantNameOf(fx.workspaceId)} created for workspace ${fx.workspaceId}`);
    // The fixture's domain has no SES identity: not associated, and said so.
    expect(first.tenants.missingIdentities).toContain(fx.domain);
    expect(first.toDo.join("\n")).toContain("have no SES identity");

    // Once SES holds the identity, the next run associates it and nothing else.
    aws.state.ses.identities.set(fx.domain, {
      identity: fx.domain,
      type: "DOMAIN",
      verifiedForSending: true,
      verificationStatus: "SUCCESS",
      tags: [],
    });
    const next = await setup(["--wait-seconds", "0"]);
    expect(next.changes.filter((change) => change.startsWith("tenant "))).toEqual([
      `tenant ${tenantNameOf(fx.workspaceId)}: identity ${fx.domain} associated`,
    ]);
    expect(tenant.resources.has(`arn:aws:ses:${REGION}:123456789012:identity/${fx.domain}`)).toBe(true);
    expect(next.tenants.missingIdentities).not.toContain(fx.domain);
  });

  it("repairs the pending subscription once the ingester runs: the real ingester confirms SNS's signed SubscriptionConfirmation", async () => {
    ingest = await startSesIngest();
    const second = await setup(["--wait-seconds", "20"]);
    expect(second.changes).toEqual([`SNS asked to post the subscription confirmation to ${ingestUrl} again`]);
    expect(second.subscription.confirmed).toBe(true);
    const subscription = [...aws.state.sns.subscriptions.values()][0]!;
    expect(subscription.pendingConfirmation).toBe(false);
    expect(second.subscription.arn).toBe(subscription.arn);
    expect(aws.state.sns.deliveries.at(-1)).toMatchObject({ type: "SubscriptionConfirmation", endpoint: ingestUrl, status: 200 });
    expect((await handle.prisma.sesSetup.findUniqueOrThrow({ where: { region: REGION } })).subscriptionArn).toBe(subscription.arn);
  });

  it("changes nothing when run again", async () => {
    const callsBefore = aws.state.calls.length;
    const again = await setup();
    expect(again).toMatchObject({ changed: false, changes: [], subscription: { confirmed: true } });
    const calls = aws.state.calls.slice(callsBefore);
    expect(calls.filter((call) => MUTATING.test(call))).toEqual([]);
    expect(calls.length).toBeGreaterThan(0);
  });

  it("repairs a configuration set and an event destination changed by hand", async () => {
    const set = aws.state.ses.configurationSets.get("svc-open")!;
    set.suppressionOptions = { SuppressedReasons: [] };
    set.eventDestinations.get("svc-sns")!.MatchingEventTypes = ["SEND"];
    aws.state.ses.configurationSets.delete("svc-click");
    const repaired = await setup();
    expect(repaired.changes.sort()).toEqual(
      [
        "configuration set svc-click created",
        "configuration set svc-click: event destination svc-sns created (8 event types to SNS)",
        "configuration set svc-open: SES suppression of bounces and complaints turned on",
        "configuration set svc-open: event destination svc-sns corrected",
      ].sort(),
    );
    expect((await setup()).changed).toBe(false);
  });

  it("refuses a bad ingest URL without calling AWS", async () => {
    const callsBefore = aws.state.calls.length;
    const result = await runCli(["ses", "setup", "--ingest-url", "ftp://example.com/x"], cliEnv());
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toContain("--ingest-url must be an https:// URL.");
    expect(aws.state.calls.length).toBe(callsBefore);
  });
});

describe("the ingester on the recorded topic", () => {
  const foreignTopic = "arn:aws:sns:us-west-2:999999999999:theirs";

  it("accepts SES events published to the recorded topic", async () => {
    const messageId = `0100019-${randomUUID()}-000000`;
    const emailId = await insertEmail(handle, fx, { providerMessageId: messageId });
    const event = {
      eventType: "Delivery",
      mail: {
        timestamp: new Date().toISOString(),
        messageId,
        sendingAccountId: "123456789012",
        tags: { "ses:configuration-set": ["svc-open"], [EMAIL_ID_TAG]: [emailId] },
      },
      delivery: { timestamp: new Date().toISOString(), recipients: ["someone@example.com"] },
    };
    const sns = new SNSClient({
      endpoint: aws.url,
      region: REGION,
      credentials: { accessKeyId: "AKIDTEST", secretAccessKey: "test-secret" },
    });
    try {
      const recorded = await handle.prisma.sesSetup.findUniqueOrThrow({ where: { region: REGION } });
      await sns.send(new PublishCommand({ TopicArn: recorded.topicArn, Message: JSON.stringify(event) }));
    } finally {
      sns.destroy();
    }
    await aws.settled();
    expect(aws.state.sns.deliveries.at(-1)).toMatchObject({ type: "Notification", status: 200 });
    expect(await handle.prisma.emailEvent.count({ where: { emailId, type: "delivered" } })).toBe(1);
  });

  it("refuses another account's genuinely signed topic with 403 and stores nothing", async () => {
    const messageId = `0100019-${randomUUID()}-000000`;
    const emailId = await insertEmail(handle, fx, { providerMessageId: messageId });
    const unmatchedBefore = await handle.prisma.unmatchedNotification.count();
    const visitsBefore = aws.state.calls.filter((call) => call === "sns:ConfirmSubscription").length;
    const sign = <M extends Parameters<typeof signSnsMessage>[0]>(message: M) =>
      signSnsMessage(message, aws.state.sns.signing.privateKeyPem, "2");
    const notification = sign({
      Type: "Notification" as const,
      MessageId: randomUUID(),
      TopicArn: foreignTopic,
      Message: JSON.stringify({
        eventType: "Bounce",
        mail: { messageId, tags: { [EMAIL_ID_TAG]: [emailId] } },
        bounce: { bounceType: "Permanent", bouncedRecipients: [{ emailAddress: "someone@example.com" }] },
      }),
      Timestamp: new Date().toISOString(),
      SigningCertURL: aws.signingCertUrl,
    });
    expect(await post(notification)).toEqual({ status: 403, json: { error: "SNS message could not be verified.", code: "forbidden" } });
    const confirmation = sign({
      Type: "SubscriptionConfirmation" as const,
      MessageId: randomUUID(),
      TopicArn: foreignTopic,
      Token: "abc",
      Message: "subscribe",
      SubscribeURL: `https://sns.${REGION}.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${foreignTopic}&Token=abc`,
      Timestamp: new Date().toISOString(),
      SigningCertURL: aws.signingCertUrl,
    });
    expect((await post(confirmation)).status).toBe(403);
    expect(await handle.prisma.emailEvent.count({ where: { emailId } })).toBe(0);
    expect(await handle.prisma.unmatchedNotification.count()).toBe(unmatchedBefore);
    expect(aws.state.calls.filter((call) => call === "sns:ConfirmSubscription").length).toBe(visitsBefore);
  });

  it("treats an event naming another sending account or configuration set as unmatched", async () => {
    const recorded = await handle.prisma.sesSetup.findUniqueOrThrow({ where: { region: REGION } });
    for (const mail of [
      { sendingAccountId: "999999999999", tags: { "ses:configuration-set": ["svc"] } },
      { sendingAccountId: "123456789012", tags: { "ses:configuration-set": ["someone-elses-set"] } },
    ]) {
      const messageId = `0100019-${randomUUID()}-000000`;
      const emailId = await insertEmail(handle, fx, { providerMessageId: messageId });
      const notification = signSnsMessage(
        {
          Type: "Notification" as const,
          MessageId: randomUUID(),
          TopicArn: recorded.topicArn,
          Message: JSON.stringify({
            eventType: "Complaint",
            mail: { messageId, ...mail, tags: { ...mail.tags, [EMAIL_ID_TAG]: [emailId] } },
            complaint: { complainedRecipients: [{ emailAddress: "a@example.com" }] },
          }),
          Timestamp: new Date().toISOString(),
          SigningCertURL: aws.signingCertUrl,
        },
        aws.state.sns.signing.privateKeyPem,
        "2",
      );
      expect(await post(notification)).toEqual({ status: 200, json: { status: "unmatched" } });
      expect(await handle.prisma.emailEvent.count({ where: { emailId } })).toBe(0);
      expect(await handle.prisma.unmatchedNotification.count({ where: { snsMessageId: notification.MessageId } })).toBe(1);
    }
  });
});

describe("svc ses status", () => {
  it("shows quota, rate, sandbox, the resources' state and the last notification", async () => {
    // The ingester notes the time in the background.
    for (let i = 0; i < 100 && !(await handle.prisma.sesSetup.findUniqueOrThrow({ where: { region: REGION } })).lastNotificationAt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const status = await runCliJson<Record<string, any>>(["ses", "status"], cliEnv());
    expect(status.account).toEqual({
      productionAccess: false,
      sendingEnabled: true,
      enforcementStatus: "HEALTHY",
      max24HourSend: 200,
      maxSendRate: 1,
      sentLast24Hours: 17,
    });
    expect(status.topic).toMatchObject({ exists: true, signatureVersion: "2" });
    expect(status.subscription).toMatchObject({ endpoint: ingestUrl, confirmed: true });
    expect(status.configurationSets.map((set: { name: string; exists: boolean }) => [set.name, set.exists])).toEqual(
      combinations.map((combination) => [configurationSetName("svc", combination), true]),
    );
    expect(Date.parse(status.lastNotificationAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(status.problems).toEqual([expect.stringContaining("sandbox")]);

    aws.state.ses.configurationSets.delete("svc-open");
    const broken = await runCliJson<Record<string, any>>(["ses", "status"], cliEnv());
    expect(broken.problems).toContain("Configuration set svc-open is missing: run svc ses setup.");
  });
});
