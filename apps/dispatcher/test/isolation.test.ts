import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { disableWebhookSubscription } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { createEmail, emitEvent, Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

let handle: DbHandle;
const dispatchers: RunningDispatcher[] = [];
const receivers: Receiver[] = [];
const subscriptions: string[] = [];

beforeAll(async () => {
  handle = openTestDb();
});

afterAll(async () => {
  // Stop the hanging subscription's remaining deliveries first, then release its requests.
  for (const id of subscriptions) await disableWebhookSubscription(handle.prisma, id);
  for (const r of receivers) await r.close();
  for (const d of dispatchers) await d.stop();
  await handle?.close();
});

describe("a hanging endpoint", () => {
  test("does not delay another subscription's deliveries; its own attempts stay within the per-subscription cap across processes", async () => {
    const db = handle.prisma;
    // Two dispatcher processes on one queue: 2 × 4 worker slots, at most 2 per subscription.
    const settings = {
      DISPATCHER_CONCURRENCY: "4",
      WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY: "2",
      WEBHOOK_TIMEOUT_MS: "60000",
      WEBHOOK_RETRY_WINDOW_MS: "0",
    };
    const first = await startDispatcher(settings);
    dispatchers.push(first);
    dispatchers.push(await startDispatcher({ ...settings, QUEUE_PREFIX: first.env.QUEUE_PREFIX }));

    const hanging = await Receiver.start(() => "hang");
    const healthy = await Receiver.start(() => ({ status: 200 }));
    receivers.push(hanging, healthy);

    const slowWorkspace = await createWorkspaceFixture(handle);
    const slow = await subscribe(db, first.box, slowWorkspace.workspaceId, hanging.url(), ["sent"]);
    subscriptions.push(slow.id);
    // More deliveries for the hanging endpoint than there are worker slots in both processes.
    const slowDeliveries: string[] = [];
    for (let i = 0; i < 10; i++)
      slowDeliveries.push(...(await emitEvent(handle, first.producer, await createEmail(db, slowWorkspace), "sent")));
    await waitUntil("the hanging endpoint to hold its two slots", () => hanging.inFlight === 2);

    const fastWorkspace = await createWorkspaceFixture(handle);
    const fast = await subscribe(db, first.box, fastWorkspace.workspaceId, healthy.url(), ["sent"]);
    subscriptions.push(fast.id);
    const fastDeliveries: string[] = [];
    for (let i = 0; i < 5; i++)
      fastDeliveries.push(...(await emitEvent(handle, first.producer, await createEmail(db, fastWorkspace), "sent")));

    await waitUntil(
      "every healthy delivery to succeed",
      async () => (await db.webhookDelivery.count({ where: { id: { in: fastDeliveries }, status: "succeeded" } })) === 5,
    );

    // All of that happened while the hanging endpoint still held its first two requests.
    expect(healthy.requests).toHaveLength(5);
    expect(hanging.requests).toHaveLength(2);
    expect(hanging.inFlight).toBe(2);
    expect(hanging.maxInFlight).toBe(2);
    const slowRows = await db.webhookDelivery.findMany({ where: { id: { in: slowDeliveries } } });
    expect(slowRows.map((row) => row.status)).toEqual(Array(10).fill("pending"));
    expect(slowRows.every((row) => row.attemptCount === 0)).toBe(true);
  });
});

describe("a workspace with several hanging endpoints", () => {
  test("holds at most its share of a process's worker slots, so another workspace's webhooks go through", async () => {
    const db = handle.prisma;
    // 10 worker slots, 40 % of them (4) for any one workspace; each subscription alone could take all 10.
    const dispatcher = await startDispatcher({
      DISPATCHER_CONCURRENCY: "10",
      WEBHOOK_WORKSPACE_SHARE: "0.4",
      WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY: "10",
      WEBHOOK_TIMEOUT_MS: "60000",
      WEBHOOK_RETRY_WINDOW_MS: "0",
    });
    dispatchers.push(dispatcher);
    const hanging = await Receiver.start(() => "hang");
    const healthy = await Receiver.start(() => ({ status: 200 }));
    receivers.push(hanging, healthy);

    const tarpit = await createWorkspaceFixture(handle);
    for (let i = 0; i < 3; i++)
      subscriptions.push((await subscribe(db, dispatcher.box, tarpit.workspaceId, `${hanging.url()}/hook-${i}`, ["sent"])).id);
    // 3 deliveries per event, 36 in all: far more than the worker's 10 slots.
    for (let i = 0; i < 12; i++) await emitEvent(handle, dispatcher.producer, await createEmail(db, tarpit), "sent");
    await waitUntil("the tarpit workspace to hold its 4 slots", () => hanging.inFlight === 4);

    const other = await createWorkspaceFixture(handle);
    const fast = await subscribe(db, dispatcher.box, other.workspaceId, healthy.url(), ["sent"]);
    subscriptions.push(fast.id);
    const fastDeliveries: string[] = [];
    for (let i = 0; i < 8; i++)
      fastDeliveries.push(...(await emitEvent(handle, dispatcher.producer, await createEmail(db, other), "sent")));
    await waitUntil(
      "every delivery of the other workspace to succeed",
      async () => (await db.webhookDelivery.count({ where: { id: { in: fastDeliveries }, status: "succeeded" } })) === 8,
    );

    expect(healthy.requests).toHaveLength(8);
    expect(hanging.inFlight).toBe(4);
    expect(hanging.maxInFlight).toBe(4);
  });
});
