import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createProducerConnection, SendQueue, sendQueueFacts, sharedSendJobId } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, sesAccept, sesError, startScriptedSes } from "../../../test/support/ses.ts";
import { createTestSender, insertEmail, retireWaitingEmails, senderTestEnv, waitFor } from "./support.ts";

Object.assign(process.env, FAKE_AWS_CREDENTIALS);

/**
 * A batch's emails share one send job: each is handed off once, in its own turn; one that must
 * wait continues in a job of its own under its id, as if it had come alone.
 */
const handle = openTestDb();
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let fx: WorkspaceFixture;

beforeAll(async () => {
  fx = await createWorkspaceFixture(handle);
});

afterAll(async () => {
  await retireWaitingEmails(handle, [fx.workspaceId]);
  await redis.quit();
  await handle.close();
});

const subjectOf = (body: Record<string, unknown>) => JSON.stringify(body).match(/Subject (email_[0-9A-Za-z_]+)/)?.[1];
const statusOf = async (id: string) => (await handle.prisma.email.findUniqueOrThrow({ where: { id } })).status;

describe("a batch's send job", () => {
  it("hands each email off once; one refused for now waits in a job of its own, says why, and is sent later", async () => {
    const ids = await Promise.all([insertEmail(handle, fx), insertEmail(handle, fx), insertEmail(handle, fx)]);
    const refusedOnce = ids[1]!;
    const seen = new Set<string>();
    const peer = await startScriptedSes((_n, body) => {
      const id = subjectOf(body) ?? "";
      const first = !seen.has(id);
      seen.add(id);
      return id === refusedOnce && first ? sesError(503, "ServiceUnavailable") : sesAccept(`msg-${randomUUID()}`);
    });
    const env = senderTestEnv({ SES_ENDPOINT: peer.url, SEND_RETRY_BASE_DELAY_MS: "3000", SEND_RETRY_MAX_DELAY_MS: "3000" });
    const queue = new SendQueue(redis, env.QUEUE_PREFIX);
    const sender = createTestSender(env);
    const jobId = sharedSendJobId(ids[0]!);
    try {
      await sender.start();
      await queue.enqueue(fx.workspaceId, ids, jobId);
      await waitFor("the others to be sent", async () => (await statusOf(ids[0]!)) === "sent" && (await statusOf(ids[2]!)) === "sent");

      // The refused one waits, queued, in a job under its own id, and its explanation finds it there.
      const facts = await waitFor("the retry's job", async () => {
        const found = await sendQueueFacts(queue.producer, refusedOnce, jobId);
        // The job is delayed first and told why a moment later (recordRetry): wait for both.
        return found.job.state === "delayed" && found.job.lastError !== null ? found : undefined;
      });
      expect(facts.job.lastError).toContain("ServiceUnavailable");
      expect(facts.job.retryAt!.getTime()).toBeGreaterThan(Date.now());
      expect(await statusOf(refusedOnce)).toBe("queued");

      await waitFor("the refused one to be sent", async () => (await statusOf(refusedOnce)) === "sent", 20_000);
      expect(peer.requests.map((request) => subjectOf(request.body)).sort()).toEqual([...ids, refusedOnce].sort());

      // The same job again hands nothing off twice.
      await queue.producer.queueOf(jobId).remove(jobId);
      await queue.enqueue(fx.workspaceId, ids, jobId);
      await waitFor("the job to be done", async () => !(await queue.has(jobId)));
      expect(peer.requests).toHaveLength(4);
    } finally {
      await sender.close();
      await queue.producer.queueOf(jobId).obliterate({ force: true });
      await queue.close();
      await peer.stop();
    }
  }, 60_000);
});
