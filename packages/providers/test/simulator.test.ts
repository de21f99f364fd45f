import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, simulatorEnv } from "@svc/config";
import { type DbHandle, newId } from "@svc/db";
import { createLogger } from "@svc/logger";
import { createProducerConnection } from "@svc/queues";
import { listen, Shutdown } from "@svc/runtime";
import { z } from "zod";
import { createIngest, ingestEnvSchema } from "../../../apps/ingest/src/index.ts";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { freePort } from "../../../test/support/stack.ts";
import { EMAIL_ID_TAG, type OutboundEmail } from "../src/index.ts";
import { createSimulatorProvider, type SimulatorEnv, type SimulatorProvider } from "../src/simulator/index.ts";
import { planEvents, scenarioKey } from "../src/simulator/scenarios.ts";

/**
 * The simulator against a real ingest app: real HTTP both ways, real RSA signatures checked
 * against the certificate the simulator serves, real Postgres rows and Redis jobs.
 */

const CERT_PATH = "/simulator/SimpleNotificationService-simulator.pem";
const TOPIC = "arn:aws:sns:us-east-1:000000000000:svc-simulator-test";

/** A logger that records calls instead of printing them. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const log = createLogger("simulator-test", "debug", {
    hooks: {
      logMethod(args, _method, level) {
        const [first, second] = args as unknown[];
        lines.push({ level, msg: typeof first === "string" ? first : typeof second === "string" ? second : "" });
      },
    },
  });
  return { log, lines };
}

/** An ingest app as `main.ts` builds it, trusting the simulator's certificate URL. */
async function startIngest(certUrl: string, port = 0) {
  const env = loadEnv(
    ingestEnvSchema,
    testEnv({
      EMAIL_PROVIDER: "simulator",
      SNS_TRUST_SIMULATOR: "true",
      SIMULATOR_CERT_URL: certUrl,
      SNS_TOPIC_ARNS: TOPIC,
      INGEST_PORT: String(port),
    }),
  );
  const handle = openTestDb();
  const redis = createProducerConnection(env.REDIS_URL);
  const log = createLogger("ingest", "silent");
  const ingest = createIngest(env, { db: handle, redis, log });
  const { port: boundPort } = await ingest.start();
  return {
    url: `http://127.0.0.1:${boundPort}/sns/ses`,
    async close() {
      await new Shutdown(log).addAll(ingest.shutdown).run();
      await redis.quit();
      await handle.close();
    },
  };
}

function simulatorEnvFor(keyDir: string, certPort: number, snsUrl: string): SimulatorEnv {
  return z.object(simulatorEnv).parse({
    SIMULATOR_SNS_URL: snsUrl,
    SIMULATOR_KEY_DIR: keyDir,
    SIMULATOR_CERT_PORT: String(certPort),
    SIMULATOR_CERT_URL: `http://127.0.0.1:${certPort}${CERT_PATH}`,
    SIMULATOR_TOPIC_ARN: TOPIC,
    SIMULATOR_RECOVERY_GRACE_MS: 30_000,
    SIMULATOR_RECOVERY_INTERVAL_MS: 30_000,
  });
}

let handle: DbHandle;
let fx: WorkspaceFixture;
let keyDir: string;
let certPort: number;
let certUrl: string;
let ingest: Awaited<ReturnType<typeof startIngest>>;
let simulator: SimulatorProvider;
const simulatorLog = capturingLogger();

beforeAll(async () => {
  handle = openTestDb();
  fx = await createWorkspaceFixture(handle);
  keyDir = await mkdtemp(path.join(tmpdir(), "svc-simulator-"));
  certPort = await freePort();
  certUrl = `http://127.0.0.1:${certPort}${CERT_PATH}`;
  ingest = await startIngest(certUrl);
  simulator = await createSimulatorProvider(simulatorEnvFor(keyDir, certPort, ingest.url), simulatorLog.log, { firstEventDelayMs: 0 });
});

afterAll(async () => {
  await simulator.close();
  await ingest.close();
  await handle.close();
  await rm(keyDir, { recursive: true, force: true });
});

