import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { configurationSetName, RETIRED_SET_GRACE_MS, recordSesSetup, setDomainTracking, sharedConfigurationSetNames } from "@svc/core";
import { createProducerConnection, Producer } from "@svc/queues";
import { createTestSender, insertEmail, senderTestEnv, waitFor } from "../../../apps/sender/test/support.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { CLI_TEST_TIMEOUT_MS, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS * 4);

/**
 * Two workspaces whose tracking domains read alike once dots become hyphens (`t.my-brand.io`,
 * `t.my.brand.io`) each get a configuration set of their own, with their own CustomRedirectDomain,
 * and each one's email goes out through its own set. An install whose setup recorded the old,
 * shared name is moved over by `svc ses setup`, and a second run changes nothing.
 */

// A region of this file's own: setups are recorded per region in the shared test database.
const REGION = "ap-southeast-2";
// The SNS subscription stays pending (no ingester runs here) and is asked for again each run.
const MUTATING = /^ses:(Create|Put|Update|Delete)/;
const handle = openTestDb();
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
const suffix = randomUUID().slice(0, 8);
const dashed = { domain: `my-brand-${suffix}.io`, tracking: `t.my-brand-${suffix}.io` };
const dotted = { domain: `my.brand-${suffix}.io`, tracking: `t.my.brand-${suffix}.io` };
/** The one name both domains' sets had before names carried a hash of the domain. */
const OLD_SHARED_NAME = `svc-open-click-t-my-brand-${suffix}-io`;
let aws: AwsLocal;
let a: WorkspaceFixture;
let b: WorkspaceFixture;

const setChanges = (output: SetupOutput) => output.changes.filter((change) => change.startsWith("configuration set"));

interface SetupOutput {
  configurationSets: Array<{ name: string; trackingDomain: string | null }>;
  changed: boolean;
  changes: string[];
  toDo: string[];
}

const cliEnv = () => ({
  AWS_REGION: REGION,
  SES_ENDPOINT: aws.url,
  SNS_ENDPOINT: aws.url,
  AWS_ACCESS_KEY_ID: "AKIDTEST",
  AWS_SECRET_ACCESS_KEY: "test-secret",
  NODE_NO_WARNINGS: "1",
});
const setup = () =>
  runCliJson<SetupOutput>(["ses", "setup", "--ingest-url", "https://ingest.example.com/sns/ses", "--wait-seconds", "0"], cliEnv());
const setOf = (tracking: string) => configurationSetName("svc", { openTracking: true, clickTracking: true, trackingDomain: tracking });
const recorded = () => handle.prisma.sesSetup.findUniqueOrThrow({ where: { region: REGION } });

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  aws = await startAwsLocal({ region: REGION });
  await handle.prisma.sesSetup.deleteMany({ where: { region: REGION } });
  a = await createWorkspaceFixture(handle, { domain: dashed.domain });
  b = await createWorkspaceFixture(handle, { domain: dotted.domain });
  for (const [fx, names] of [
    [a, dashed],
    [b, dotted],
  ] as const) {
    const domain = await handle.prisma.domain.findFirstOrThrow({ where: { workspaceId: fx.workspaceId } });
    await setDomainTracking(handle.prisma, domain.id, { open: true, click: true, domain: names.tracking });
  }
  // An install set up before: one set for both domains, holding the domain that sorted last.
  aws.state.ses.configurationSets.set(OLD_SHARED_NAME, {
    name: OLD_SHARED_NAME,
    trackingOptions: { CustomRedirectDomain: dotted.tracking },
    tags: [{ Key: "managed-by", Value: "svc" }],
    eventDestinations: new Map(),
  });
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
      { name: OLD_SHARED_NAME, openTracking: true, clickTracking: true, trackingDomain: dashed.tracking },
      { name: OLD_SHARED_NAME, openTracking: true, clickTracking: true, trackingDomain: dotted.tracking },
    ],
  });
});

afterAll(async () => {
  // Other files' setups make a set for every custom tracking domain in the database.
  await handle.prisma.domain.updateMany({
    where: { workspaceId: { in: [a.workspaceId, b.workspaceId] } },
    data: { openTracking: false, clickTracking: false, trackingDomain: null },
  });
  await handle.prisma.sesSetup.deleteMany({ where: { region: REGION } });
  await aws.close();
  await redis.quit();
  await handle.close();
});

