import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { getEmailExplained } from "@svc/core";
import { registry } from "@svc/metrics";
import { createProducerConnection, Producer, sendQueueFacts } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { createTestSender, insertEmail, retireWaitingEmails, senderTestEnv, type TestSender, waitFor } from "./support.ts";

/**
 * The SES account's 24-hour quota and its pause hold mail visibly, against the local AWS server
 * (the real SDK over HTTP) with a quota window of a few seconds: emails past Max24HourSend wait,
 * queued, as `account_quota` with the time they resume, and go by themselves once the window has
 * moved; a paused account holds every email as `account_paused` until SES enables it. None is
 * lost, none is sent twice, and SES is never asked to send past the quota.
 */

// A region of this file's own: no recorded setup, so no configuration set is named.
const REGION = "sa-east-1";
const WINDOW_MS = 4_000;
const REFRESH_MS = 300;
const QUOTA = 5;
const handle = openTestDb();
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let aws: AwsLocal;
let sender: TestSender;
let queue: Producer<"sendEmail">;
let fx: WorkspaceFixture;

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  aws = await startAwsLocal({
    region: REGION,
    quotaWindowMs: WINDOW_MS,
    account: { SendQuota: { Max24HourSend: QUOTA, MaxSendRate: 100, SentLast24Hours: 0 } },
  });
  fx = await createWorkspaceFixture(handle);
  const env = senderTestEnv({
    SES_ENDPOINT: aws.url,
    AWS_REGION: REGION,
    SES_TENANTS: "off",
    SES_QUOTA_WINDOW_MS: String(WINDOW_MS),
    SES_ACCOUNT_REFRESH_MS: String(REFRESH_MS),
  });
  sender = createTestSender(env);
  queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
  await sender.start();
});

afterAll(async () => {
  await sender.close();
  await retireWaitingEmails(handle, [fx.workspaceId]);
  await queue.queue.obliterate({ force: true }).catch(() => {});
  await queue.close();
  await aws.close();
  await redis.quit();
  await handle.close();
});

async function queueOne(): Promise<string> {
  const id = await insertEmail(handle, fx);
  await queue.enqueue(id, { emailId: id });
  return id;
}

const statusOf = async (id: string) => (await handle.prisma.email.findUniqueOrThrow({ where: { id } })).status;
const sendsOf = (id: string) => aws.state.ses.sentEmails.filter((sent) => sent.tags.some((tag) => tag.Value === id)).length;
const refusedSends = () => aws.state.calls.filter((call) => call === "ses:SendEmail").length - aws.state.ses.sentEmails.length;
/** GET /emails/{id}'s explanation, read as if a few minutes had passed (so that it is given). */
const explain = (id: string) =>
  getEmailExplained(handle.prisma, fx.workspaceId, id, (emailId) => sendQueueFacts(queue, emailId), new Date(Date.now() + 300_000));

