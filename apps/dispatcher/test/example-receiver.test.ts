import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { disableWebhookSubscription, redeliverWebhook, waitForRedelivery } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { closeServer, listen } from "@svc/runtime";
import { computeSignature } from "@svc/webhooks";
import { createReceiverApp, type WebhookEvent } from "../../../packages/webhooks/examples/express-receiver.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createEmail, emitEvent, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

let handle: DbHandle;
let running: RunningDispatcher;
let fixture: WorkspaceFixture;
let server: Server;
let url: string;
let subscription: { id: string; secret: string };
const handled: Array<{ event: WebhookEvent; deliveryId: string }> = [];

beforeAll(async () => {
  handle = openTestDb();
  running = await startDispatcher();
  fixture = await createWorkspaceFixture(handle);
  // The app needs the secret, which exists once the subscription (which needs the URL) does.
  server = createServer();
  const port = await listen(server, 0, "127.0.0.1");
  url = `http://127.0.0.1:${port}/webhooks/svc`;
  subscription = await subscribe(handle.prisma, running.box, fixture.workspaceId, url, ["bounced"]);
  server.on(
    "request",
    createReceiverApp({ secret: subscription.secret, handle: (event, deliveryId) => void handled.push({ event, deliveryId }) }),
  );
});

afterAll(async () => {
  await disableWebhookSubscription(handle.prisma, subscription.id);
  await running?.stop();
  await closeServer(server);
  await handle?.close();
});

describe("the example Express receiver", () => {
  test("verifies a real delivery, answers 200 and processes it once, even when it arrives again", async () => {
    const db = handle.prisma;
    const emailId = await createEmail(db, fixture);
    const [deliveryId] = await emitEvent(handle, running.producer, emailId, "bounced");
    await waitUntil("the event to be processed", () => handled.length === 1);
    await waitUntil(
      "the attempt to be recorded",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status !== "pending",
    );
    expect(handled[0]!.deliveryId).toBe(deliveryId);
    expect(handled[0]!.event).toMatchObject({ id: deliveryId, type: "email.event", data: { emailId, event: { type: "bounced" } } });
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(delivery).toMatchObject({ status: "succeeded", lastStatusCode: 200 });

    // A manual retry sends the same delivery again: answered 200, not processed twice.
    const request = await redeliverWebhook(db, running.producer, deliveryId!);
    const attempt = await waitForRedelivery(db, request, { timeoutMs: 15_000 });
    expect(attempt).toMatchObject({ number: 2, manual: true, statusCode: 200 });
    expect(handled).toHaveLength(1);
  });

  test("refuses a tampered body and a stale timestamp with 400", async () => {
    const body = JSON.stringify({ id: "wd_forged", type: "email.event" });
    const now = Math.floor(Date.now() / 1000);
    const tampered = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-service-timestamp": String(now),
        "x-service-signature": computeSignature(subscription.secret, now, `${body} `),
      },
      body,
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ reason: "signature_mismatch" });

    const old = now - 3600;
    const stale = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-service-timestamp": String(old),
        "x-service-signature": computeSignature(subscription.secret, old, body),
      },
      body,
    });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ reason: "timestamp_too_old" });
    expect(handled).toHaveLength(1);
  });
});