/** Sends one email of the workspace through the real sender and answers the set SES received it with. */
async function sendOne(fx: WorkspaceFixture): Promise<string | null | undefined> {
  const env = senderTestEnv({ SES_ENDPOINT: aws.url, AWS_REGION: REGION, SES_TENANTS: "off" });
  const sender = createTestSender(env);
  const queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
  try {
    await sender.start();
    const id = await insertEmail(handle, fx, { status: "queued" });
    await queue.enqueue(id, { emailId: id });
    const { providerMessageId } = await waitFor(`${id} sent`, async () => {
      const row = await handle.prisma.email.findUniqueOrThrow({ where: { id } });
      return row.status === "sent" && row;
    });
    return aws.state.ses.sentEmails.find((sent) => sent.messageId === providerMessageId)?.configurationSetName;
  } finally {
    await sender.close();
    await queue.queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  }
}

describe("configuration sets of look-alike tracking domains", () => {
  it("gives each tracking domain its own set and CustomRedirectDomain, retiring the old shared set", async () => {
    expect(setOf(dashed.tracking)).not.toBe(setOf(dotted.tracking));
    const first = await setup();
    for (const { tracking } of [dashed, dotted]) {
      const set = aws.state.ses.configurationSets.get(setOf(tracking));
      expect(set?.trackingOptions?.CustomRedirectDomain).toBe(tracking);
      expect(first.configurationSets.find((candidate) => candidate.name === setOf(tracking))?.trackingDomain).toBe(tracking);
    }
    const row = await recorded();
    const names = (row.configurationSets as Array<{ name: string }>).map((set) => set.name);
    expect(sharedConfigurationSetNames(names.map((name) => ({ name })))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining([setOf(dashed.tracking), setOf(dotted.tracking)]));
    expect(names).not.toContain(OLD_SHARED_NAME);
    // The old set stays for the late events of the emails sent through it (the ingester accepts them).
    expect(row.retiredConfigurationSets).toEqual([{ name: OLD_SHARED_NAME, retiredAt: expect.any(String) }]);
    expect(aws.state.ses.configurationSets.has(OLD_SHARED_NAME)).toBe(true);
    expect(first.toDo.join("\n")).toContain(`${OLD_SHARED_NAME} are no longer used`);
  });

  it("changes nothing when run again", async () => {
    const callsBefore = aws.state.calls.length;
    const again = await setup();
    expect(setChanges(again)).toEqual([]);
    expect(aws.state.calls.slice(callsBefore).filter((call) => MUTATING.test(call))).toEqual([]);
  });

  it("sends each workspace's email through its own set", async () => {
    const used = { a: await sendOne(a), b: await sendOne(b) };
    expect(used).toEqual({ a: setOf(dashed.tracking), b: setOf(dotted.tracking) });
    // Each set SES sent through rewrites links to its own workspace's tracking domain.
    expect(aws.state.ses.configurationSets.get(used.a!)?.trackingOptions?.CustomRedirectDomain).toBe(dashed.tracking);
    expect(aws.state.ses.configurationSets.get(used.b!)?.trackingOptions?.CustomRedirectDomain).toBe(dotted.tracking);
  });

  it("deletes the retired set once the grace period has passed, and then changes nothing", async () => {
    const longAgo = new Date(Date.now() - RETIRED_SET_GRACE_MS - 1000).toISOString();
    await handle.prisma.sesSetup.update({
      where: { region: REGION },
      data: { retiredConfigurationSets: [{ name: OLD_SHARED_NAME, retiredAt: longAgo }] },
    });
    const third = await setup();
    expect(setChanges(third)).toEqual([`configuration set ${OLD_SHARED_NAME} deleted (no longer used)`]);
    expect(aws.state.ses.configurationSets.has(OLD_SHARED_NAME)).toBe(false);
    expect((await recorded()).retiredConfigurationSets).toEqual([]);
    const callsBefore = aws.state.calls.length;
    expect(setChanges(await setup())).toEqual([]);
    expect(aws.state.calls.slice(callsBefore).filter((call) => MUTATING.test(call))).toEqual([]);
  });
});
