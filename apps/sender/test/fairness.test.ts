import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createProducerConnection, SendQueue, sharedSendJobId } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type SesLocal, startSesLocal } from "../../../test/support/ses.ts";
import { createTestSender, insertEmail, retireWaitingEmails, senderTestEnv, waitFor } from "./support.ts";

Object.assign(process.env, FAKE_AWS_CREDENTIALS);

/**
 * One workspace's backlog does not hold up another workspace's email: send jobs carry their
 * workspace's fair priority, so the quiet workspace's email goes ahead of the busy one's burst.
 */
const handle = openTestDb();
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let emulator: SesLocal;
let busy: WorkspaceFixture;
let quiet: WorkspaceFixture;

beforeAll(async () => {
  emulator = await startSesLocal();
  busy = await createWorkspaceFixture(handle);
  quiet = await createWorkspaceFixture(handle);
});

afterAll(async () => {
  await retireWaitingEmails(handle, [busy.workspaceId, quiet.workspaceId]);
  await emulator.stop();
  await redis.quit();
  await handle.close();
});

describe("send queue fairness", () => {
  it("sends a quiet workspace's email ahead of a busy workspace's backlog", async () => {
    const env = senderTestEnv({ SES_ENDPOINT: emulator.url, SES_MAX_SEND_RATE: "20", SENDER_CONCURRENCY: "4" });
    const queue = new SendQueue(redis, env.QUEUE_PREFIX);
    const sender = createTestSender(env);
    try {
      // Inserted a few dozen side by side: one at a time, a slow machine spent most of the test's
      // time here; all at once, the waits for the test's pooled connections timed out.
      const backlog: string[] = [];
      while (backlog.length < 600) backlog.push(...(await Promise.all(Array.from({ length: 25 }, () => insertEmail(handle, busy)))));
      await queue.enqueue(busy.workspaceId, backlog);
      await sender.start();
      const sentOfBacklog = () => handle.prisma.email.count({ where: { id: { in: backlog }, status: { not: "queued" } } });
      await waitFor("the backlog to start", async () => (await sentOfBacklog()) >= 5);

      const single = await insertEmail(handle, quiet);
      await queue.enqueue(quiet.workspaceId, [single]);
      await waitFor(
        "the quiet workspace's email to be handed off",
        async () => (await handle.prisma.email.findUniqueOrThrow({ where: { id: single } })).status !== "queued",
      );

      // At 20 a second the backlog takes half a minute; the single email went after at most the
      // backlog's first level (100 emails), not after all 600.
      const handedOffBefore = await sentOfBacklog();
      expect(handedOffBefore).toBeLessThan(200);
      // Levels of 100 in the order queued (the first ones' jobs are done and gone).
      const jobs = await Promise.all([backlog[350]!, backlog[599]!].map((id) => queue.producer.queue.getJob(id)));
      expect(jobs.map((job) => job?.opts.priority)).toEqual([4, 6]);
    } finally {
      await sender.close();
      await queue.close();
    }
  }, 120_000);

  it("sends a quiet workspace's email ahead of a busy workspace's batches the sender has already taken", async () => {
    // Four batch jobs of 100 fill the worker's four job slots: the quiet email is taken when the
    // first batch is done, and its handoff goes ahead of the other batches' waiting ones.
    const env = senderTestEnv({ SES_ENDPOINT: emulator.url, SES_MAX_SEND_RATE: "50", SENDER_CONCURRENCY: "4" });
    const queue = new SendQueue(redis, env.QUEUE_PREFIX);
    const sender = createTestSender(env);
    try {
      const batches: string[][] = [];
      for (let b = 0; b < 4; b++) {
        const ids: string[] = [];
        while (ids.length < 100) ids.push(...(await Promise.all(Array.from({ length: 25 }, () => insertEmail(handle, busy)))));
        batches.push(ids);
        await queue.enqueue(busy.workspaceId, ids, sharedSendJobId(ids[0]!));
      }
      const backlog = batches.flat();
      await sender.start();
      const sentOfBacklog = () => handle.prisma.email.count({ where: { id: { in: backlog }, status: { not: "queued" } } });
      await waitFor("the batches to start", async () => (await sentOfBacklog()) >= 5);

      const single = await insertEmail(handle, quiet);
      await queue.enqueue(quiet.workspaceId, [single]);
      await waitFor(
        "the quiet workspace's email to be handed off",
        async () => (await handle.prisma.email.findUniqueOrThrow({ where: { id: single } })).status !== "queued",
      );
      // At 50 a second the batches take eight seconds; the single email went after about one
      // batch, not after all four (without priorities among the waiting handoffs, after all 400).
      expect(await sentOfBacklog()).toBeLessThan(200);
    } finally {
      await sender.close();
      await queue.close();
    }
  }, 120_000);
});
