import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { disableWebhookSubscription, recordEmailEvent } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { createWorkerConnection } from "@svc/queues";
import type { Redis } from "ioredis";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createEmail, emitEvent, Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

let handle: DbHandle;
let running: RunningDispatcher;
let fixture: WorkspaceFixture;
let redis: Redis;
let endpoint: Receiver;
let subscriptionId: string;

beforeAll(async () => {
  handle = openTestDb();
  // Test files share one database, one after another. This file's fast sweeper would otherwise
  // pick up deliveries that earlier files left pending and spend its time on them.
  await handle.prisma.webhookDelivery.updateMany({
    where: { status: "pending" },
    data: { status: "failed", lastError: "Left pending by an earlier test file." },
  });
  // The retry base is long enough that all 12 first attempts fail before any retry is due, even
  // on a loaded machine, so the flush below really does lose 12 queued retries.
  running = await startDispatcher({ WEBHOOK_RETRY_BASE_MS: "6000", WEBHOOK_RETRY_WINDOW_MS: "60000", WEBHOOK_SWEEP_INTERVAL_MS: "200" });
  redis = createWorkerConnection(running.env.REDIS_URL);
  fixture = await createWorkspaceFixture(handle);
  // Each delivery's first attempt fails (so its retry waits in Redis); later ones succeed.
  const seen = new Set<string>();
  endpoint = await Receiver.start((request) => {
    const id = String(request.headers["x-service-delivery-id"]);
    if (seen.has(id)) return { status: 200 };
    seen.add(id);
    return { status: 500 };
  });
  subscriptionId = (await subscribe(handle.prisma, running.box, fixture.workspaceId, endpoint.url(), ["delivered"])).id;
});

afterAll(async () => {
  await disableWebhookSubscription(handle.prisma, subscriptionId);
  await running?.stop();
  await endpoint?.close();
  await redis?.quit();
  await handle?.close();
});

describe("recovery from Redis", () => {
  test("FLUSHDB mid-run still ends with every delivery succeeded", async () => {
    const db = handle.prisma;
    const deliveryIds: string[] = [];
    for (let i = 0; i < 12; i++)
      deliveryIds.push(...(await emitEvent(handle, running.producer, await createEmail(db, fixture), "delivered")));
    expect(deliveryIds).toHaveLength(12);

    await waitUntil(
      "every first attempt to fail",
      async () => (await db.webhookDelivery.count({ where: { id: { in: deliveryIds }, attemptCount: { gte: 1 } } })) === 12,
    );
    expect(await db.webhookDelivery.count({ where: { id: { in: deliveryIds }, status: "pending" } })).toBe(12);

    // Only this test's Redis database: every queued retry is lost.
    await redis.flushdb();
    const states = await Promise.all(deliveryIds.map((id) => running.producer.queue.getJobState(id)));
    expect(states.every((state) => state === "unknown")).toBe(true);

    await waitUntil(
      "every delivery to succeed",
      async () => (await db.webhookDelivery.count({ where: { id: { in: deliveryIds }, status: "succeeded" } })) === 12,
    );
    const rows = await db.webhookDelivery.findMany({
      where: { id: { in: deliveryIds } },
      include: { attempts: { orderBy: { number: "asc" } } },
    });
    for (const row of rows) {
      expect(row.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
      // The recovered retry still waited for its scheduled time.
      expect(row.attempts[1]!.startedAt.getTime()).toBeGreaterThanOrEqual(row.attempts[0]!.startedAt.getTime() + 6000);
    }
  });

  test("a delivery whose job was never enqueued is picked up by the sweeper", async () => {
    const db = handle.prisma;
    // Plays an ingester that stored the event but could not reach Redis.
    const recorded = await recordEmailEvent(handle, {
      emailId: await createEmail(db, fixture),
      type: "delivered",
      eventTimestamp: new Date(),
      payloadJson: "{}",
      dedupeKey: `never-enqueued:${Date.now()}:${Math.random()}`,
    });
    const [deliveryId] = recorded.deliveryIds;
    expect(deliveryId).toBeDefined();
    await waitUntil(
      "the delivery to succeed",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status === "succeeded",
    );
    expect(endpoint.requests.filter((r) => r.headers["x-service-delivery-id"] === deliveryId)).toHaveLength(2);
  });
});
