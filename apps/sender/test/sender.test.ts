import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { recordEmailEvent } from "@svc/core";
import { claimEmails, markEmailsSent } from "@svc/core/stores";
import { type DbHandle, newId } from "@svc/db";
import { createProducerConnection, Producer } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type SesLocal, sesAccept, sesError, startScriptedSes, startSesLocal } from "../../../test/support/ses.ts";
import { batchedHandoffWrites } from "../src/emails/batchedWrites.ts";
import { createTestSender, insertEmail, retireWaitingEmails, senderTestEnv, type TestSender, waitFor } from "./support.ts";

// The SDK's default credential chain reads these; the local SES peers accept any signature.
Object.assign(process.env, FAKE_AWS_CREDENTIALS);

const handle = openTestDb();
const db = handle.prisma;
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let emulator: SesLocal;
let fx: WorkspaceFixture;
/** Workspaces this file created, whose leftover emails are retired at the end. */
const workspaces: string[] = [];

beforeAll(async () => {
  emulator = await startSesLocal();
  fx = await createWorkspaceFixture(handle);
  workspaces.push(fx.workspaceId);
});

afterAll(async () => {
  await retireWaitingEmails(handle, workspaces);
  await emulator.stop();
  await redis.quit();
  await handle.close();
});

interface Running {
  sender: TestSender;
  port: number;
  sendQueue: Producer<"sendEmail">;
  deliveryQueue: Producer<"webhookDelivery">;
  enqueue(emailId: string): Promise<void>;
  stop(): Promise<void>;
}

/** One email's claim: the store's claim of many, with one. */
async function claimEmail(db: DbHandle, emailId: string, leaseMs: number) {
  const [claimed] = await claimEmails(db.pool, [emailId], leaseMs);
  return claimed ?? null;
}

/** One email's accepted handoff: the store's record of many, with one. */
async function markSent(db: DbHandle, emailId: string, provider: string, providerMessageId: string) {
  await markEmailsSent(db.pool, [{ emailId, provider, providerMessageId }]);
}

async function startSender(overrides: Record<string, string> = {}): Promise<Running> {
  const env = senderTestEnv({ SES_ENDPOINT: emulator.url, ...overrides });
  const sender = createTestSender(env);
  const { port } = await sender.start();
  const sendQueue = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
  const deliveryQueue = new Producer("webhookDelivery", redis, env.QUEUE_PREFIX);
  return {
    sender,
    port,
    sendQueue,
    deliveryQueue,
    enqueue: (emailId) => sendQueue.enqueue(emailId, { emailId }),
    async stop() {
      await sender.close();
      await sendQueue.queue.obliterate({ force: true }).catch(() => {});
      await deliveryQueue.queue.obliterate({ force: true }).catch(() => {});
      await sendQueue.close();
      await deliveryQueue.close();
    },
  };
}

function emailRow(id: string) {
  return db.email.findUniqueOrThrow({ where: { id } });
}

async function waitForStatus(id: string, statuses: string[]) {
  return waitFor(`${id} to be ${statuses.join("/")}`, async () => {
    const row = await emailRow(id);
    return statuses.includes(row.status) ? row : undefined;
  });
}

describe("a live email", () => {
  let running: Running;
  beforeAll(async () => {
    running = await startSender();
  });
  afterAll(() => running.stop());

  it("is handed to SES once and becomes sent with its message id", async () => {
    const id = await insertEmail(handle, fx, { to: ["one@example.com", "Two <two@example.com>"] });
    await running.enqueue(id);
    const row = await waitForStatus(id, ["sent"]);

    expect(row.provider).toBe("ses");
    expect(row.providerMessageId).toMatch(/^ses-/);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(row.errorMessage).toBeNull();
    const stored = (await emulator.emails()).filter((e) => e.subject === `Subject ${id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.messageId).toBe(row.providerMessageId);
    expect(stored[0]!.destination.to).toEqual(["one@example.com", "Two <two@example.com>"]);
    expect(stored[0]!.body).toEqual({ html: `<p>Hello from ${id}</p>`, text: `Hello from ${id}` });
  });

  it("is not handed off again by a second job for the same email", async () => {
    const id = await insertEmail(handle, fx);
    let completedJobs = 0;
    running.sender.workers[0]!.on("completed", (job) => {
      if (job.id === id) completedJobs += 1;
    });
    await running.enqueue(id);
    await waitForStatus(id, ["sent"]);
    await waitFor("the first job to be removed", async () => !(await running.sendQueue.has(id)));
    // A new job with the same id (a retry, a stray re-enqueue) runs and must not hand off again.
    await running.enqueue(id);
    await waitFor("the second job to finish", async () => completedJobs === 2);
    expect((await emulator.emails()).filter((e) => e.subject === `Subject ${id}`)).toHaveLength(1);
    expect((await emailRow(id)).attempts).toBe(1);
  });

  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`http://127.0.0.1:${running.port}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${running.port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { postgres: "ok", redis: "ok", worker: "ok" } });
    const other = await fetch(`http://127.0.0.1:${running.port}/nope`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: "Not found.", code: "not_found" });
  });
});

