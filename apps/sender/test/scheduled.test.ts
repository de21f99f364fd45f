import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  cancelScheduledEmail,
  PLANS,
  parseSendEmailInput,
  purgeExpiredEmails,
  queueEmail,
  rescheduleEmail,
  type SendContext,
  sqlPool,
} from "@svc/core";
import { queueDueScheduledEmails } from "@svc/core/stores";
import { createProducerConnection } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type SesLocal, startSesLocal } from "../../../test/support/ses.ts";
import { createTestSender, retireWaitingEmails, senderTestEnv, type TestSender, waitFor } from "./support.ts";

Object.assign(process.env, FAKE_AWS_CREDENTIALS);

const handle = openTestDb();
const db = handle.prisma;
// This file's own Redis db (TEST_REDIS_URL): FLUSHDB below touches nothing else.
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let emulator: SesLocal;
let fx: WorkspaceFixture;
let context: SendContext;

beforeAll(async () => {
  emulator = await startSesLocal();
  fx = await createWorkspaceFixture(handle);
  context = { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["send-only"], environment: "live", plan: "unlimited" };
});

afterAll(async () => {
  await db.email.updateMany({ where: { organizationId: fx.workspaceId, status: "scheduled" }, data: { status: "canceled" } });
  await retireWaitingEmails(handle, [fx.workspaceId]);
  await emulator.stop();
  await redis.quit();
  await handle.close();
});

/** Queues an email to send at `at`, as POST /emails does; answers its id and subject. */
async function schedule(at: Date): Promise<{ id: string; subject: string }> {
  const subject = `scheduled ${randomUUID()}`;
  const input = parseSendEmailInput({
    from: `Acme <hello@${fx.domain}>`,
    to: "someone@example.com",
    subject,
    text: "later",
    scheduledAt: at.toISOString(),
  });
  const queued = await queueEmail(handle, context, input);
  expect(JSON.parse(queued.body)).toEqual({ id: queued.emailId, status: "scheduled" });
  expect(queued.enqueue).toBe(false);
  return { id: queued.emailId, subject };
}

const inMs = (ms: number) => new Date(Date.now() + ms);
const rowOf = (id: string) => db.email.findUniqueOrThrow({ where: { id } });
const isSent = async (id: string) => (await rowOf(id)).status === "sent";

/** How many times the emulator received an email with each of these subjects. */
async function handoffs(subjects: string[]): Promise<number[]> {
  const received = (await emulator.emails()).map((email) => email.subject);
  return subjects.map((subject) => received.filter((s) => s === subject).length);
}

/**
 * Sent by a sender, once: the database says so whichever sender of the shared test database took
 * it; this file's emulator sees it unless another test file's sender was quicker.
 */
async function expectSentOnceAtOrAfter(id: string, at: Date): Promise<void> {
  const row = await rowOf(id);
  expect(row.status).toBe("sent");
  expect(row.attempts).toBe(1);
  expect(row.providerMessageId).toEqual(expect.any(String));
  expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(at.getTime());
}

async function expectNeverSent(id: string, subject: string): Promise<void> {
  const row = await rowOf(id);
  expect(row).toMatchObject({ status: "canceled", attempts: 0, providerMessageId: null, sentAt: null });
  expect(await handoffs([subject])).toEqual([0]);
}

const senderEnv = () =>
  senderTestEnv({ SES_ENDPOINT: emulator.url, SCHEDULE_POLL_INTERVAL_MS: "200", SWEEP_INTERVAL_MS: "500", SWEEP_MIN_AGE_MS: "200" });

