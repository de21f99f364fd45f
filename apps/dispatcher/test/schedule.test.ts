import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { deleteWebhookSubscription, disableWebhookSubscription } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { createWorkerConnection } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createEmail, emitEvent, Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

const BASE_MS = 300;
const WINDOW_MS = 4000;
/** Scheduling slack allowed above each planned gap (queue polling, a machine running two shards). */
const SLACK_MS = 1000;

let handle: DbHandle;
let running: RunningDispatcher;
let fixture: WorkspaceFixture;
const receivers: Receiver[] = [];

beforeAll(async () => {
  handle = openTestDb();
  running = await startDispatcher({ WEBHOOK_RETRY_BASE_MS: String(BASE_MS), WEBHOOK_RETRY_WINDOW_MS: String(WINDOW_MS) });
  fixture = await createWorkspaceFixture(handle);
});

afterAll(async () => {
  await running?.stop();
  // Leave no pending deliveries behind for other files' sweepers.
  for (const { id } of await handle.prisma.webhookSubscription.findMany({ where: { workspaceId: fixture.workspaceId } })) {
    await disableWebhookSubscription(handle.prisma, id);
  }
  for (const r of receivers) await r.close();
  await handle?.close();
});

async function failingEndpoint(): Promise<Receiver> {
  const receiver = await Receiver.start(() => ({ status: 500, body: "down" }));
  receivers.push(receiver);
  return receiver;
}

const jobGone = (deliveryId: string) => async () => (await running.producer.queue.getJobState(deliveryId)) === "unknown";

describe("the retry schedule", () => {
  test("attempts follow the doubling schedule, the last lands at the window's end, then the delivery is failed", async () => {
    const db = handle.prisma;
    const endpoint = await failingEndpoint();
    await subscribe(db, running.box, fixture.workspaceId, endpoint.url(), ["sent"]);
    const [deliveryId] = await emitEvent(handle, running.producer, await createEmail(db, fixture), "sent");

    await waitUntil(
      "the delivery to fail",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status === "failed",
    );
    await waitUntil("its job to finish", jobGone(deliveryId!));

    // Planned: 0, 300, 900, 2100, then 4500 moved to the window's end at 4000.
    const planned = [0, 300, 900, 2100, 4000];
    const attempts = await db.webhookAttempt.findMany({ where: { deliveryId: deliveryId! }, orderBy: { number: "asc" } });
    expect(attempts.map((a) => a.number)).toEqual([1, 2, 3, 4, 5]);
    expect(endpoint.requests).toHaveLength(5);
    const first = attempts[0]!.startedAt.getTime();
    const offsets = attempts.map((a) => a.startedAt.getTime() - first);
    for (let i = 1; i < planned.length; i++) {
      const gap = offsets[i]! - offsets[i - 1]!;
      const plannedGap = planned[i]! - planned[i - 1]!;
      // Never early; late by no more than the slack.
      expect(offsets[i]!).toBeGreaterThanOrEqual(planned[i]!);
      expect(gap).toBeLessThan(plannedGap + SLACK_MS);
    }
    // Gaps double until the window cuts the last one short.
    expect(offsets[2]! - offsets[1]!).toBeGreaterThanOrEqual(2 * BASE_MS);
    expect(offsets[3]! - offsets[2]!).toBeGreaterThanOrEqual(4 * BASE_MS);
    expect(offsets[4]!).toBeLessThan(WINDOW_MS + SLACK_MS);

    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(delivery).toMatchObject({
      status: "failed",
      attemptCount: 5,
      lastStatusCode: 500,
      lastError: "The endpoint answered 500.",
      nextAttemptAt: null,
    });
    expect(delivery.firstAttemptAt!.getTime()).toBe(first);
    expect(delivery.completedAt!.getTime()).toBeGreaterThanOrEqual(first + WINDOW_MS);
    // Nothing more is sent once the job has finished.
    expect(endpoint.requests).toHaveLength(5);
  });

  test("while pending, the delivery shows its next attempt time", async () => {
    const db = handle.prisma;
    // A slow schedule, so the state between the first attempt and the retry can be looked at.
    const slow = await startDispatcher({ WEBHOOK_RETRY_BASE_MS: "30000", WEBHOOK_RETRY_WINDOW_MS: "60000" });
    try {
      const endpoint = await failingEndpoint();
      await subscribe(db, slow.box, fixture.workspaceId, endpoint.url(), ["delivery_delayed"]);
      const [deliveryId] = await emitEvent(handle, slow.producer, await createEmail(db, fixture), "delivery_delayed");
      await waitUntil(
        "the first attempt's outcome",
        async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).attemptCount === 1,
      );
      const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: deliveryId!, number: 1 } });
      const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
      expect(delivery).toMatchObject({ status: "pending", lastStatusCode: 500, completedAt: null });
      expect(delivery.nextAttemptAt!.getTime()).toBe(attempt.startedAt.getTime() + 30_000);
      // The retry waits in BullMQ as a delayed job, timed by the custom backoff.
      expect(await slow.producer.queue.getJobState(deliveryId!)).toBe("delayed");
      // BullMQ keeps a delayed job in a sorted set scored by its due time × 4096 (getDelayedScore.lua);
      // `job.timestamp + job.delay` would be wrong here, the delay counting from the failure.
      const redis = createWorkerConnection(slow.env.REDIS_URL);
      const score = await redis.zscore(`${slow.env.QUEUE_PREFIX}:${slow.producer.queue.name}:delayed`, deliveryId!);
      await redis.quit();
      expect(score).not.toBeNull();
      const dueAt = Math.floor(Number(score) / 0x1000);
      expect(dueAt).toBeGreaterThanOrEqual(delivery.nextAttemptAt!.getTime());
      expect(dueAt).toBeLessThan(delivery.nextAttemptAt!.getTime() + 1000);
    } finally {
      await slow.stop();
    }
  });
});

describe("stopping", () => {
  test("deactivating the subscription stops pending retries", async () => {
    const db = handle.prisma;
    const endpoint = await failingEndpoint();
    const subscription = await subscribe(db, running.box, fixture.workspaceId, endpoint.url(), ["complained"]);
    const [deliveryId] = await emitEvent(handle, running.producer, await createEmail(db, fixture), "complained");

    await waitUntil("two attempts", () => endpoint.requests.length >= 2);
    await disableWebhookSubscription(db, subscription.id);
    const stopped = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(stopped.status).toBe("failed");

    // The delayed retry job still fires, finds the delivery stopped, and ends without a POST.
    await waitUntil("the retry job to finish", jobGone(deliveryId!));
    expect(endpoint.requests).toHaveLength(2);
    const final = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(final).toMatchObject({ status: "failed", attemptCount: 2, nextAttemptAt: null });

    // And the disabled subscription gets no new deliveries.
    expect(await emitEvent(handle, running.producer, await createEmail(db, fixture), "complained")).toEqual([]);
  });

  test("deleting the subscription stops pending retries", async () => {
    const db = handle.prisma;
    const endpoint = await failingEndpoint();
    const subscription = await subscribe(db, running.box, fixture.workspaceId, endpoint.url(), ["rejected"]);
    const [deliveryId] = await emitEvent(handle, running.producer, await createEmail(db, fixture), "rejected");

    await waitUntil("two attempts", () => endpoint.requests.length >= 2);
    await deleteWebhookSubscription(db, subscription.id);
    await waitUntil("the retry job to finish", jobGone(deliveryId!));
    expect(endpoint.requests).toHaveLength(2);
    expect(await db.webhookDelivery.findUnique({ where: { id: deliveryId! } })).toBeNull();
  });
});