describe("claiming", () => {
  it("lets exactly one of many concurrent claims take a queued email", async () => {
    const id = await insertEmail(handle, fx);
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimEmail(handle, id, 60_000)));
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    const row = await emailRow(id);
    expect(row.status).toBe("sending");
    expect(row.attempts).toBe(1);
  });

  it("takes over a sending email only once its lease has passed", async () => {
    const id = await insertEmail(handle, fx, { status: "sending" });
    await db.email.update({ where: { id }, data: { claimedAt: new Date(Date.now() - 10_000) } });
    expect(await claimEmail(handle, id, 60_000)).toBeNull();
    expect(await claimEmail(handle, id, 5_000)).not.toBeNull();
  });

  it("claims many in one statement, in order, and gives an email listed twice to its first place only", async () => {
    const [a, b] = [await insertEmail(handle, fx), await insertEmail(handle, fx)];
    const sent = await insertEmail(handle, fx, { status: "sent" });
    const claims = await claimEmails(handle.pool, [a, sent, b, a, "em_missing"], 60_000);
    expect(claims.map((claim) => claim?.id ?? null)).toEqual([a, null, b, null, null]);
    expect((await emailRow(a)).attempts).toBe(1);
  });

  it("coalesces concurrent jobs' claims (each with its checks) and records, each job getting its own answer", async () => {
    const writes = batchedHandoffWrites(handle, 60_000);
    const suppressed = `suppressed-${randomUUID()}@example.com`;
    await db.suppression.create({ data: { id: newId("suppression"), workspaceId: fx.workspaceId, address: suppressed, reason: "manual" } });
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        insertEmail(handle, fx, { to: n === 0 ? [`Someone <${suppressed.toUpperCase()}>`] : undefined }),
      ),
    );
    // Each email claimed by two racing jobs: exactly one of them wins it.
    const claims = await Promise.all([...ids, ...ids].map((id) => writes.claim(id)));
    for (const id of ids) expect(claims.filter((claim) => claim?.email.id === id)).toHaveLength(1);
    // Each winner carries its own checks: the domain is verified, and only the first email's recipient is suppressed.
    const won = ids.map((id) => claims.find((claim) => claim?.email.id === id)!);
    expect(won.every((claim) => claim.check.domainVerified)).toBe(true);
    expect(won.map((claim) => [...claim.check.suppressed.keys()])).toEqual([[suppressed], ...Array(11).fill([])]);
    await Promise.all(ids.map((id) => writes.markSent({ emailId: id, provider: "ses", providerMessageId: `msg-${id}` })));
    for (const id of ids) {
      const row = await emailRow(id);
      expect([row.status, row.providerMessageId]).toEqual(["sent", `msg-${id}`]);
    }
  });

  it("never claims an email that is already sent or failed", async () => {
    const sent = await insertEmail(handle, fx, { status: "sent" });
    const failed = await insertEmail(handle, fx, { status: "failed" });
    expect(await claimEmail(handle, sent, 1_000)).toBeNull();
    expect(await claimEmail(handle, failed, 1_000)).toBeNull();
  });
});

