import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { loadEnv } from "@svc/config";
import { createLogger } from "@svc/logger";
import { createProducerConnection } from "@svc/queues";
import { type App, Shutdown } from "@svc/runtime";
import { startDispatcher } from "../../../apps/dispatcher/test/support.ts";
import { createIngest, ingestEnvSchema } from "../../../apps/ingest/src/index.ts";
import { createTestSender, senderTestEnv } from "../../../apps/sender/test/support.ts";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { testEnv, uniquePrefix } from "../../../test/support/env.ts";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { type Stack, startStack } from "../../../test/support/stack.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/**
 * `svc doctor` as operators run it, against the local AWS server set up by `svc ses setup` (the
 * real SDK over HTTP), the real ingester confirming its subscription, and a real DNS server: it
 * passes on a sound install, and names the failure, with what to do, for each way one breaks.
 */

// A region of this file's own: setups are recorded per region in the shared test database.
const REGION = "eu-north-1";
// One queue prefix for the CLI and the apps of the round trip: the send and webhook queues they share.
const QUEUE_PREFIX = uniquePrefix("doctor");
const handle = openTestDb();
const log = createLogger("doctor-test", process.env.TEST_LOG_LEVEL ?? "silent");
let aws: AwsLocal;
let dns: TestDnsServer;
let ingestPort: number;
let ingestUrl: string;
let ingest: { close(): Promise<void> } | null = null;
let domain: string;
let workspaceId: string;

interface AddedDomain {
  id: string;
  records: Array<{ type: string; name: string; value: string; priority?: number }>;
}
interface DoctorJson {
  ok: boolean;
  checks: Array<{ name: string; status: "ok" | "warning" | "failed"; detail: string; fix?: string }>;
}

const env = (extra: Record<string, string> = {}) => ({
  AWS_REGION: REGION,
  EMAIL_PROVIDER: "ses",
  SES_ENDPOINT: aws.url,
  SNS_ENDPOINT: aws.url,
  AWS_ACCESS_KEY_ID: "AKIDTEST",
  AWS_SECRET_ACCESS_KEY: "test-secret",
  DNS_SERVERS: dns.address,
  DNS_TIMEOUT_MS: "500",
  NODE_NO_WARNINGS: "1",
  QUEUE_PREFIX,
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  ...extra,
});
// The read-only checks: the round trip has its own tests below, with the apps it needs running.
const doctor = (extra: string[] = [], extraEnv: Record<string, string> = {}) =>
  runCli(["doctor", "--domain", domain, "--no-send", ...extra], env(extraEnv));
const doctorJson = async (extraEnv: Record<string, string> = {}) => {
  const result = await doctor(["--json"], extraEnv);
  return { code: result.code, stderr: result.stderr, report: JSON.parse(result.stdout) as DoctorJson };
};
const failures = (report: DoctorJson) => report.checks.filter((check) => check.status === "failed");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The real ingester on SES, confirming subscriptions by visiting SubscribeURL (on the local SNS).
 * `certUrlPattern` other than aws-local's makes it refuse every notification, as an ingester
 * with the wrong SNS_CERT_URL_PATTERN does, while it still answers.
 */
