import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  type AccountHold,
  ATTACHMENT_BUDGET_FULL,
  createFileStore,
  type DeferralCause,
  getEmailExplained,
  type HandoffPorts,
  handoffRecords,
  ProviderError,
  RenderBusy,
  UnsubscribeLinks,
  UnsubscribeTokens,
} from "@svc/core";
import type { SendGateDecision } from "@svc/queues";
import { createWorkerConnection, Producer, queueLayout, sendQueueFacts, UnrecordedAcceptances } from "@svc/queues";
import type { Worker } from "bullmq";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { batchedHandoffWrites } from "../src/emails/batchedWrites.ts";
import { createSendWorkers } from "../src/worker.ts";
import { insertEmail, retireWaitingEmails, senderTestEnv, silentLog, waitFor } from "./support.ts";

/**
 * No email waits past its expected time without saying why. Each way a handoff can put an email
 * back in the queue is played through the real send worker, against real PostgreSQL and Redis
 * (the provider, the shared gate, the render share and the attachment budget answer as each case
 * needs): the worker records why on the email's job, and `waiting` (GET /emails/{id}, the
 * dashboard) gives the reason and when it ends. A scheduled email past its time says so too.
 */

type Way = "provider_retry" | "tenant_paused" | DeferralCause | AccountHold;
/** Every way, once: a cause added to the handoff without a case here fails the type check. */
const WAYS: Record<Way, true> = {
  provider_retry: true,
  tenant_paused: true,
  account_paused: true,
  account_quota: true,
  rate_limit: true,
  render_busy: true,
  attachment_budget: true,
  region_unavailable: true,
  handoff_unknown: true,
};

const handle = openTestDb();
const env = senderTestEnv({ SENDER_CONCURRENCY: "8" });
const layout = queueLayout(env);
const producerRedis = createWorkerConnection(env.REDIS_URL);
const workerRedis = createWorkerConnection(env.REDIS_URL);
const sendQueue = new Producer("sendEmail", producerRedis, layout);
const deliveries = new Producer("webhookDelivery", producerRedis, layout);
const files = createFileStore(env, handle);
/** Each way has its own workspace: the scripted parts answer by workspace. */
const workspaceOf = new Map<string, Way>();
const fixtures = new Map<Way, WorkspaceFixture>();
let workers: Worker[] = [];

const gateAnswer: Partial<Record<Way, SendGateDecision>> = {
  tenant_paused: { kind: "held", remainingMs: 600_000 },
  account_paused: { kind: "account_paused", remainingMs: 600_000 },
  account_quota: { kind: "account_quota", resumeInMs: 3_600_000 },
  rate_limit: { kind: "busy", waitMs: 600_000 },
};