describe("scheduled emails", () => {
  let sender: TestSender | null = null;
  afterAll(async () => {
    await sender?.close();
  });

  it("are sent at their time; a canceled one never; a rescheduled one at its new time; a later one waits", async () => {
    const at = inMs(4_000);
    const due = await schedule(at);
    const canceled = await schedule(at);
    expect(await cancelScheduledEmail(sqlPool(handle), fx.workspaceId, canceled.id)).toMatchObject({ status: "canceled" });
    const moved = await schedule(inMs(3_600_000));
    const movedAt = inMs(5_000);
    await rescheduleEmail(sqlPool(handle), fx.workspaceId, moved.id, movedAt);
    const later = await schedule(inMs(3_600_000));

    sender = createTestSender(senderEnv());
    await sender.start();
    await sender.queueDueOnce();
    // Not before its time.
    if (Date.now() < at.getTime() - 500) expect((await rowOf(due.id)).status).toBe("scheduled");

    await waitFor("the due and the rescheduled email to be sent", async () => (await isSent(due.id)) && (await isSent(moved.id)), 60_000);
    await expectSentOnceAtOrAfter(due.id, at);
    await expectSentOnceAtOrAfter(moved.id, movedAt);
    await sender.queueDueOnce();
    await expectNeverSent(canceled.id, canceled.subject);
    expect((await rowOf(later.id)).status).toBe("scheduled");
  });

  it("survive a Redis flush and a sender restart: due ones are sent once, canceled ones never", async () => {
    const at = inMs(2_500);
    const due = await schedule(at);
    const canceled = await schedule(at);
    await cancelScheduledEmail(sqlPool(handle), fx.workspaceId, canceled.id);
    await sender?.close();
    sender = null;
    // Queued by a scheduler whose enqueue was then lost with Redis: a `queued` row without a job.
    // Another test file's sender on the shared database may be the scheduler that queues it.
    const lostJob = await schedule(inMs(0));
    await queueDueScheduledEmails(sqlPool(handle), 10_000);
    expect((await rowOf(lostJob.id)).status).not.toBe("scheduled");
    await redis.flushdb();
    // Falls due while no sender runs.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now()) + 200));
    await redis.flushdb();

    sender = createTestSender(senderEnv());
    await sender.start();
    await waitFor("both due emails to be sent", async () => (await isSent(due.id)) && (await isSent(lostJob.id)), 60_000);
    await expectSentOnceAtOrAfter(due.id, at);
    await expectSentOnceAtOrAfter(lostJob.id, new Date(0));
    await sender.queueDueOnce();
    await sender.sweepOnce();
    await expectNeverSent(canceled.id, canceled.subject);
  });

  it("one whose time comes after its plan's retention age is sent, and retention removes it only after it has finished", async () => {
    const DAY = 86_400_000;
    const retentionMs = PLANS.unlimited.retentionDays * DAY;
    const at = inMs(2_500);
    const late = await schedule(at);
    // As if it had been scheduled (the longest) ahead: created longer ago than the retention age.
    await db.email.update({ where: { id: late.id }, data: { createdAt: new Date(Date.now() - retentionMs - 5 * DAY) } });

    // Retention while it waits: it stays (a slow purge may let its time come meanwhile, and the
    // sender of the tests above take it: still unfinished, still kept).
    await purgeExpiredEmails(db, new Date());
    expect(["scheduled", "queued", "sending", "sent"]).toContain((await rowOf(late.id)).status);

    if (!sender) {
      sender = createTestSender(senderEnv());
      await sender.start();
    }
    await waitFor("the late email to be queued", async () => (await rowOf(late.id)).status !== "scheduled", 30_000);
    // Retention runs while it waits to be handed off (or just after): it stays.
    await purgeExpiredEmails(db, new Date());
    await waitFor("the late email to be sent", () => isSent(late.id), 60_000);
    await expectSentOnceAtOrAfter(late.id, at);

    await purgeExpiredEmails(db, new Date());
    expect(await db.email.count({ where: { id: late.id } })).toBe(1);
    // Its last activity (the handoff) past the retention age: now it goes.
    await db.email.update({ where: { id: late.id }, data: { lastActivityAt: new Date(Date.now() - retentionMs - DAY) } });
    await purgeExpiredEmails(db, new Date());
    expect(await db.email.count({ where: { id: late.id } })).toBe(0);
  });
});