async function startSesIngest(certUrlPattern = aws.signingCertUrlPattern): Promise<{ close(): Promise<void> }> {
  const ingestEnv = loadEnv(
    ingestEnvSchema,
    testEnv({ EMAIL_PROVIDER: "ses", INGEST_PORT: String(ingestPort), SNS_CERT_URL_PATTERN: certUrlPattern, QUEUE_PREFIX }),
  );
  const redis = createProducerConnection(ingestEnv.REDIS_URL);
  const app: App = createIngest(ingestEnv, {
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
  await app.start();
  return { close };
}

function publish(added: AddedDomain): void {
  const txt = new Map<string, string[]>();
  for (const record of added.records) {
    if (record.type === "MX") dns.setMx(record.name, [{ priority: record.priority!, exchange: record.value }]);
    else txt.set(record.name, [...(txt.get(record.name) ?? []), record.value]);
  }
  for (const [name, values] of txt) dns.setTxt(name, values);
  dns.setTxt(`_dmarc.${domain}`, ["v=DMARC1; p=none;"]);
}

let added: AddedDomain;

beforeAll(async () => {
  aws = await startAwsLocal({ region: REGION });
  dns = await startDnsServer();
  ingestPort = await freePort();
  ingestUrl = `http://127.0.0.1:${ingestPort}/sns/ses`;
  await handle.prisma.sesSetup.deleteMany({ where: { region: REGION } });
  // A workspace of its own, whose only domain is the one checked (a fixture's has no SES identity).
  const workspace = await runCliJson<{ id: string }>(["workspace", "create", "--name", "Doctor"], env());
  workspaceId = workspace.id;
  domain = `doctor-${Math.random().toString(36).slice(2, 10)}.example.test`;
  // A domain added and verified as an operator does: its records published, SES's identity verified.
  added = await runCliJson<AddedDomain>(["domain", "add", "--workspace", workspace.id, "--domain", domain], env());
  publish(added);
  await fetch(`${aws.url}/_aws-local/verify-identity`, { method: "POST", body: JSON.stringify({ identity: domain }) });
  const verified = await runCliJson<{ status: string }>(["domain", "verify", "--id", added.id], env());
  expect(verified.status).toBe("verified");
  // The ingester accepts the topic setup records: setup first, then the ingester, then setup
  // again, which has SNS post the confirmation the ingester now answers.
  await runCliJson(["ses", "setup", "--ingest-url", ingestUrl, "--wait-seconds", "0"], env());
  ingest = await startSesIngest();
  const setup = await runCliJson<{ subscription: { confirmed: boolean } }>(["ses", "setup", "--ingest-url", ingestUrl], env());
  expect(setup.subscription.confirmed).toBe(true);
});

afterAll(async () => {
  await ingest?.close();
  await aws.close();
  await dns.close();
  await handle.close();
});

describe("svc doctor", () => {
  it("passes on an install svc ses setup made: one line per check, exit 0", async () => {
    const result = await doctor();
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    for (const expected of [
      new RegExp(`^ok +dns ${domain.replace(/\./g, "\\.")} DKIM: `),
      new RegExp(`^ok +dns ${domain.replace(/\./g, "\\.")} SPF \\(MAIL FROM\\): `),
      new RegExp(`^ok +dns ${domain.replace(/\./g, "\\.")} DMARC: `),
      /^ok +ses account sending: enabled$/,
      /^ok +ses account quota: 0 of 50000 sent in the last 24 hours, 14 a second$/,
      /^ok +sns subscription: .* is confirmed$/,
      /^ok +configuration set \S+ event destination: publishes 9 event types to the topic$/,
      /^ok +ses tenant \S+: sending ENABLED/,
      /^ok +ingester reachable: /,
    ])
      expect(lines).toContainEqual(expect.stringMatching(expected));
    expect(lines.filter((line) => line.startsWith("failed"))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^\d+ ok, \d+ warning\(s\), 0 failed$/);

    const json = await doctorJson();
    expect(json.code).toBe(0);
    expect(json.report.ok).toBe(true);
    expect(failures(json.report)).toEqual([]);
  });

  it("names a missing DKIM record, with the record to publish, and exits 1", async () => {
    const dkim = added.records.find((record) => record.name.includes("._domainkey."))!;
    dns.remove(dkim.name);
    try {
      const { code, report } = await doctorJson();
      expect(code).toBe(1);
      expect(report.ok).toBe(false);
      expect(failures(report)).toEqual([
        {
          name: `dns ${domain} DKIM`,
          status: "failed",
          detail: expect.stringContaining("No such name in DNS (NXDOMAIN)"),
          fix: `publish TXT ${dkim.name} "${dkim.value}"`,
        },
      ]);
      const text = await doctor();
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(new RegExp(`^failed +dns ${domain.replace(/\./g, "\\.")} DKIM: .* -> publish TXT `, "m"));
    } finally {
      publish(added);
    }
  });

  it("names an unconfirmed subscription", async () => {
    await fetch(`${aws.url}/_aws-local/unconfirm-subscriptions`, { method: "POST", body: JSON.stringify({ endpoint: ingestUrl }) });
    try {
      const { code, report } = await doctorJson();
      expect(code).toBe(1);
      expect(failures(report)).toEqual([
        expect.objectContaining({
          name: "sns subscription",
          detail: expect.stringContaining("is not confirmed"),
          fix: expect.stringContaining("svc ses setup"),
        }),
      ]);
    } finally {
      await fetch(`${aws.url}/_aws-local/confirm-subscriptions`, { method: "POST", body: JSON.stringify({ endpoint: ingestUrl }) });
    }
  });

  it("names a configuration set without its event destination; svc ses setup puts it back", async () => {
    const setup = await handle.prisma.sesSetup.findUniqueOrThrow({ where: { region: REGION } });
    const [set] = setup.configurationSets as Array<{ name: string }>;
    // Someone deleted it in the console (played on aws-local's state: this package does not ship the SES client).
    expect(aws.state.ses.configurationSets.get(set!.name)?.eventDestinations.delete(setup.eventDestination)).toBe(true);
    const { code, report } = await doctorJson();
    expect(code).toBe(1);
    expect(failures(report)).toEqual([
      {
        name: `configuration set ${set!.name} event destination`,
        status: "failed",
        detail: "has no event destination: SES reports none of its events",
        fix: expect.stringContaining("svc ses setup"),
      },
    ]);
    await runCliJson(["ses", "setup", "--ingest-url", ingestUrl], env());
    expect((await doctorJson()).code).toBe(0);
  });

  it("names an ingester URL nothing answers at", async () => {
    await ingest?.close();
    ingest = null;
    const { code, report } = await doctorJson();
    expect(code).toBe(1);
    expect(failures(report)).toEqual([
      expect.objectContaining({
        name: "ingester reachable",
        detail: expect.stringContaining(`${ingestUrl} did not answer`),
        fix: expect.stringContaining("make sure the ingester runs"),
      }),
    ]);
    ingest = await startSesIngest();
  });

  it("reports an AWS endpoint that does not answer as a failed check, not a stack trace", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const result = await doctor([], { SES_ENDPOINT: closed, SNS_ENDPOINT: closed });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("");
    expect(result.stdout).not.toMatch(/\n\s+at /);
    expect(result.stdout).toMatch(
      /^failed +ses: could not check: .*ECONNREFUSED.* -> check the AWS credentials, AWS_REGION and SES_ENDPOINT/m,
    );
    // The checks that do not need AWS still ran.
    expect(result.stdout).toMatch(/^ok +dns \S+ DKIM: /m);
  });

  it("refuses a value for --json or --no-send, and a --timeout out of range, with exit 2, checking nothing", async () => {
    for (const [args, message] of [
      [["--json=yes"], /--json takes no value/],
      [["--no-send=yes"], /--no-send takes no value/],
      [["--timeout", "0"], /--timeout must be a whole number of seconds from 1 to 900/],
      [["--timeout", "soon"], /--timeout must be/],
      [["--webhook-listen", "nowhere"], /--webhook-listen must be HOST:PORT/],
    ] as const) {
      const result = await runCli(["doctor", ...args], env());
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(message);
    }
  });
});

describe("svc doctor's round trip through SES's mailbox simulator", () => {
  let sender: { close(): Promise<void> };
  let dispatcher: { stop(): Promise<void> } | null = null;
  const roundTrip = async (timeoutSeconds: number) => {
    const result = await runCli(
      ["doctor", "--domain", domain, "--workspace", workspaceId, "--timeout", String(timeoutSeconds), "--json"],
      env(),
    );
    expect(result.stderr).toBe("");
    const report = JSON.parse(result.stdout) as DoctorJson;
    return { code: result.code, report, legs: report.checks.filter((check) => check.name.startsWith("round trip")) };
  };
  const suppressed = async () => (await handle.prisma.suppression.findMany({ where: { workspaceId } })).map((row) => row.address).sort();

  beforeAll(async () => {
    // The sender and the dispatcher of the install, on the CLI's queues; the sender signs its SES calls.
    Object.assign(process.env, FAKE_AWS_CREDENTIALS);
    const senderApp = createTestSender(senderTestEnv({ AWS_REGION: REGION, SES_ENDPOINT: aws.url, SNS_ENDPOINT: aws.url, QUEUE_PREFIX }));
    await senderApp.start();
    sender = senderApp;
    dispatcher = await startDispatcher({ QUEUE_PREFIX });
  });

  afterAll(async () => {
    await dispatcher?.stop();
    await sender?.close();
  });

  it("sends to each simulator address and sees each event in the timeline and at a webhook; removes what it made", async () => {
    const subscriptionsBefore = await handle.prisma.webhookSubscription.count({ where: { workspaceId } });
    const { code, report, legs } = await roundTrip(60);
    expect(failures(report)).toEqual([]);
    expect(code).toBe(0);
    expect(legs).toEqual(
      ["success", "bounce", "complaint", "suppressionlist"].map((box) => ({
        name: `round trip ${box}@simulator.amazonses.com`,
        status: "ok",
        detail: expect.stringMatching(/^(delivered|bounced|complained): queued, sent by SES, the event in email_\S+'s timeline/),
      })),
    );
    expect(legs.map((leg) => leg.detail.split(":")[0])).toEqual(["delivered", "bounced", "complained", "bounced"]);
    // The temporary subscription is gone, its key revoked, and the addresses its bounces and
    // complaint suppressed are off the list again (the next run would otherwise send nothing).
    expect(await handle.prisma.webhookSubscription.count({ where: { workspaceId } })).toBe(subscriptionsBefore);
    const keys = await handle.prisma.apiKey.findMany({ where: { workspaceId, name: "svc doctor round trip" } });
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.revokedAt === null)).toEqual([]);
    expect(await suppressed()).toEqual([]);
    // The emails went through the normal pipeline: each one's row has its events.
    const emails = await handle.prisma.email.findMany({ where: { organizationId: workspaceId }, include: { events: true } });
    const success = emails.filter((email) => email.to.includes("success@simulator.amazonses.com"));
    expect(success.at(-1)?.events.map((event) => event.type)).toEqual(expect.arrayContaining(["sent", "delivered"]));
    expect(success.at(-1)?.from).toBe(`svc doctor <doctor@${domain}>`);
  });

  it("names the leg that broke when the ingester refuses SNS's notifications: no event reaches the timeline", async () => {
    await ingest?.close();
    ingest = await startSesIngest("^https://nowhere\\.invalid/.*$");
    try {
      const { code, report, legs } = await roundTrip(8);
      expect(code).toBe(1);
      // The read-only checks still pass: the subscription is confirmed and the ingester answers.
      expect(report.checks.filter((check) => !check.name.startsWith("round trip") && check.status === "failed")).toEqual([]);
      expect(legs).toHaveLength(4);
      for (const leg of legs)
        expect(leg).toEqual({
          name: expect.stringMatching(/^round trip \S+@simulator\.amazonses\.com$/),
          status: "failed",
          detail: expect.stringMatching(/^SES took email_\S+ but no (delivered|bounced|complained) event reached its timeline within 8 s/),
          fix: expect.stringContaining("SNS is not delivering to the ingester"),
        });
    } finally {
      await ingest?.close();
      ingest = await startSesIngest();
    }
  });

  it("names the dispatcher when the events arrive but no webhook does", async () => {
    await dispatcher?.stop();
    dispatcher = null;
    const { code, legs } = await roundTrip(8);
    expect(code).toBe(1);
    for (const leg of legs)
      expect(leg).toEqual({
        name: expect.stringMatching(/^round trip /),
        status: "failed",
        detail: expect.stringMatching(/is in its timeline but no signed webhook arrived within 8 s$/),
        fix: expect.stringContaining("make sure the dispatcher runs"),
      });
    dispatcher = await startDispatcher({ QUEUE_PREFIX });
  });

  it("is not run when a check above failed, nor without a workspace to send from", async () => {
    const withoutWorkspace = await runCli(["doctor", "--json"], env());
    const skipped = (JSON.parse(withoutWorkspace.stdout) as DoctorJson).checks.find((check) => check.name === "round trip");
    expect(skipped).toMatchObject({ status: expect.stringMatching(/warning/) });
    await fetch(`${aws.url}/_aws-local/unconfirm-subscriptions`, { method: "POST", body: JSON.stringify({ endpoint: ingestUrl }) });
    try {
      const { code, report } = await roundTrip(5);
      expect(code).toBe(1);
      expect(report.checks.find((check) => check.name === "round trip")).toEqual({
        name: "round trip",
        status: "warning",
        detail: "not run: a check above failed",
        fix: expect.stringContaining("fix the failed checks"),
      });
    } finally {
      await fetch(`${aws.url}/_aws-local/confirm-subscriptions`, { method: "POST", body: JSON.stringify({ endpoint: ingestUrl }) });
    }
  });
});

