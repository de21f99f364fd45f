import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { claimEmails } from "@svc/core/stores";
import { createDb, type DbHandle, newId } from "@svc/db";
import { createProducerConnection, Producer, sendQueueFacts } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type ScriptedSes, sesAccept, startScriptedSes } from "../../../test/support/ses.ts";
import { batchedHandoffWrites } from "../src/emails/batchedWrites.ts";
import { createTestSender, insertEmail, retireWaitingEmails, senderTestEnv, type TestSender, waitFor } from "./support.ts";

/**
 * A handoff that waits holds its email's claim: the claim is renewed (compare-and-set) right
 * before the provider call, so one another worker took meanwhile is not sent twice; the wait for
 * room in the attachment budget is bounded and ends in a deferral; a claim whose checks fail is
 * given back at once. Against real Postgres, Redis and an SES endpoint that counts the sends.
 */

Object.assign(process.env, FAKE_AWS_CREDENTIALS);

const handle = openTestDb();
const db = handle.prisma;
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let fx: WorkspaceFixture;
const workspaces: string[] = [];

beforeAll(async () => {
  fx = await createWorkspaceFixture(handle);
  workspaces.push(fx.workspaceId);
});

afterAll(async () => {
  await retireWaitingEmails(handle, workspaces);
  await redis.quit();
  await handle.close();
});

const ATTACHMENT_BYTES = 700 * 1024;

/** A queued email with one file of ATTACHMENT_BYTES, its bytes in email_attachments, as the API writes it. */
async function insertEmailWithFile(owner: WorkspaceFixture): Promise<string> {
  const id = await insertEmail(handle, owner);
  await db.email.update({
    where: { id },
    data: { attachments: [{ filename: "big.bin", contentType: "application/octet-stream", contentId: null, size: ATTACHMENT_BYTES }] },
  });
  await db.emailAttachment.create({ data: { emailId: id, position: 0, content: Buffer.alloc(ATTACHMENT_BYTES, 7) } });
  return id;
}

/** An SES endpoint whose first send hangs until `release`; every other send is accepted at once. */
async function sesHoldingTheFirstSend(): Promise<{ ses: ScriptedSes; release: () => void; sendsOf: (emailId: string) => number }> {
  let release: () => void = () => {};
  const firstAnswered = new Promise<void>((resolve) => (release = resolve));
  const ses = await startScriptedSes(async (n) => {
    if (n === 0) await firstAnswered;
    return sesAccept(`msg-${n}-${newId("email")}`);
  });
  const sendsOf = (emailId: string) => ses.requests.filter((request) => JSON.stringify(request.body).includes(emailId)).length;
  return { ses, release, sendsOf };
}

interface Running {
  sender: TestSender;
  queue: Producer<"sendEmail">;
  enqueue(emailId: string): Promise<void>;
  stop(): Promise<void>;
}

async function startSender(overrides: Record<string, string>): Promise<Running> {
  const env = senderTestEnv(overrides);
  const sender = createTestSender(env);
  await sender.start();
  const queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
  return {
    sender,
    queue,
    enqueue: (emailId) => queue.enqueue(emailId, { emailId }),
    async stop() {
      await sender.close();
      await queue.queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
    },
  };
}

const rowOf = (id: string) => db.email.findUniqueOrThrow({ where: { id } });