/** An email row as the sender leaves it just before handoff. */
async function queuedEmail(
  to: string[],
  html: string | null = null,
  copies: { cc?: string[]; bcc?: string[] } = {},
): Promise<OutboundEmail> {
  const emailId = newId("email");
  const email: OutboundEmail = {
    emailId,
    workspaceId: fx.workspaceId,
    from: `Sender <hello@${fx.domain}>`,
    fromDomain: fx.domain,
    to,
    cc: copies.cc ?? [],
    bcc: copies.bcc ?? [],
    replyTo: [],
    subject: "Simulated",
    html,
    text: "Hi",
    headers: [],
    tags: [],
    attachments: [],
  };
  await handle.prisma.email.create({
    data: {
      id: emailId,
      organizationId: fx.workspaceId,
      apiKeyId: fx.keyIds["full-access"],
      environment: "live",
      from: email.from,
      to,
      cc: email.cc,
      bcc: email.bcc,
      subject: email.subject,
      html,
      text: email.text,
      status: "sent",
      provider: "simulator",
    },
  });
  return email;
}

async function eventsOf(emailId: string) {
  return handle.prisma.emailEvent.findMany({ where: { emailId }, orderBy: [{ eventTimestamp: "asc" }, { createdAt: "asc" }] });
}

describe("scenario table", () => {
  it("reads the local part before any +label, on any domain, ignoring case and display names", () => {
    expect(scenarioKey("bounce@example.com")).toBe("bounce");
    expect(scenarioKey("Bounce+Signup-42@Anything.Test")).toBe("bounce");
    expect(scenarioKey("Jane <click+x@mail.example.org>")).toBe("click");
    expect(planEvents(["someone.else@example.com"]).map((e) => e.kind)).toEqual(["Send", "Delivery"]);
  });

  it("plans one Send per message, then each recipient's events; reject/renderfail stop the whole message", () => {
    expect(planEvents(["ok@a.test", "bounce@b.test"])).toEqual([
      { kind: "Send", recipients: ["ok@a.test", "bounce@b.test"] },
      { kind: "Delivery", recipients: ["ok@a.test"] },
      { kind: "Bounce", recipients: ["bounce@b.test"] },
    ]);
    expect(planEvents(["ok@a.test", "reject@b.test"])).toEqual([{ kind: "Reject", recipients: ["ok@a.test", "reject@b.test"] }]);
    expect(planEvents(["reject@a.test", "renderfail@b.test"]).map((e) => e.kind)).toEqual(["RenderingFailure"]);
  });
});