describe("svc doctor's round trip on the local default (the built-in simulator)", () => {
  let stack: Stack;

  beforeAll(async () => {
    // The install's processes as they run by default: the simulator plays SES and its SNS.
    stack = await startStack({ apps: ["ingest", "sender", "dispatcher"], env: { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: "500" } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("passes the same way: the simulator answers the mailbox-simulator addresses with SES's events", async () => {
    const result = await runCli(["doctor", "--domain", domain, "--workspace", workspaceId, "--timeout", "60", "--json"], {
      ...stack.env,
      NODE_NO_WARNINGS: "1",
    });
    expect(result.stderr).toBe("");
    const report = JSON.parse(result.stdout) as DoctorJson;
    expect(failures(report)).toEqual([]);
    expect(result.code).toBe(0);
    expect(report.checks.find((check) => check.name === "provider")).toMatchObject({ status: "warning" });
    expect(report.checks.filter((check) => check.name.startsWith("round trip")).map((check) => [check.name, check.status])).toEqual([
      ["round trip success@simulator.amazonses.com", "ok"],
      ["round trip bounce@simulator.amazonses.com", "ok"],
      ["round trip complaint@simulator.amazonses.com", "ok"],
      ["round trip suppressionlist@simulator.amazonses.com", "ok"],
    ]);
  });
});
