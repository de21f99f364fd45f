import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { sendTestWebhookEvent } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { verifyWebhook } from "@svc/webhooks";
import { Webhook } from "standardwebhooks";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createEmail, emitEvent, Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

let handle: DbHandle;
let running: RunningDispatcher;
let fixture: WorkspaceFixture;
const receivers: Receiver[] = [];

async function receiver(...args: Parameters<typeof Receiver.start>): Promise<Receiver> {
  const started = await Receiver.start(...args);
  receivers.push(started);
  return started;
}

beforeAll(async () => {
  handle = openTestDb();
  // A 1-second base: attempts are at least a second apart, so their Unix-second timestamps differ.
  running = await startDispatcher({ WEBHOOK_RETRY_BASE_MS: "1000", WEBHOOK_RETRY_WINDOW_MS: "60000" });
  fixture = await createWorkspaceFixture(handle);
});

afterAll(async () => {
  await running?.stop();
  for (const r of receivers) await r.close();
  await handle?.close();
});

describe("one webhook request", () => {
  test("carries every header and the body exactly, and the signature verifies", async () => {
    const db = handle.prisma;
    const endpoint = await receiver(() => ({ status: 204 }));
    const subscription = await subscribe(db, running.box, fixture.workspaceId, endpoint.url("/webhooks/svc?x=1"), ["bounced"]);
    const emailId = await createEmail(db, fixture);
    const [deliveryId] = await emitEvent(handle, running.producer, emailId, "bounced");
    expect(deliveryId).toMatch(/^wd_/);

    await waitUntil(
      "the delivery to succeed",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status === "succeeded",
    );
    expect(endpoint.requests).toHaveLength(1);
    const request = endpoint.requests[0]!;
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! }, include: { attempts: true, event: true } });

    expect(request.method).toBe("POST");
    expect(request.path).toBe("/webhooks/svc?x=1");
    // The exact stored bytes, in the exact shape of issue 4 §1.
    expect(request.rawBody.toString("utf8")).toBe(delivery.body);
    expect(JSON.parse(delivery.body)).toEqual({
      id: deliveryId,
      type: "email.event",
      createdAt: delivery.createdAt.toISOString(),
      data: {
        emailId,
        tags: [],
        event: { eventId: delivery.eventId, type: "bounced", eventTimestamp: delivery.event!.eventTimestamp.toISOString() },
      },
    });
    expect(Object.keys(JSON.parse(delivery.body))).toEqual(["id", "type", "createdAt", "data"]);

    const ts = Number(request.headers["x-service-timestamp"]);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["user-agent"]).toBe("Service-Webhook/1.0");
    expect(request.headers["x-service-event-type"]).toBe("bounced");
    expect(request.headers["x-service-delivery-id"]).toBe(deliveryId);
    expect(String(ts)).toBe(request.headers["x-service-timestamp"]);
    expect(Math.abs(ts - request.receivedAt / 1000)).toBeLessThan(5);
    expect(request.headers["x-service-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyWebhook({ rawBody: request.rawBody, headers: request.headers, secret: subscription.secret })).toEqual({
      ok: true,
      timestamp: ts,
      scheme: "service",
    });
    expect(verifyWebhook({ rawBody: request.rawBody, headers: request.headers, secret: `${subscription.secret}x` }).ok).toBe(false);

    expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 1, lastStatusCode: 204, lastError: null, nextAttemptAt: null });
    expect(delivery.completedAt).not.toBeNull();
    expect(delivery.firstAttemptAt).toEqual(delivery.attempts[0]!.startedAt);
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ number: 1, manual: false, statusCode: 204, error: null, responseExcerpt: "" });
  });

  test("the Standard Webhooks headers verify with the standardwebhooks library and the subscription's secret, unchanged", async () => {
    const db = handle.prisma;
    const endpoint = await receiver(() => ({ status: 200 }));
    const subscription = await subscribe(db, running.box, fixture.workspaceId, endpoint.url(), ["complained"]);
    const emailId = await createEmail(db, fixture);
    const [deliveryId] = await emitEvent(handle, running.producer, emailId, "complained");
    await waitUntil(
      "the delivery to succeed",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status === "succeeded",
    );
    const request = endpoint.requests[0]!;
    const headers = request.headers as Record<string, string>;
    const body = request.rawBody.toString("utf8");

    expect(headers["webhook-id"]).toBe(deliveryId);
    expect(headers["webhook-timestamp"]).toBe(headers["x-service-timestamp"]);
    expect(new Webhook(subscription.secret).verify(body, headers)).toEqual(JSON.parse(body));
    // Tampering with the body, the id or the timestamp fails it.
    expect(() => new Webhook(subscription.secret).verify(body.replace("complained", "bounced"), headers)).toThrow("No matching signature");
    expect(() => new Webhook(subscription.secret).verify(body, { ...headers, "webhook-id": `${deliveryId}x` })).toThrow(
      "No matching signature",
    );
    expect(() =>
      new Webhook(subscription.secret).verify(body, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) + 1) }),
    ).toThrow("No matching signature");
    // The service's own signature on the same request still verifies, as does ours on the standard headers alone.
    expect(verifyWebhook({ rawBody: request.rawBody, headers, secret: subscription.secret })).toMatchObject({
      ok: true,
      scheme: "service",
    });
    const standardOnly = {
      "webhook-id": headers["webhook-id"]!,
      "webhook-timestamp": headers["webhook-timestamp"]!,
      "webhook-signature": headers["webhook-signature"]!,
    };
    expect(verifyWebhook({ rawBody: request.rawBody, headers: standardOnly, secret: subscription.secret })).toMatchObject({
      ok: true,
      scheme: "standard",
    });
  });

  test("500, 500, 200: three POSTs with one delivery id, the same body and fresh timestamps and signatures", async () => {
    const db = handle.prisma;
    const endpoint = await receiver((_request, index) =>
      index < 2 ? { status: 500, body: `error number ${index + 1}` } : { status: 200, body: "thanks" },
    );
    const subscription = await subscribe(db, running.box, fixture.workspaceId, endpoint.url(), ["delivered"]);
    const emailId = await createEmail(db, fixture);
    const [deliveryId] = await emitEvent(handle, running.producer, emailId, "delivered");

    await waitUntil(
      "the third attempt to succeed",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status === "succeeded",
    );
    expect(endpoint.requests).toHaveLength(3);
    const bodies = new Set(endpoint.requests.map((r) => r.rawBody.toString("utf8")));
    expect(bodies.size).toBe(1);
    expect(endpoint.requests.map((r) => r.headers["x-service-delivery-id"])).toEqual([deliveryId, deliveryId, deliveryId]);
    const timestamps = endpoint.requests.map((r) => Number(r.headers["x-service-timestamp"]));
    expect(timestamps[1]!).toBeGreaterThan(timestamps[0]!);
    expect(timestamps[2]!).toBeGreaterThan(timestamps[1]!);
    expect(new Set(endpoint.requests.map((r) => r.headers["x-service-signature"])).size).toBe(3);
    for (const request of endpoint.requests) {
      expect(verifyWebhook({ rawBody: request.rawBody, headers: request.headers, secret: subscription.secret }).ok).toBe(true);
    }

    const attempts = await db.webhookAttempt.findMany({ where: { deliveryId: deliveryId! }, orderBy: { number: "asc" } });
    expect(attempts.map((a) => [a.number, a.statusCode, a.responseExcerpt, a.manual])).toEqual([
      [1, 500, "error number 1", false],
      [2, 500, "error number 2", false],
      [3, 200, "thanks", false],
    ]);
    expect(attempts[0]!.error).toBe("The endpoint answered 500.");
    expect(attempts[2]!.error).toBeNull();
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(delivery).toMatchObject({ attemptCount: 3, lastStatusCode: 200, lastError: null });
    expect(delivery.firstAttemptAt).toEqual(attempts[0]!.startedAt);
  });

  test("keeps only the first 2 KB of a long answer", async () => {
    const db = handle.prisma;
    const endpoint = await receiver(() => ({ status: 200, body: "x".repeat(100_000) }));
    await subscribe(db, running.box, fixture.workspaceId, endpoint.url(), ["opened"]);
    const [deliveryId] = await emitEvent(handle, running.producer, await createEmail(db, fixture), "opened");
    await waitUntil(
      "the delivery to succeed",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status === "succeeded",
    );
    const [attempt] = await db.webhookAttempt.findMany({ where: { deliveryId: deliveryId! } });
    expect(attempt!.responseExcerpt).toBe("x".repeat(2048));
  });

  test("a test event goes through the dispatcher, signed, with `test: true` in its body", async () => {
    const db = handle.prisma;
    const endpoint = await receiver(() => ({ status: 200 }));
    const subscription = await subscribe(db, running.box, fixture.workspaceId, endpoint.url(), ["clicked", "sent"]);
    const created = await sendTestWebhookEvent(db, running.producer, subscription.id, { workspaceId: fixture.workspaceId });
    expect(created).toMatchObject({ subscriptionId: subscription.id, eventId: null, test: true, eventType: "clicked", status: "pending" });

    await waitUntil(
      "the test delivery to succeed",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: created.id } })).status === "succeeded",
    );
    const [request] = endpoint.requests;
    const body = JSON.parse(request!.rawBody.toString("utf8"));
    expect(body).toMatchObject({ id: created.id, type: "email.event", test: true, data: { event: { type: "clicked" } } });
    expect(body.data.emailId).toMatch(/^email_/);
    expect(request!.headers["x-service-event-type"]).toBe("clicked");
    expect(verifyWebhook({ rawBody: request!.rawBody, headers: request!.headers, secret: subscription.secret }).ok).toBe(true);
  });
});