describe("test keys", () => {
  let running: Running;
  beforeAll(async () => {
    running = await startSender();
    await db.testRecipient.create({ data: { id: newId("recipient"), workspaceId: fx.workspaceId, email: "verified@example.com" } });
  });
  afterAll(() => running.stop());

  it("deliver only to verified recipients (matched case-insensitively)", async () => {
    const id = await insertEmail(handle, fx, {
      environment: "test",
      to: ["Verified Person <Verified@Example.com>", "stranger@example.com"],
    });
    await running.enqueue(id);
    await waitForStatus(id, ["sent"]);
    const stored = (await emulator.emails()).filter((e) => e.subject === `Subject ${id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.destination.to).toEqual(["Verified Person <Verified@Example.com>"]);
  });

  it("fail the email, naming the dropped addresses, when no recipient is verified", async () => {
    const id = await insertEmail(handle, fx, { environment: "test", to: ["a@example.com", "b@example.com"] });
    await running.enqueue(id);
    const row = await waitForStatus(id, ["failed"]);
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.errorMessage).toContain("a@example.com");
    expect(row.errorMessage).toContain("b@example.com");
    expect(row.providerMessageId).toBeNull();
    expect((await emulator.emails()).filter((e) => e.subject === `Subject ${id}`)).toHaveLength(0);
  });

  it("do not filter live emails", async () => {
    const id = await insertEmail(handle, fx, { to: ["stranger@example.com"] });
    await running.enqueue(id);
    await waitForStatus(id, ["sent"]);
    expect((await emulator.emails()).filter((e) => e.subject === `Subject ${id}`)).toHaveLength(1);
  });
});

describe("the from-domain at send time", () => {
  let running: Running;
  beforeAll(async () => {
    running = await startSender();
  });
  afterAll(() => running.stop());

  it("is checked again: an email queued before its domain was removed or failed is not handed off", async () => {
    const own = await createWorkspaceFixture(handle);
    workspaces.push(own.workspaceId);
    const removed = await insertEmail(handle, own);
    await db.domain.deleteMany({ where: { workspaceId: own.workspaceId } });
    await running.enqueue(removed);
    const row = await waitForStatus(removed, ["failed"]);
    expect(row.errorMessage).toBe(
      `The from domain ${own.domain} is no longer verified for this workspace (removed, or its re-check failed); not sent.`,
    );
    expect(row.providerMessageId).toBeNull();
    expect((await emulator.emails()).filter((e) => e.subject === `Subject ${removed}`)).toHaveLength(0);

    const failing = await createWorkspaceFixture(handle);
    workspaces.push(failing.workspaceId);
    const queued = await insertEmail(handle, failing);
    await db.domain.updateMany({ where: { workspaceId: failing.workspaceId }, data: { status: "failed" } });
    await running.enqueue(queued);
    expect((await waitForStatus(queued, ["failed"])).errorMessage).toContain("no longer verified");
    // Still verified: sent as ever.
    const fine = await insertEmail(handle, fx);
    await running.enqueue(fine);
    await waitForStatus(fine, ["sent"]);
  });
});

describe("the from-domain's owner", () => {
  let running: Running;
  beforeAll(async () => {
    running = await startSender();
  });
  afterAll(() => running.stop());

  it("is the only workspace that sends from it: another's `verified` row of the name without a proof of its own does not send", async () => {
    const shared = `shared-${randomUUID()}.example.com`;
    const owner = await createWorkspaceFixture(handle, { domain: shared });
    // A row verified before names were claimed: `verified`, but its DNS never proved the name.
    const squatter = await createWorkspaceFixture(handle);
    workspaces.push(owner.workspaceId, squatter.workspaceId);
    await db.domain.create({
      data: {
        id: newId("domain"),
        workspaceId: squatter.workspaceId,
        name: shared,
        status: "verified",
        verifiedAt: new Date(),
        records: [],
        verificationToken: "fixture",
        dkimSelector: "svc",
        dkimPublicKey: "fixture",
        dkimPrivateKey: "fixture",
      },
    });
    const squatted = await insertEmail(handle, squatter, { from: `Bank <security@${shared}>` });
    const owned = await insertEmail(handle, owner, { from: `Shop <news@${shared}>` });
    await running.enqueue(squatted);
    await running.enqueue(owned);
    expect((await waitForStatus(squatted, ["failed", "sent"])).errorMessage).toContain(`The from domain ${shared} is no longer verified`);
    await waitForStatus(owned, ["sent"]);
    expect((await emulator.emails()).filter((e) => e.subject === `Subject ${squatted}`)).toHaveLength(0);
    expect((await emulator.emails()).filter((e) => e.subject === `Subject ${owned}`)).toHaveLength(1);
  });
});

describe("provider failures", () => {
  it("transient ones are retried with backoff until the provider accepts", async () => {
    const acceptedId = `msg-${randomUUID()}`;
    const peer = await startScriptedSes((n) =>
      n < 2 ? sesError(n === 0 ? 503 : 429, n === 0 ? "ServiceUnavailable" : "TooManyRequestsException") : sesAccept(acceptedId),
    );
    const running = await startSender({ SES_ENDPOINT: peer.url });
    try {
      const id = await insertEmail(handle, fx);
      await running.enqueue(id);
      const row = await waitForStatus(id, ["sent"]);
      expect(row.providerMessageId).toBe(acceptedId);
      expect(row.attempts).toBe(3);
      expect(peer.requests).toHaveLength(3);
      // Backoff: the second retry waited longer than the first.
      const [first, second, third] = peer.requests.map((r) => r.at) as [number, number, number];
      expect(second - first).toBeGreaterThanOrEqual(40);
      expect(third - second).toBeGreaterThanOrEqual(80);
      expect(await db.emailEvent.count({ where: { emailId: id } })).toBe(0);
    } finally {
      await running.stop();
      await peer.stop();
    }
  });

  it("the retry window of a scheduled email starts at its scheduled time, not at its creation", async () => {
    const acceptedId = `msg-${randomUUID()}`;
    const peer = await startScriptedSes((n) => (n === 0 ? sesError(503, "ServiceUnavailable") : sesAccept(acceptedId)));
    const running = await startSender({ SES_ENDPOINT: peer.url });
    try {
      // Created two days ago for now: the scheduler has just queued it. A window counted from its
      // creation (24 hours) would have ended long ago and failed it at the first transient error.
      const id = await insertEmail(handle, fx, { createdAt: new Date(Date.now() - 48 * 3_600_000) });
      await db.email.update({ where: { id }, data: { scheduledAt: new Date() } });
      await running.enqueue(id);
      const row = await waitForStatus(id, ["sent", "failed"]);
      expect(row).toMatchObject({ status: "sent", providerMessageId: acceptedId, attempts: 2 });
    } finally {
      await running.stop();
      await peer.stop();
    }
  });

  it("transient ones end the email failed, with the last error and our failed event for subscribers, once the retry window has passed", async () => {
    const fxOwn = await createWorkspaceFixture(handle);
    workspaces.push(fxOwn.workspaceId);
    const subscription = await db.webhookSubscription.create({
      data: {
        id: newId("webhook"),
        workspaceId: fxOwn.workspaceId,
        url: "https://hooks.example.com/f",
        events: ["failed"],
        secretEncrypted: "v1.x.y.z",
      },
    });
    const peer = await startScriptedSes(() => sesError(503, "ServiceUnavailable", "SES is having a moment"));
    // A window of ~2 s: a few retries, even on a loaded machine, then the end.
    const running = await startSender({ SES_ENDPOINT: peer.url, SEND_RETRY_WINDOW_HOURS: "0.0006" });
    try {
      const id = await insertEmail(handle, fxOwn);
      await running.enqueue(id);
      const row = await waitForStatus(id, ["failed"]);
      expect(row.errorMessage).toContain("SES is having a moment");
      expect(row.failedAt).toBeInstanceOf(Date);
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect(peer.requests.length).toBe(row.attempts);
      const events = await db.emailEvent.findMany({ where: { emailId: id } });
      expect(events.map((event) => [event.type, event.dedupeKey])).toEqual([["failed", `failed:${id}`]]);
      expect(JSON.parse(events[0]!.payloadJson)).toEqual({ source: "svc", reason: "retry_window_over", message: row.errorMessage });
      const deliveries = await db.webhookDelivery.findMany({ where: { eventId: events[0]!.id } });
      expect(deliveries.map((delivery) => delivery.subscriptionId)).toEqual([subscription.id]);
      expect(JSON.parse(deliveries[0]!.body)).toMatchObject({ data: { emailId: id, event: { eventId: events[0]!.id, type: "failed" } } });
      expect(await running.deliveryQueue.has(deliveries[0]!.id)).toBe(true);
      const job = await running.sendQueue.queue.getJob(id);
      expect(await job?.getState()).toBe("failed");
    } finally {
      await running.stop();
      await peer.stop();
    }
  });

  it("permanent ones fail the email at once with a rejected event that reaches webhook subscribers", async () => {
    const fxOwn = await createWorkspaceFixture(handle);
    workspaces.push(fxOwn.workspaceId);
    const subscription = await db.webhookSubscription.create({
      data: {
        id: newId("webhook"),
        workspaceId: fxOwn.workspaceId,
        url: "https://hooks.example.com/x",
        events: ["rejected"],
        secretEncrypted: "v1.x.y.z",
      },
    });
    const peer = await startScriptedSes(() => sesError(400, "MessageRejected", "Email address is not verified."));
    const running = await startSender({ SES_ENDPOINT: peer.url });
    try {
      const id = await insertEmail(handle, fxOwn);
      await running.enqueue(id);
      const row = await waitForStatus(id, ["failed"]);
      expect(peer.requests).toHaveLength(1);
      expect(row.attempts).toBe(1);
      expect(row.failedAt).toBeInstanceOf(Date);
      expect(row.errorMessage).toContain("Email address is not verified.");
      expect(row.provider).toBe("ses");

      const events = await db.emailEvent.findMany({ where: { emailId: id } });
      expect(events).toHaveLength(1);
      expect(events[0]!.type).toBe("rejected");
      expect(events[0]!.dedupeKey).toBe(`reject:${id}`);
      expect(JSON.parse(events[0]!.payloadJson)).toMatchObject({
        provider: "ses",
        code: "MessageRejected",
        message: "Email address is not verified.",
        httpStatusCode: 400,
      });

      const deliveries = await db.webhookDelivery.findMany({ where: { eventId: events[0]!.id } });
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]!.subscriptionId).toBe(subscription.id);
      expect(await running.deliveryQueue.has(deliveries[0]!.id)).toBe(true);
      const job = await running.sendQueue.queue.getJob(id);
      expect(await job?.getState()).toBe("failed");
    } finally {
      await running.stop();
      await peer.stop();
    }
  });
});

describe("recording the handoff", () => {
  it("keeps a status an early event already advanced, and still stores the message id", async () => {
    const id = await insertEmail(handle, fx, { status: "sending" });
    await recordEmailEvent(handle, {
      emailId: id,
      type: "delivered",
      eventTimestamp: new Date(),
      payloadJson: "{}",
      dedupeKey: `test:${id}:delivered`,
    });
    await markSent(handle, id, "ses", `msg-${id}`);
    const row = await emailRow(id);
    expect(row.status).toBe("delivered");
    expect(row.providerMessageId).toBe(`msg-${id}`);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("records many handoffs in one statement, the first entry winning for an email listed twice", async () => {
    const [a, b] = [await insertEmail(handle, fx, { status: "sending" }), await insertEmail(handle, fx, { status: "sending" })];
    // Message ids are unique across the table, and the test database outlives this run.
    await markEmailsSent(handle.pool, [
      { emailId: a, provider: "ses", providerMessageId: `first-${a}` },
      { emailId: b, provider: "ses", providerMessageId: `other-${b}` },
      { emailId: a, provider: "ses", providerMessageId: `second-${a}` },
    ]);
    expect((await emailRow(a)).providerMessageId).toBe(`first-${a}`);
    expect((await emailRow(b)).status).toBe("sent");
  });

  it("never moves a final status back", async () => {
    const id = await insertEmail(handle, fx, { status: "bounced" });
    await markSent(handle, id, "ses", `msg-${id}`);
    expect((await emailRow(id)).status).toBe("bounced");
  });
});

describe("shutdown", () => {
  it("lets an in-flight handoff finish and record its outcome", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const acceptedId = `msg-${randomUUID()}`;
    const slow = await startScriptedSes(async () => {
      await gate;
      return sesAccept(acceptedId);
    });
    const running = await startSender({ SES_ENDPOINT: slow.url });
    try {
      const id = await insertEmail(handle, fx);
      await running.enqueue(id);
      await waitFor("the request to reach SES", async () => slow.requests.length === 1);
      const closing = running.sender.close();
      setTimeout(release, 300);
      await closing;
      const row = await emailRow(id);
      expect(row.status).toBe("sent");
      expect(row.providerMessageId).toBe(acceptedId);
    } finally {
      release();
      await running.stop();
      await slow.stop();
    }
  });
});
