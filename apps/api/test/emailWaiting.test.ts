import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type EmailStatus, newId } from "@svc/db";
import { recordRetry, sharedSendJobId } from "@svc/queues";
import { Worker } from "bullmq";
import { Redis } from "ioredis";
import request from "supertest";
import { TEST_REDIS_URL } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;
let fx: WorkspaceFixture;

beforeAll(async () => {
  [api, fx] = await Promise.all([startApi(), createWorkspaceFixture(handle)]);
});
afterAll(async () => {
  // Nothing of this file's may be left waiting for other files' sweepers.
  await db.email.updateMany({
    where: { organizationId: fx.workspaceId, status: { in: ["queued", "sending"] } },
    data: { status: "failed" },
  });
  await api.close();
  await handle.close();
});

async function email(options: {
  status?: EmailStatus;
  ageMs: number;
  from?: string;
  sentAgoMs?: number;
  sendJobId?: string;
}): Promise<string> {
  const id = newId("email");
  await db.email.create({
    data: {
      id,
      organizationId: fx.workspaceId,
      apiKeyId: fx.keyIds["full-access"],
      environment: "live",
      from: options.from ?? `Acme <hello@${fx.domain}>`,
      to: ["someone@example.org"],
      subject: "Waiting",
      text: "Hi",
      status: options.status ?? "queued",
      createdAt: new Date(Date.now() - options.ageMs),
      sendJobId: options.sendJobId ?? null,
      ...(options.sentAgoMs !== undefined
        ? { sentAt: new Date(Date.now() - options.sentAgoMs), provider: "ses", providerMessageId: `pm-${id}` }
        : {}),
    },
  });
  return id;
}

const read = async (id: string) => (await request(api.url).get(`/emails/${id}`).set(bearer(fx.keys["read-only"])).expect(200)).body;
const codes = (body: { waiting: { reasons: Array<{ code: string }> } }) => body.waiting.reasons.map((reason) => reason.code);

describe("GET /emails/{id}: an email waiting longer than expected says why", () => {
  it("says nothing for an email that is on time", async () => {
    expect((await read(await email({ ageMs: 1_000 }))).waiting).toBeNull();
    expect((await read(await email({ status: "sent", ageMs: 60_000, sentAgoMs: 50_000 }))).waiting).toBeNull();
  });

  it("names a missing job and no sender running", async () => {
    const body = await read(await email({ ageMs: 5 * 60_000 }));
    expect(body.status).toBe("queued");
    expect(body.waiting.since).toBe(body.createdAt);
    expect(codes(body)).toEqual(["no_job", "no_sender"]);
    expect(body.waiting.reasons[1].message).toContain("No sender process");
  });

  it("names the provider's throttling and the next attempt time", async () => {
    const id = await email({ ageMs: 5 * 60_000 });
    const retryAt = Date.now() + 120_000;
    await api.producer.enqueue(id, { emailId: id }, { delay: 120_000 });
    await recordRetry(api.producer, id, { lastError: "SES TooManyRequestsException: Maximum sending rate exceeded.", retryAt });
    const body = await read(id);
    const retry = body.waiting.reasons.find((reason: { code: string }) => reason.code === "provider_retry");
    expect(retry).toEqual({
      code: "provider_retry",
      message: `The provider refused the last attempt for now (SES TooManyRequestsException: Maximum sending rate exceeded.); the next attempt is at ${new Date(retryAt).toISOString()}.`,
      nextAttemptAt: new Date(retryAt).toISOString(),
    });
  });

  it("names a backlog of send jobs waiting with a priority (BullMQ's prioritized set) while a sender is connected", async () => {
    const queue = api.producer.queue;
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    // A connected sender that takes no job, so that the jobs stay waiting.
    const worker = new Worker(queue.name, async () => {}, { connection, prefix: queue.opts.prefix, autorun: false });
    try {
      await worker.waitUntilReady();
      const ids = [await email({ ageMs: 5 * 60_000 }), await email({ ageMs: 5 * 60_000 }), await email({ ageMs: 5 * 60_000 })];
      for (const id of ids) await api.producer.enqueue(id, { emailId: id }, { priority: 3 });
      expect(await (await queue.getJob(ids[0]!))!.getState()).toBe("prioritized");
      const body = await read(ids[0]!);
      expect(codes(body)).toEqual(["backlog"]);
      expect(body.waiting.reasons[0].message).toMatch(/^\d+ send jobs are waiting/);
      expect(Number(/^(\d+)/.exec(body.waiting.reasons[0].message)![1])).toBeGreaterThanOrEqual(3);
      for (const id of ids) await (await queue.getJob(id))?.remove();
    } finally {
      await worker.close();
      connection.disconnect();
    }
  });

  it("finds a batch's email in the job its row names, not missing", async () => {
    const queue = api.producer.queue;
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const worker = new Worker(queue.name, async () => {}, { connection, prefix: queue.opts.prefix, autorun: false });
    const sendJobId = sharedSendJobId(newId("email"));
    try {
      await worker.waitUntilReady();
      const ids = [await email({ ageMs: 5 * 60_000, sendJobId }), await email({ ageMs: 5 * 60_000, sendJobId })];
      const ahead = sharedSendJobId(newId("email"));
      await api.producer.enqueue(ahead, { emailIds: [newId("email"), newId("email")] }, { priority: 1 });
      await api.producer.enqueue(sendJobId, { emailIds: ids }, { priority: 2 });
      const body = await read(ids[1]!);
      expect(codes(body)).toEqual(["backlog"]);
      await (await queue.getJob(ahead))?.remove();

      // Its batch's job gone (Redis lost it), the email is explained as missing its job.
      await (await queue.getJob(sendJobId))?.remove();
      expect(codes(await read(ids[1]!))).toEqual(["no_job"]);
    } finally {
      await worker.close();
      connection.disconnect();
    }
  });

  it("names a from-domain that is not verified, here or at SES", async () => {
    const failedDomain = `failed-${fx.domain}`;
    await db.domain.create({
      data: {
        id: newId("domain"),
        workspaceId: fx.workspaceId,
        name: failedDomain,
        status: "failed",
        failureReason: "TXT x: gone.",
        records: [],
        verificationToken: "t",
        dkimSelector: "s",
        dkimPublicKey: "p",
        dkimPrivateKey: "k",
      },
    });
    const failed = await read(await email({ ageMs: 5 * 60_000, from: `x@${failedDomain}` }));
    expect(failed.waiting.reasons[0]).toMatchObject({
      code: "domain_not_verified",
      message: expect.stringContaining("is failed: TXT x: gone."),
    });

    await db.domain.updateMany({
      where: { workspaceId: fx.workspaceId, name: fx.domain },
      data: {
        providerState: {
          verifiedForSending: false,
          verificationStatus: "PENDING",
          dkim: { status: "PENDING", signingEnabled: true, origin: "EXTERNAL", selector: null },
          mailFrom: null,
        },
      },
    });
    const atSes = await read(await email({ ageMs: 5 * 60_000 }));
    expect(atSes.waiting.reasons[0]).toMatchObject({
      code: "provider_identity_not_verified",
      message: expect.stringContaining("DKIM PENDING"),
    });
  });

  it("makes an email the provider accepted hours ago, with no event since, visible as such", async () => {
    const body = await read(await email({ status: "sent", ageMs: 3 * 3_600_000, sentAgoMs: 3 * 3_600_000 }));
    expect(codes(body)).toEqual(["no_provider_events"]);
    expect(body.waiting.since).toBe(body.sentAt);
  });
});