describe("the SES account's quota", () => {
  it("holds emails past Max24HourSend as account_quota with their resume time, and sends each once when the window moves", async () => {
    const startedAt = Date.now();
    const ids: string[] = [];
    for (let n = 0; n < QUOTA + 3; n++) ids.push(await queueOne());

    // The quota's worth go; the rest wait, queued, each saying why and when it resumes.
    await waitFor("the quota's worth sent", async () => aws.state.ses.sentEmails.length === QUOTA);
    // A send in flight while a sender reads the account can be counted by neither: SES then
    // refuses one past the quota, which holds it until the next read; from then on the senders'
    // count says when the window frees room. Read once all three wait for that.
    const waiting = await waitFor("three held as account_quota until the window moves", async () => {
      const held = [];
      for (const id of ids) {
        const facts = await sendQueueFacts(queue, id);
        if (facts.job.held === "account_quota" && facts.job.retryAt!.getTime() >= startedAt + WINDOW_MS - 50) held.push({ id, facts });
      }
      return held.length === 3 ? held : undefined;
    });
    for (const { id, facts } of waiting) {
      expect(await statusOf(id)).toBe("queued");
      const explained = await explain(id);
      expect(explained.waiting?.reasons).toEqual([
        {
          code: "account_quota",
          message: expect.stringContaining("24-hour sending quota (Max24HourSend) is reached"),
          nextAttemptAt: facts.job.retryAt!.toISOString(),
        },
      ]);
      // They resume when the first sends leave the window (sent after startedAt), plus a spread of
      // at most a read's interval: no sooner, and not a whole window after now.
      const resumeAt = facts.job.retryAt!.getTime();
      expect(resumeAt).toBeGreaterThanOrEqual(startedAt + WINDOW_MS - 50);
      expect(resumeAt).toBeLessThan(Date.now() + WINDOW_MS + REFRESH_MS);
    }
    // The senders counted the quota themselves: SES was asked past it at most by a send in flight at a read.
    expect(refusedSends()).toBeLessThanOrEqual(1);
    expect(await registry.getSingleMetricAsString("svc_sender_account_holds_total")).toMatch(
      /svc_sender_account_holds_total\{[^}]*reason="account_quota"[^}]*\} [1-9]/,
    );
    expect(await registry.getSingleMetricAsString("svc_sender_account_quota_remaining")).toMatch(
      /svc_sender_account_quota_remaining(\{[^}]*\})? 0$/m,
    );

    // The window moves: every held email goes, by itself, once.
    for (const id of ids) await waitFor(`${id} sent`, async () => (await statusOf(id)) === "sent", 3 * WINDOW_MS);
    for (const id of ids) expect(sendsOf(id)).toBe(1);
    const row = await handle.prisma.email.findUniqueOrThrow({ where: { id: waiting[0]!.id } });
    expect(row.errorMessage).toBeNull();
  });

  it("holds an email when others on the account spent the quota (SES refuses it, or the next read finds none), and sends it once room returns", async () => {
    // Wait for the window to be clear, then let others spend the quota behind the senders' back.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    await sender.workers[0]!.pause();
    aws.state.ses.account.SendQuota = { Max24HourSend: QUOTA, MaxSendRate: 100, SentLast24Hours: QUOTA };
    const refusedBefore = refusedSends();
    // Read before the senders read the account again: the first send asks SES, which refuses it.
    sender.workers[0]!.resume();
    const id = await queueOne();
    await waitFor(`${id} held`, async () => (await sendQueueFacts(queue, id)).job.held === "account_quota");
    expect(await statusOf(id)).toBe("queued");
    expect(refusedSends()).toBeLessThanOrEqual(refusedBefore + 1);
    // Others' mail leaves the quota; the next read finds room, and the email goes.
    aws.state.ses.account.SendQuota = { Max24HourSend: QUOTA, MaxSendRate: 100, SentLast24Hours: 0 };
    await waitFor(`${id} sent`, async () => (await statusOf(id)) === "sent", 3 * WINDOW_MS);
    expect(sendsOf(id)).toBe(1);
  });
});

describe("the SES account's pause", () => {
  it("holds every email as account_paused while SES has paused the account, and sends them once it is enabled", async () => {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const paused = await fetch(`${aws.url}/_aws-local/account`, { method: "POST", body: JSON.stringify({ sendingEnabled: false }) });
    expect(paused.status).toBe(200);
    const ids = [await queueOne(), await queueOne()];
    for (const id of ids) await waitFor(`${id} held`, async () => (await sendQueueFacts(queue, id)).job.held === "account_paused");
    for (const id of ids) {
      expect(await statusOf(id)).toBe("queued");
      expect((await explain(id)).waiting?.reasons).toEqual([
        expect.objectContaining({ code: "account_paused", message: expect.stringContaining("paused sending for the whole account") }),
      ]);
      expect(sendsOf(id)).toBe(0);
    }
    expect(await registry.getSingleMetricAsString("svc_sender_account_holds_total")).toMatch(
      /svc_sender_account_holds_total\{[^}]*reason="account_paused"[^}]*\} [1-9]/,
    );

    await fetch(`${aws.url}/_aws-local/account`, { method: "POST", body: JSON.stringify({ sendingEnabled: true }) });
    for (const id of ids) await waitFor(`${id} sent`, async () => (await statusOf(id)) === "sent", 10_000);
    for (const id of ids) expect(sendsOf(id)).toBe(1);
  });
});