describe("a handoff that waits past its claim's lease", () => {
  it("does not send an email another worker claimed meanwhile: the claim is renewed right before the provider call", async () => {
    const { ses, release, sendsOf } = await sesHoldingTheFirstSend();
    // Room for one file at a time, a wait longer than the lease: the second email waits past it.
    const running = await startSender({
      SES_ENDPOINT: ses.url,
      SEND_CLAIM_LEASE_MS: "1000",
      SENDER_ATTACHMENT_BUDGET_BYTES: String(1024 * 1024),
      SENDER_ATTACHMENT_WAIT_MS: "60000",
    });
    try {
      const first = await insertEmailWithFile(fx);
      const second = await insertEmailWithFile(fx);
      await running.enqueue(first);
      await waitFor("the first email at SES", async () => ses.requests.length === 1);
      await running.enqueue(second);
      await waitFor("the second email claimed", async () => (await rowOf(second)).status === "sending");
      // Its lease runs out while it waits for room; another worker (a sweeper's job) takes it over.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const [takenOver] = await claimEmails(handle.pool, [second], 1_000);
      expect(takenOver?.attempts).toBe(2);

      release();
      await waitFor("the first email sent", async () => (await rowOf(first)).status === "sent");
      // The first handoff of the second email has had its turn by now.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(sendsOf(first)).toBe(1);
      expect(sendsOf(second)).toBe(0);
      // Still the other worker's: claimed, its files kept for it.
      const row = await rowOf(second);
      expect([row.status, row.attempts, row.providerMessageId]).toEqual(["sending", 2, null]);
      expect(await db.emailAttachment.count({ where: { emailId: second } })).toBe(1);
    } finally {
      release();
      await running.stop();
      await ses.stop();
    }
  });

  it("gives up waiting for room in the attachment budget after its bound: the email goes back, queued, says why, and is sent later", async () => {
    const { ses, release, sendsOf } = await sesHoldingTheFirstSend();
    const running = await startSender({
      SES_ENDPOINT: ses.url,
      SENDER_ATTACHMENT_BUDGET_BYTES: String(1024 * 1024),
      SENDER_ATTACHMENT_WAIT_MS: "1000",
    });
    try {
      const first = await insertEmailWithFile(fx);
      const second = await insertEmailWithFile(fx);
      await running.enqueue(first);
      await waitFor("the first email at SES", async () => ses.requests.length === 1);
      await running.enqueue(second);
      // While the first still holds the budget, the second is deferred: queued, not claimed, not sent.
      // Each deferral lasts one wait before the next try, so the two reads are made together until
      // they fall inside the same deferral.
      const deferred = await waitFor(
        "the second email deferred",
        async () => {
          const row = await rowOf(second);
          if (row.status !== "queued" || row.attempts < 1) return undefined;
          const facts = await sendQueueFacts(running.queue, second);
          return facts.job?.state === "delayed" ? { row, job: facts.job } : undefined;
        },
        10_000,
      );
      expect(deferred.row.claimedAt).toBeNull();
      expect(sendsOf(second)).toBe(0);
      expect(deferred.job).toMatchObject({ state: "delayed", held: "attachment_budget" });

      release();
      await waitFor("both sent", async () => (await rowOf(first)).status === "sent" && (await rowOf(second)).status === "sent");
      expect([sendsOf(first), sendsOf(second)]).toEqual([1, 1]);
    } finally {
      release();
      await running.stop();
      await ses.stop();
    }
  });
});

describe("a claim whose checks fail", () => {
  it("is given back at once: the batch's emails are queued again, not stranded `sending` for the lease", async () => {
    // Connections whose statements give up after 300 ms, as every app's do after DATABASE_STATEMENT_TIMEOUT_MS.
    const impatient: DbHandle = createDb({ url: process.env.DATABASE_URL!, poolSize: 2, statementTimeoutMs: 300 });
    const writes = batchedHandoffWrites(impatient, 300_000);
    const ids = [await insertEmail(handle, fx), await insertEmail(handle, fx), await insertEmail(handle, fx)];
    // The checks read the suppression list; a lock on it makes them time out after the claims committed.
    const locker = await handle.pool.connect();
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE suppressions IN ACCESS EXCLUSIVE MODE");
      const answers = await Promise.allSettled(ids.map((id) => writes.claim(id)));
      expect(answers.map((answer) => answer.status)).toEqual(["rejected", "rejected", "rejected"]);
    } finally {
      await locker.query("ROLLBACK");
      locker.release();
    }
    // (The batcher tried the batch's emails alone too, each claimed and given back again.)
    const rows = await db.email.findMany({ where: { id: { in: ids } }, select: { status: true, claimedAt: true } });
    expect(rows).toEqual(ids.map(() => ({ status: "queued", claimedAt: null })));
    // Claimable again at once, without waiting for a lease.
    const again = await Promise.all(ids.map((id) => writes.claim(id)));
    expect(again.map((claim) => claim?.email.id)).toEqual(ids);
    await impatient.close();
  });
});
