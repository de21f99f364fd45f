import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { disableWebhookSubscription } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { createWorkerConnection } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createEmail, emitEvent, Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

/**
 * What a receiver's answer says beyond "failed": 410 Gone disables the subscription, 429/503 with
 * Retry-After pauses it, and a subscription's own rate limit holds across dispatchers.
 */

let handle: DbHandle;
const receivers: Receiver[] = [];
const dispatchers: RunningDispatcher[] = [];
const workspaces: WorkspaceFixture[] = [];

async function receiver(...args: Parameters<typeof Receiver.start>): Promise<Receiver> {
  const started = await Receiver.start(...args);
  receivers.push(started);
  return started;
}

async function workspace(): Promise<WorkspaceFixture> {
  const created = await createWorkspaceFixture(handle);
  workspaces.push(created);
  return created;
}

beforeAll(async () => {
  handle = openTestDb();
  dispatchers.push(await startDispatcher({ WEBHOOK_RETRY_BASE_MS: "1000", WEBHOOK_RETRY_WINDOW_MS: "600000" }));
});

afterAll(async () => {
  for (const d of dispatchers) await d.stop();
  for (const r of receivers) await r.close();
  for (const { id } of await handle.prisma.webhookSubscription.findMany({
    where: { workspaceId: { in: workspaces.map((w) => w.workspaceId) } },
  })) {
    await disableWebhookSubscription(handle.prisma, id);
  }
  await handle?.close();
});

describe("410 Gone", () => {
  test("disables the subscription after one attempt, fails its pending deliveries, and leaves its owners to be told", async () => {
    const db = handle.prisma;
    const running = dispatchers[0]!;
    const own = await workspace();
    const endpoint = await receiver(() => ({ status: 410, body: "gone" }));
    const subscription = await subscribe(db, running.box, own.workspaceId, endpoint.url(), ["sent"]);
    const [deliveryId] = await emitEvent(handle, running.producer, await createEmail(db, own), "sent");

    await waitUntil(
      "the delivery to fail",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status === "failed",
    );
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! }, include: { attempts: true } });
    expect(delivery).toMatchObject({ attemptCount: 1, lastStatusCode: 410, nextAttemptAt: null });
    expect(endpoint.requests).toHaveLength(1);
    await waitUntil(
      "the subscription to be disabled",
      async () => !(await db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).isActive,
    );
    const disabled = await db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } });
    // Recorded as an automatic disable is, so the dashboard's notices task mails the owners.
    expect(disabled).toMatchObject({ isActive: false, disabledReason: expect.stringContaining("410 Gone"), ownersNotifiedAt: null });
    expect(disabled.disabledAt).not.toBeNull();
    expect(disabled.failingSince).not.toBeNull();

    // A later event makes no delivery to it.
    const later = await emitEvent(handle, running.producer, await createEmail(db, own), "sent");
    expect(later).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(endpoint.requests).toHaveLength(1);
  });
});

describe("429 and 503 with Retry-After", () => {
  test("429 with Retry-After: 120 delays the next attempt by at least 120 s, in the row and in the queue", async () => {
    const db = handle.prisma;
    const running = dispatchers[0]!;
    const own = await workspace();
    const endpoint = await receiver(() => ({ status: 429, headers: { "retry-after": "120" } }));
    await subscribe(db, running.box, own.workspaceId, endpoint.url(), ["sent"]);
    const [deliveryId] = await emitEvent(handle, running.producer, await createEmail(db, own), "sent");

    await waitUntil(
      "the first attempt",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).attemptCount === 1,
    );
    const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: deliveryId!, number: 1 } });
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(delivery).toMatchObject({ status: "pending", lastStatusCode: 429 });
    // With a one-second base the schedule alone would retry a second later.
    expect(delivery.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(attempt.startedAt.getTime() + attempt.durationMs + 120_000);
    expect(await running.producer.queue.getJobState(deliveryId!)).toBe("delayed");
    const redis = createWorkerConnection(running.env.REDIS_URL);
    const score = await redis.zscore(`${running.env.QUEUE_PREFIX}:${running.producer.queue.name}:delayed`, deliveryId!);
    await redis.quit();
    expect(Math.floor(Number(score) / 0x1000)).toBeGreaterThanOrEqual(delivery.nextAttemptAt!.getTime());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(endpoint.requests).toHaveLength(1);
  });

  test("503 without Retry-After keeps the doubling schedule", async () => {
    const db = handle.prisma;
    const running = dispatchers[0]!;
    const own = await workspace();
    const endpoint = await receiver(() => ({ status: 503 }));
    await subscribe(db, running.box, own.workspaceId, endpoint.url(), ["sent"]);
    const [deliveryId] = await emitEvent(handle, running.producer, await createEmail(db, own), "sent");
    await waitUntil(
      "the first attempt",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).attemptCount === 1,
    );
    const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: deliveryId!, number: 1 } });
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(delivery.nextAttemptAt!.getTime()).toBe(attempt.startedAt.getTime() + 1000);
  });
});

describe("a per-subscription rate limit", () => {
  test("5 per second holds across two dispatchers", async () => {
    const db = handle.prisma;
    const first = dispatchers[0]!;
    const second = await startDispatcher({
      QUEUE_PREFIX: first.env.QUEUE_PREFIX,
      WEBHOOK_RETRY_BASE_MS: "1000",
      WEBHOOK_RETRY_WINDOW_MS: "600000",
    });
    dispatchers.push(second);
    const own = await workspace();
    const endpoint = await receiver(() => ({ status: 200 }));
    const subscription = await subscribe(db, first.box, own.workspaceId, endpoint.url(), ["delivered"]);
    await db.webhookSubscription.update({ where: { id: subscription.id }, data: { maxDeliveriesPerSecond: 5 } });

    const count = 16;
    const emails = await Promise.all(Array.from({ length: count }, () => createEmail(db, own)));
    const deliveryIds = (await Promise.all(emails.map((emailId) => emitEvent(handle, first.producer, emailId, "delivered")))).flat();
    expect(deliveryIds).toHaveLength(count);
    await waitUntil(
      "every delivery to succeed",
      async () => (await db.webhookDelivery.count({ where: { id: { in: deliveryIds }, status: "succeeded" } })) === count,
      { timeoutMs: 20_000 },
    );
    const times = endpoint.requests.map((r) => r.receivedAt).sort((a, b) => a - b);
    expect(times).toHaveLength(count);
    // At most 5 in any second (a few ms of network jitter allowed on the 200 ms spacing).
    for (let i = 0; i + 5 < times.length; i += 1) expect(times[i + 5]! - times[i]!).toBeGreaterThanOrEqual(950);
    expect(times[count - 1]! - times[0]!).toBeGreaterThanOrEqual(((count - 1) * 1000) / 5 - 100);
  });
});
