import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createProducerConnection, createWorkerConnection, Producer, QUEUES, sharedSendJobId } from "@svc/queues";
import { UnrecoverableError, Worker } from "bullmq";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type SesLocal, startSesLocal } from "../../../test/support/ses.ts";
import { createTestSender, insertEmail, retireWaitingEmails, senderTestEnv, type TestSender, waitFor } from "./support.ts";

Object.assign(process.env, FAKE_AWS_CREDENTIALS);

const handle = openTestDb();
const db = handle.prisma;
// This file's own Redis db (TEST_REDIS_URL): FLUSHDB below touches nothing else.
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let emulator: SesLocal;
let fx: WorkspaceFixture;

beforeAll(async () => {
  emulator = await startSesLocal();
  fx = await createWorkspaceFixture(handle);
});

afterAll(async () => {
  await retireWaitingEmails(handle, [fx.workspaceId]);
  await emulator.stop();
  await redis.quit();
  await handle.close();
});

async function handoffsOf(ids: string[]): Promise<Map<string, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const email of await emulator.emails()) {
    const id = /^Subject (email_\w+)$/.exec(email.subject)?.[1];
    if (id && counts.has(id)) counts.set(id, counts.get(id)! + 1);
  }
  return counts;
}

async function statusesOf(ids: string[]) {
  const rows = await db.email.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } });
  return new Map(rows.map((row) => [row.id, row.status]));
}

describe("Redis flushed mid-run", () => {
  it("loses no email and hands none off twice", async () => {
    const env = senderTestEnv({
      SES_ENDPOINT: emulator.url,
      // Slow enough that most emails are still waiting when Redis is flushed.
      SES_MAX_SEND_RATE: "5",
      SENDER_CONCURRENCY: "4",
      SWEEP_INTERVAL_MS: "500",
      SWEEP_MIN_AGE_MS: "200",
    });
    const sender = createTestSender(env);
    const queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
    try {
      const ids: string[] = [];
      // The database is shared with other test files, whose leftover queued emails the sweeper
      // also finds. Dated first, ours are swept (and so sent) first instead of queueing behind them.
      for (let i = 0; i < 25; i++) ids.push(await insertEmail(handle, fx, { createdAt: new Date(Date.UTC(2000, 0, 1, 0, 0, i)) }));
      await queue.enqueueMany(ids.map((id) => ({ jobId: id, payload: { emailId: id } })));
      await sender.start();

      await waitFor("a few handoffs", async () => [...(await statusesOf(ids)).values()].filter((s) => s === "sent").length >= 3);
      await redis.flushdb();
      const sentBeforeFlush = [...(await statusesOf(ids)).values()].filter((s) => s === "sent").length;
      expect(sentBeforeFlush).toBeLessThan(ids.length);

      await waitFor(
        "every email to be sent",
        async () => [...(await statusesOf(ids)).values()].every((status) => status === "sent"),
        60_000,
      );
      const handoffs = await handoffsOf(ids);
      expect([...handoffs.values()]).toEqual(ids.map(() => 1));
      const rows = await db.email.findMany({ where: { id: { in: ids } } });
      expect(rows.every((row) => row.providerMessageId?.startsWith("ses-") && row.attempts === 1)).toBe(true);
    } finally {
      await sender.close();
      await queue.queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
    }
  });
});

describe("a sweep", () => {
  let sender: TestSender;
  let queue: Producer<"sendEmail">;
  beforeAll(async () => {
    // "Fresh" must stay younger than the minimum age however slow the machine is; "old" rows are 120 s old.
    const env = senderTestEnv({ SES_ENDPOINT: emulator.url, SWEEP_MIN_AGE_MS: "30000", SEND_CLAIM_LEASE_MS: "60000" });
    sender = createTestSender(env);
    queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
    // Only sweeps, no worker: what the sweep enqueues stays visible in the queue.
  });
  afterAll(async () => {
    await sender.close();
    await queue.queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  });

  it("enqueues old queued emails and expired claims without a job, and nothing else", async () => {
    const old = new Date(Date.now() - 120_000);
    const lost = await insertEmail(handle, fx, { createdAt: old });
    const fresh = await insertEmail(handle, fx);
    const expiredClaim = await insertEmail(handle, fx, { status: "sending", createdAt: old });
    await db.email.update({ where: { id: expiredClaim }, data: { claimedAt: new Date(Date.now() - 120_000) } });
    const liveClaim = await insertEmail(handle, fx, { status: "sending", createdAt: old });
    await db.email.update({ where: { id: liveClaim }, data: { claimedAt: new Date() } });
    const sent = await insertEmail(handle, fx, { status: "sent", createdAt: old });
    const withJob = await insertEmail(handle, fx, { createdAt: old });
    await queue.enqueue(withJob, { emailId: withJob }, { delay: 60_000 });

    await sender.sweepOnce();

    expect(await queue.has(lost)).toBe(true);
    expect(await queue.has(expiredClaim)).toBe(true);
    expect(await queue.has(fresh)).toBe(false);
    expect(await queue.has(liveClaim)).toBe(false);
    expect(await queue.has(sent)).toBe(false);
    // The existing (delayed) job was left alone, not replaced.
    expect(await (await queue.queue.getJob(withJob))?.getState()).toBe("delayed");
  });

  it("leaves a batch's emails in the job their rows name while it exists, and enqueues them on their own once it is gone", async () => {
    const old = new Date(Date.now() - 120_000);
    const ids = [await insertEmail(handle, fx, { createdAt: old }), await insertEmail(handle, fx, { createdAt: old })];
    const jobId = sharedSendJobId(ids[0]!);
    await db.email.updateMany({ where: { id: { in: ids } }, data: { sendJobId: jobId } });
    await queue.enqueue(jobId, { emailIds: ids }, { delay: 60_000 });

    await sender.sweepOnce();
    expect(await Promise.all(ids.map((id) => queue.has(id)))).toEqual([false, false]);

    await queue.queueOf(jobId).remove(jobId);
    await sender.sweepOnce();
    expect(await Promise.all(ids.map((id) => queue.has(id)))).toEqual([true, true]);
  });

  it("replaces a finished job of an email that is still queued", async () => {
    const id = await insertEmail(handle, fx, { createdAt: new Date(Date.now() - 120_000) });
    await queue.enqueue(id, { emailId: id });
    // A job that failed for a reason outside the email (say, the database was down), leaving it
    // queued. Jobs are taken and failed by hand (BullMQ's manual processing) up to ours: the
    // sweep before this test queued every old email of the shared database ahead of it.
    const connection = createWorkerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
    const failing = new Worker(QUEUES.sendEmail.name, null, { connection, prefix: queue.queue.opts.prefix, autorun: false });
    failing.on("error", () => {});
    try {
      const token = "sweeper-test";
      const ahead = await queue.queue.getJobCountByTypes("waiting", "prioritized");
      for (let taken = 0; taken < ahead; taken++) {
        const job = await failing.getNextJob(token);
        if (!job) break;
        await job.moveToFailed(new UnrecoverableError("database unavailable"), token);
        if (job.id === id) break;
      }
      expect(await (await queue.queue.getJob(id))?.getState()).toBe("failed");
    } finally {
      await failing.close();
      await connection.quit();
    }

    await sender.sweepOnce();

    // Back with its workspace's fair priority (SendFairness).
    const replaced = await queue.queue.getJob(id);
    expect(await replaced?.getState()).toBe("prioritized");
    expect(replaced?.opts.priority).toBeGreaterThanOrEqual(1);
  });
});
