import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { disableWebhookSubscription, getWebhookReplay, replayWebhookDeliveries } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { verifyWebhook } from "@svc/webhooks";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createEmail, emitEvent, Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

/** Replay and recovery against the real dispatcher, Postgres, Redis and HTTP receivers. */

let handle: DbHandle;
let running: RunningDispatcher;
const receivers: Receiver[] = [];
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
  // A zero retry window: a delivery to a receiver that is down fails after one attempt.
  running = await startDispatcher({ WEBHOOK_RETRY_WINDOW_MS: "0" });
});

afterAll(async () => {
  await running?.stop();
  for (const r of receivers) await r.close();
  for (const { id } of await handle.prisma.webhookSubscription.findMany({
    where: { workspaceId: { in: workspaces.map((w) => w.workspaceId) } },
  })) {
    await disableWebhookSubscription(handle.prisma, id);
  }
  await handle?.close();
});

const statusOf = async (ids: string[], status: string) =>
  handle.prisma.webhookDelivery.count({ where: { id: { in: ids }, status: status as never } });

describe("recovery after an outage", () => {
  test("'failed since T' sends every failed delivery of the window once, under its own id, paced, while another subscription's live deliveries stay fast", async () => {
    const db = handle.prisma;
    let down = true;
    const endpoint = await receiver(() => (down ? { status: 503 } : { status: 200 }));
    const own = await workspace();
    const subscription = await subscribe(db, running.box, own.workspaceId, endpoint.url(), ["delivered"]);
    const before = await emitEvent(handle, running.producer, await createEmail(db, own), "delivered");
    await waitUntil("the delivery before the window to fail", async () => (await statusOf(before, "failed")) === 1);
    const since = new Date();

    const count = 10;
    const failed = (
      await Promise.all(
        Array.from({ length: count }, async () => emitEvent(handle, running.producer, await createEmail(db, own), "delivered")),
      )
    ).flat();
    await waitUntil("the outage's deliveries to fail", async () => (await statusOf(failed, "failed")) === count);
    down = false;
    const seenDuringOutage = endpoint.requests.length;

    const live = await receiver(() => ({ status: 200 }));
    const other = await workspace();
    await subscribe(db, running.box, other.workspaceId, live.url(), ["sent"]);

    const replay = await replayWebhookDeliveries(
      handle,
      running.producer,
      subscription.id,
      { kind: "failed_since", since, perSecond: 5 },
      { workspaceId: own.workspaceId },
    );
    expect(replay).toMatchObject({
      kind: "failed_since",
      perSecond: 5,
      rearmed: count,
      copied: 0,
      progress: { pending: count, succeeded: 0, failed: 0 },
    });

    // Live traffic of another subscription while the replay runs.
    const latencies: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const sentAt = Date.now();
      const [id] = await emitEvent(handle, running.producer, await createEmail(db, other), "sent");
      await waitUntil("the live delivery", async () => (await statusOf([id!], "succeeded")) === 1);
      latencies.push(live.requests[live.requests.length - 1]!.receivedAt - sentAt);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await waitUntil("the replay to end", async () => (await statusOf(failed, "succeeded")) === count, { timeoutMs: 15_000 });
    const replayed = endpoint.requests.slice(seenDuringOutage);
    // Each failed delivery of the window once, under its own id; the one before the window not at all.
    expect(replayed.map((r) => r.headers["x-service-delivery-id"]).sort()).toEqual([...failed].sort());
    for (const request of replayed)
      expect(verifyWebhook({ rawBody: request.rawBody, headers: request.headers, secret: subscription.secret }).ok).toBe(true);
    const times = replayed.map((r) => r.receivedAt).sort((a, b) => a - b);
    expect(times[count - 1]! - times[0]!).toBeGreaterThanOrEqual(((count - 1) * 1000) / 5 - 100);
    for (const latency of latencies) expect(latency).toBeLessThan(1000);

    const done = await getWebhookReplay(handle, subscription.id, replay.id, own.workspaceId);
    expect(done.progress).toEqual({ pending: 0, succeeded: count, failed: 0 });
    // A fresh window: the replayed attempt is the delivery's first automatic one of it.
    const one = await db.webhookDelivery.findUniqueOrThrow({ where: { id: failed[0]! }, include: { attempts: true } });
    expect(one.attempts).toHaveLength(2);
    expect(one.replayId).toBe(replay.id);
  });
});