beforeAll(async () => {
  for (const way of Object.keys(WAYS) as Way[]) {
    const fx = await createWorkspaceFixture(handle);
    fixtures.set(way, fx);
    workspaceOf.set(fx.workspaceId, way);
  }
  const ports: HandoffPorts = {
    provider: {
      name: "ses",
      send: async (email) => {
        const way = workspaceOf.get(email.workspaceId);
        if (way === "provider_retry")
          throw new ProviderError("transient", "Throttling", "SES Throttling: Rate exceeded", { code: "Throttling" });
        // As RegionalProvider answers when no region the workspace may use can take the email now.
        if (way === "region_unavailable" || way === "handoff_unknown")
          throw new ProviderError("region_wait", way, "waiting for a region", {}, { wait: { cause: way, retryAt: Date.now() + 600_000 } });
        throw new Error("no case of this test sends");
      },
    },
    writes: batchedHandoffWrites(handle, env.SEND_CLAIM_LEASE_MS),
    records: handoffRecords(handle, files),
    unrecordedAcceptances: new UnrecordedAcceptances(producerRedis, env.QUEUE_PREFIX, 60_000),
    deliveries,
    gate: {
      pass: async (workspaceId) => gateAnswer[workspaceOf.get(workspaceId)!] ?? { kind: "go", waitMs: 0 },
      hold: async () => {},
      holdMs: 600_000,
      quotaSpent: async () => {},
      pauseAccount: async () => {},
      accountRefreshMs: 60_000,
    },
    templates: {
      render: async () => {
        throw new RenderBusy("the workspace's render share is spent", 600_000);
      },
    },
    attachmentBudget: {
      maxWaitMs: 600_000,
      hold: async (_bytes, work) => (waitingForBudget ? ATTACHMENT_BUDGET_FULL : work()),
    },
    clock: { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
    retry: { windowMs: 3_600_000, baseDelayMs: 600_000, maxDelayMs: 600_000 },
    unsubscribe: new UnsubscribeLinks(new UnsubscribeTokens("k".repeat(32)), "https://mail.example.test"),
  };
  workers = createSendWorkers(ports, { connection: workerRedis, layout, concurrency: 8, sendQueue }, silentLog);
  for (const worker of workers) void worker.run();
});

/** The attachment budget answers "no room" only while the attachment case is handed off. */
let waitingForBudget = false;

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await retireWaitingEmails(
    handle,
    [...fixtures.values()].map((fx) => fx.workspaceId),
  );
  await sendQueue.queue.obliterate({ force: true }).catch(() => {});
  await Promise.all([sendQueue.close(), deliveries.close(), files.close()]);
  producerRedis.disconnect();
  workerRedis.disconnect();
  await handle.close();
});

/** GET /emails/{id}'s explanation, read ten minutes after now: past every expected time. */
const explain = (fx: WorkspaceFixture, id: string, at = new Date(Date.now() + 300_000)) =>
  getEmailExplained(handle.prisma, fx.workspaceId, id, (emailId, shared) => sendQueueFacts(sendQueue, emailId, shared), at);

describe("why an email waits", () => {
  it("every way an email waits gives a waiting reason with its time", async () => {
    for (const way of Object.keys(WAYS) as Way[]) {
      const fx = fixtures.get(way)!;
      const id = await insertEmail(handle, fx);
      if (way === "render_busy")
        await handle.prisma.email.update({ where: { id }, data: { templateId: "tmpl_waiting", templateVersion: 1 } });
      waitingForBudget = way === "attachment_budget";
      await sendQueue.enqueue(id, { emailId: id });
      const facts = await waitFor(`${way}: the job delayed with its reason`, async () => {
        const found = await sendQueueFacts(sendQueue, id);
        return found.job.state === "delayed" && found.job.retryAt ? found : undefined;
      });
      waitingForBudget = false;
      expect(facts.job.held ?? "provider_retry").toBe(way);
      const row = await handle.prisma.email.findUniqueOrThrow({ where: { id } });
      expect(row.status).toBe("queued");
      const explained = await explain(fx, id);
      expect(explained.waiting?.reasons).toEqual([
        expect.objectContaining({ code: way, message: expect.any(String), nextAttemptAt: facts.job.retryAt!.toISOString() }),
      ]);
      // The reason's time is when the wait ends, in the future.
      expect(facts.job.retryAt!.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it("a scheduled email past its time says it is scheduled, with its time", async () => {
    const fx = fixtures.get("rate_limit")!;
    const scheduledAt = new Date(Date.now() + 3_600_000);
    const id = await insertEmail(handle, fx, { status: "scheduled" });
    await handle.prisma.email.update({ where: { id }, data: { scheduledAt } });
    // Before its time it does not wait longer than expected: nothing to explain.
    expect((await explain(fx, id, new Date())).waiting).toBeNull();
    const overdue = await explain(fx, id, new Date(scheduledAt.getTime() + 120_000));
    expect(overdue.waiting?.reasons).toEqual([expect.objectContaining({ code: "scheduled", nextAttemptAt: scheduledAt.toISOString() })]);
    await handle.prisma.email.update({ where: { id }, data: { status: "canceled", scheduledAt: null } });
  });
});
