import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { recordSesSetup, setDomainTracking } from "@svc/core";
import { createProducerConnection, Producer } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type RecordingProxy, type SesLocal, startRecordingProxy, startSesLocal } from "../../../test/support/ses.ts";
import { createTestSender, insertEmail, senderTestEnv, waitFor } from "./support.ts";

/**
 * The sender sends through the configuration set `svc ses setup` recorded for the sending
 * domain's tracking (SES_CONFIGURATION_SET overrides it), and takes the SES account's
 * MaxSendRate as its rate when SES_MAX_SEND_RATE is unset.
 */

// A region of this file's own: setups are recorded per region in the shared test database.
const REGION = "eu-central-1";
const handle = openTestDb();
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let emulator: SesLocal;
let proxy: RecordingProxy;
let fx: WorkspaceFixture;

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  emulator = await startSesLocal();
  proxy = await startRecordingProxy(emulator.url);
  fx = await createWorkspaceFixture(handle);
  await recordSesSetup(handle.prisma, {
    region: REGION,
    accountId: "123456789012",
    topicArn: `arn:aws:sns:${REGION}:123456789012:svc-ses-events`,
    subscriptionArn: null,
    ingestUrl: "https://ingest.example.com/sns/ses",
    eventDestination: "svc-sns",
    configurationSets: [
      { name: "svc", openTracking: false, clickTracking: false, trackingDomain: null },
      { name: "svc-open", openTracking: true, clickTracking: false, trackingDomain: null },
      { name: "svc-click", openTracking: false, clickTracking: true, trackingDomain: null },
      { name: "svc-open-click", openTracking: true, clickTracking: true, trackingDomain: null },
    ],
  });
});

afterAll(async () => {
  // Other files' `svc ses setup` makes a set for every custom tracking domain in the database.
  await handle.prisma.domain.updateMany({
    where: { workspaceId: fx.workspaceId },
    data: { openTracking: false, clickTracking: false, trackingDomain: null },
  });
  await proxy.stop();
  await emulator.stop();
  await redis.quit();
  await handle.close();
});

/** Sends one email of the fixture's domain and answers the ConfigurationSetName SES received. */
async function sendOne(overrides: Record<string, string> = {}): Promise<unknown> {
  const env = senderTestEnv({ SES_ENDPOINT: proxy.url, AWS_REGION: REGION, ...overrides });
  const sender = createTestSender(env);
  const queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
  try {
    await sender.start();
    const before = proxy.sendBodies.length;
    const id = await insertEmail(handle, fx, { status: "queued" });
    await queue.enqueue(id, { emailId: id });
    await waitFor(`${id} sent`, async () => (await handle.prisma.email.findUniqueOrThrow({ where: { id } })).status === "sent");
    const body = proxy.sendBodies.slice(before).find((sent) => JSON.stringify(sent).includes(id));
    return body?.ConfigurationSetName;
  } finally {
    await sender.close();
    await queue.queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  }
}

describe("configuration sets", () => {
  it("sends through the recorded set that matches the domain's tracking", async () => {
    expect(await sendOne()).toBe("svc");
    const domain = await handle.prisma.domain.findFirstOrThrow({ where: { workspaceId: fx.workspaceId } });
    await setDomainTracking(handle.prisma, domain.id, { open: true, click: true });
    expect(await sendOne()).toBe("svc-open-click");
    // A custom tracking domain whose set setup has not made yet: the same tracking on SES's own domain.
    await setDomainTracking(handle.prisma, domain.id, { click: false, domain: `track.${domain.name}` });
    expect(await sendOne()).toBe("svc-open");
  });

  it("SES_CONFIGURATION_SET overrides the recorded sets", async () => {
    expect(await sendOne({ SES_CONFIGURATION_SET: "operator-set" })).toBe("operator-set");
  });
});

describe("the send rate", () => {
  let aws: AwsLocal;
  beforeAll(async () => {
    aws = await startAwsLocal({ region: REGION, account: { SendQuota: { Max24HourSend: 100_000, MaxSendRate: 7, SentLast24Hours: 0 } } });
  });
  afterAll(() => aws.close());

  it("is the account's MaxSendRate (GetAccount) when SES_MAX_SEND_RATE is unset, and SES_MAX_SEND_RATE when set (the account is read for its quota all the same)", async () => {
    const env = senderTestEnv({ SES_ENDPOINT: aws.url, AWS_REGION: REGION });
    delete (env as { SES_MAX_SEND_RATE?: number }).SES_MAX_SEND_RATE;
    const sender = createTestSender(env);
    try {
      expect(await sender.start()).toMatchObject({ maxSendRate: 7 });
    } finally {
      await sender.close();
    }
    expect(aws.state.calls).toEqual(["ses:GetAccount"]);
    const fixed = createTestSender(senderTestEnv({ SES_ENDPOINT: aws.url, AWS_REGION: REGION, SES_MAX_SEND_RATE: "3" }));
    try {
      expect(await fixed.start()).toMatchObject({ maxSendRate: 3 });
    } finally {
      await fixed.close();
    }
    // One read at each start (the quota and pause are the account's whatever the rate).
    expect(aws.state.calls).toEqual(["ses:GetAccount", "ses:GetAccount"]);
  });
});