describe("replay after a receiver bug", () => {
  test("a time range's succeeded deliveries are sent again as new deliveries, replayOf the originals", async () => {
    const db = handle.prisma;
    const endpoint = await receiver(() => ({ status: 200 }));
    const own = await workspace();
    const subscription = await subscribe(db, running.box, own.workspaceId, endpoint.url(), ["bounced"]);
    const since = new Date(Date.now() - 1000);
    const originals = (
      await Promise.all([0, 1, 2].map(async () => emitEvent(handle, running.producer, await createEmail(db, own), "bounced")))
    ).flat();
    await waitUntil("the originals to succeed", async () => (await statusOf(originals, "succeeded")) === 3);

    const replay = await replayWebhookDeliveries(handle, running.producer, subscription.id, {
      kind: "range",
      since,
      until: new Date(),
      perSecond: 50,
    });
    expect(replay).toMatchObject({ rearmed: 0, copied: 3 });
    await waitUntil("the copies to be delivered", async () => endpoint.requests.length === 6);
    const copies = endpoint.requests.slice(3);
    for (const request of copies) {
      const body = JSON.parse(request.rawBody.toString("utf8")) as { id: string; replayOf: string };
      expect(originals).toContain(body.replayOf);
      expect(body.id).not.toBe(body.replayOf);
      expect(request.headers["webhook-id"]).toBe(body.id);
      expect(verifyWebhook({ rawBody: request.rawBody, headers: request.headers, secret: subscription.secret }).ok).toBe(true);
    }
    expect(new Set(copies.map((r) => JSON.parse(r.rawBody.toString("utf8")).replayOf)).size).toBe(3);

    // One email's deliveries, and one delivery: copies again, replayOf the original (not the copy).
    const emailId = (await db.emailEvent.findFirstOrThrow({ where: { deliveries: { some: { id: originals[0]! } } } })).emailId;
    expect(await replayWebhookDeliveries(handle, running.producer, subscription.id, { kind: "email", emailId })).toMatchObject({
      copied: 1,
    });
    expect(
      await replayWebhookDeliveries(handle, running.producer, subscription.id, { kind: "delivery", deliveryId: originals[1]! }),
    ).toMatchObject({ copied: 1 });
    await waitUntil("both to be delivered", async () => endpoint.requests.length === 8);
    expect(
      endpoint.requests
        .slice(6)
        .map((r) => JSON.parse(r.rawBody.toString("utf8")).replayOf)
        .sort(),
    ).toEqual([originals[0], originals[1]].sort());
  });

  test("refuses a disabled subscription, a delivery of another subscription, a bad range and a bad pace, changing nothing", async () => {
    const db = handle.prisma;
    const endpoint = await receiver(() => ({ status: 200 }));
    const own = await workspace();
    const a = await subscribe(db, running.box, own.workspaceId, endpoint.url(), ["opened"]);
    const b = await subscribe(db, running.box, own.workspaceId, endpoint.url(), ["clicked"]);
    const [delivery] = await emitEvent(handle, running.producer, await createEmail(db, own), "opened");
    await waitUntil("the delivery", async () => (await statusOf([delivery!], "succeeded")) === 1);
    const replay = (request: Parameters<typeof replayWebhookDeliveries>[3], id = a.id) =>
      replayWebhookDeliveries(handle, running.producer, id, request, { workspaceId: own.workspaceId }).catch((error: unknown) => error);
    expect(await replay({ kind: "delivery", deliveryId: delivery! }, b.id)).toMatchObject({ code: "not_found" });
    expect(await replay({ kind: "range", since: new Date(), until: new Date(Date.now() - 1000) })).toMatchObject({
      code: "validation_failed",
    });
    expect(await replay({ kind: "failed_since", since: new Date(Date.now() + 60_000) })).toMatchObject({ code: "validation_failed" });
    expect(await replay({ kind: "failed_since", since: new Date(0), perSecond: 1000 })).toMatchObject({ code: "validation_failed" });
    const stranger = await workspace();
    expect(
      await replayWebhookDeliveries(
        handle,
        running.producer,
        a.id,
        { kind: "delivery", deliveryId: delivery! },
        { workspaceId: stranger.workspaceId },
      ).catch((e: unknown) => e),
    ).toMatchObject({
      code: "not_found",
    });
    await disableWebhookSubscription(db, a.id);
    expect(await replay({ kind: "delivery", deliveryId: delivery! })).toMatchObject({ code: "conflict" });
    expect(await db.webhookReplay.count({ where: { subscriptionId: { in: [a.id, b.id] } } })).toBe(0);
  });
});