describe("each row of the table through a real ingester", () => {
  const rows: Array<{ to: string; types: string[]; status: string }> = [
    { to: "bounce@example.com", types: ["sent", "bounced"], status: "bounced" },
    { to: "suppressionlist+a@other.test", types: ["sent", "bounced"], status: "bounced" },
    { to: "complaint@example.com", types: ["sent", "delivered", "complained"], status: "complained" },
    { to: "delay+greylist@example.net", types: ["sent", "delivery_delayed"], status: "delivery_delayed" },
    { to: "reject@example.com", types: ["rejected"], status: "rejected" },
    { to: "renderfail@example.com", types: ["rendering_failed"], status: "failed" },
    { to: "open@example.com", types: ["sent", "delivered", "opened"], status: "delivered" },
    { to: "click@example.com", types: ["sent", "delivered", "opened", "clicked"], status: "delivered" },
    { to: "anyone@example.com", types: ["sent", "delivered"], status: "delivered" },
  ];
  const results = new Map<string, { email: OutboundEmail; providerMessageId: string }>();

  beforeAll(async () => {
    let index = 0;
    for (const row of rows) {
      const email = await queuedEmail([row.to], '<p><a href="https://example.com/welcome?x=1">Welcome</a></p>');
      const { providerMessageId } = await simulator.send(email);
      // Half the rows record the message id like the sender does; the rest match by tag alone.
      if (index++ % 2 === 0) await handle.prisma.email.update({ where: { id: email.emailId }, data: { providerMessageId } });
      results.set(row.to, { email, providerMessageId });
    }
    await simulator.idle();
  });

  for (const row of rows) {
    it(`${row.to}: ${row.types.join(", ")} → ${row.status}`, async () => {
      const { email, providerMessageId } = results.get(row.to)!;
      expect(providerMessageId).toMatch(/^0100[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-000000$/);
      const events = await eventsOf(email.emailId);
      expect(events.map((e) => e.type)).toEqual(row.types);
      const stored = await handle.prisma.email.findUniqueOrThrow({ where: { id: email.emailId } });
      expect(stored.status).toBe(row.status);
      for (const event of events) {
        const payload = JSON.parse(event.payloadJson);
        expect(payload.mail).toMatchObject({
          messageId: providerMessageId,
          source: email.from,
          destination: [row.to],
          commonHeaders: { subject: "Simulated", to: [row.to] },
          tags: { [EMAIL_ID_TAG]: [email.emailId], "ses:configuration-set": ["svc-simulator"] },
        });
      }
    });
  }

  it("reports SES's shapes: bounce types, complaint feedback type, rendering failure text, clicked link", async () => {
    const payloadOf = async (to: string, type: string) => {
      const events = await eventsOf(results.get(to)!.email.emailId);
      const event = events.find((e) => e.type === type)!;
      return { payload: JSON.parse(event.payloadJson), event };
    };
    const bounce = await payloadOf("bounce@example.com", "bounced");
    expect(bounce.payload).toMatchObject({
      eventType: "Bounce",
      bounce: { bounceType: "Permanent", bounceSubType: "General", bouncedRecipients: [{ emailAddress: "bounce@example.com" }] },
    });
    expect(bounce.event.eventTimestamp.toISOString()).toBe(bounce.payload.bounce.timestamp);
    const suppressed = await payloadOf("suppressionlist+a@other.test", "bounced");
    expect(suppressed.payload.bounce).toMatchObject({ bounceType: "Permanent", bounceSubType: "Suppressed" });
    const complaint = await payloadOf("complaint@example.com", "complained");
    expect(complaint.payload).toMatchObject({ eventType: "Complaint", complaint: { complaintFeedbackType: "abuse" } });
    const delay = await payloadOf("delay+greylist@example.net", "delivery_delayed");
    expect(delay.payload).toMatchObject({ eventType: "DeliveryDelay", deliveryDelay: { delayType: "TransientCommunicationFailure" } });
    const failure = await payloadOf("renderfail@example.com", "rendering_failed");
    expect(failure.payload.eventType).toBe("Rendering Failure");
    const failedEmail = await handle.prisma.email.findUniqueOrThrow({
      where: { id: results.get("renderfail@example.com")!.email.emailId },
    });
    expect(failedEmail.errorMessage).toBe(failure.payload.failure.errorMessage);
    const click = await payloadOf("click@example.com", "clicked");
    expect(click.payload.click).toMatchObject({ link: "https://example.com/welcome?x=1" });
    const send = await payloadOf("anyone@example.com", "sent");
    expect(send.payload).toMatchObject({ eventType: "Send", send: {} });
  });
});

describe("several recipients", () => {
  it("reports one Send, then each recipient's own events; a bounce among them makes the email bounced", async () => {
    const email = await queuedEmail(["ok@example.com", "bounce@example.com"]);
    await simulator.send(email);
    await simulator.idle();
    const events = await eventsOf(email.emailId);
    expect(events.map((e) => e.type)).toEqual(["sent", "delivered", "bounced"]);
    expect(JSON.parse(events[1]!.payloadJson).delivery.recipients).toEqual(["ok@example.com"]);
    expect((await handle.prisma.email.findUniqueOrThrow({ where: { id: email.emailId } })).status).toBe("bounced");
  });

  it("reports on cc and bcc recipients by the same table: a bcc bounce and a cc complaint, each naming its recipient", async () => {
    const email = await queuedEmail(["ok@example.com"], null, { cc: ["complaint@example.com"], bcc: ["bounce+hidden@example.com"] });
    await simulator.send(email);
    await simulator.idle();
    const events = await eventsOf(email.emailId);
    expect(events.map((e) => e.type)).toEqual(["sent", "delivered", "delivered", "complained", "bounced"]);
    const payloads = events.map((event) => JSON.parse(event.payloadJson));
    expect(payloads[0].mail.destination).toEqual(["ok@example.com", "complaint@example.com", "bounce+hidden@example.com"]);
    // The message's own headers name the cc recipient and never the bcc one.
    expect(payloads[0].mail.headers).toContainEqual({ name: "Cc", value: "complaint@example.com" });
    expect(JSON.stringify(payloads[0].mail.headers)).not.toContain("hidden");
    expect(payloads[3].complaint.complainedRecipients).toEqual([{ emailAddress: "complaint@example.com" }]);
    expect(payloads[4].bounce.bouncedRecipients.map((r: { emailAddress: string }) => r.emailAddress)).toEqual([
      "bounce+hidden@example.com",
    ]);
    expect(planEvents(["reject@a.test"]).map((e) => e.kind)).toEqual(["Reject"]);
  });
});

describe("key pair and certificate", () => {
  it("are created once in SIMULATOR_KEY_DIR and reused by a second process-like instance, which finds the port taken and carries on", async () => {
    const second = capturingLogger();
    const other = await createSimulatorProvider(simulatorEnvFor(keyDir, certPort, ingest.url), second.log, { firstEventDelayMs: 0 });
    try {
      const email = await queuedEmail(["anyone@example.com"]);
      await other.send(email);
      await other.idle();
      // Signed by the second instance, verified against the certificate the first one serves.
      expect((await eventsOf(email.emailId)).map((e) => e.type)).toEqual(["sent", "delivered"]);
      expect(second.lines.map((line) => line.msg)).toContain(
        "simulator certificate port in use by another sender process serving the same certificate",
      );
      expect((await readdir(keyDir)).filter((name) => !name.startsWith("."))).toEqual(["sns-signing-identity.pem"]);
      const served = await (await fetch(certUrl)).text();
      expect(served).toMatch(/^-----BEGIN CERTIFICATE-----/);
    } finally {
      await other.close();
    }
  });
});

describe("a certificate port held by something else", () => {
  it("stops the simulator from starting when the holder serves another certificate, or does not answer", async () => {
    // Another simulator's: its own key pair, served at the same URL.
    const otherKeyDir = await mkdtemp(path.join(tmpdir(), "svc-simulator-other-"));
    const mute = createNetServer((socket) => socket.destroy());
    const mutePort = await listen(mute, 0, "127.0.0.1");
    try {
      const otherKey = createSimulatorProvider(simulatorEnvFor(otherKeyDir, certPort, ingest.url), capturingLogger().log);
      await expect(otherKey).rejects.toThrow(/does not serve this simulator's certificate .* \(it serves something else\)/);
      const muteHolder = createSimulatorProvider(simulatorEnvFor(keyDir, mutePort, ingest.url), capturingLogger().log);
      await expect(muteHolder).rejects.toThrow(/does not serve this simulator's certificate .* \(it did not answer\)/);
    } finally {
      await new Promise((resolve) => mute.close(resolve));
      await rm(otherKeyDir, { recursive: true, force: true });
    }
  });
});

describe("delivery to the ingester", () => {
  it("send() answers at once and the events wait, retrying, for an ingester that starts later", async () => {
    const port = await freePort();
    const lateUrl = `http://127.0.0.1:${port}/sns/ses`;
    const log = capturingLogger();
    const early = await createSimulatorProvider(simulatorEnvFor(keyDir, certPort, lateUrl), log.log, {
      firstEventDelayMs: 0,
      retry: { firstDelayMs: 50, maxDelayMs: 200, giveUpAfterMs: 60_000 },
    });
    let late: Awaited<ReturnType<typeof startIngest>> | null = null;
    try {
      const email = await queuedEmail(["click@example.com"]);
      const { providerMessageId } = await early.send(email);
      expect(providerMessageId).toMatch(/-000000$/);
      expect(await handle.prisma.emailEvent.count({ where: { emailId: email.emailId } })).toBe(0);
      // Nothing listens yet: the first post fails and is retried.
      while (!log.lines.some((line) => line.msg === "posting a simulated event failed; retrying")) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      late = await startIngest(certUrl, port);
      await early.idle();
      expect((await eventsOf(email.emailId)).map((e) => e.type)).toEqual(["sent", "delivered", "opened", "clicked"]);
    } finally {
      await early.close();
      await late?.close();
    }
  });

  it("close() abandons events the ingester never takes, without blocking", async () => {
    const port = await freePort();
    const log = capturingLogger();
    const stranded = await createSimulatorProvider(simulatorEnvFor(keyDir, certPort, `http://127.0.0.1:${port}/sns/ses`), log.log, {
      firstEventDelayMs: 0,
      closeGraceMs: 100,
      retry: { firstDelayMs: 50, maxDelayMs: 100, giveUpAfterMs: 600_000 },
    });
    const email = await queuedEmail(["anyone@example.com"]);
    await stranded.send(email);
    await stranded.close();
    await expect(stranded.send(email)).rejects.toMatchObject({ kind: "transient", code: "SimulatorClosed" });
    expect(await handle.prisma.emailEvent.count({ where: { emailId: email.emailId } })).toBe(0);
  });
});
