import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { storeInbound } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { verifyWebhook } from "@svc/webhooks";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

let handle: DbHandle;
let running: RunningDispatcher;
let fixture: WorkspaceFixture;
let endpoint: Receiver;

beforeAll(async () => {
  handle = openTestDb();
  running = await startDispatcher();
  fixture = await createWorkspaceFixture(handle);
  endpoint = await Receiver.start(() => ({ status: 204 }));
});

afterAll(async () => {
  await running?.stop();
  await endpoint?.close();
  await handle?.close();
});

test("a stored inbound message becomes a signed `received` webhook to the subscriptions listing it, and to no other", async () => {
  const db = handle.prisma;
  const listening = await subscribe(db, running.box, fixture.workspaceId, endpoint.url("/in"), ["received"]);
  await subscribe(db, running.box, fixture.workspaceId, endpoint.url("/out"), ["delivered"]);
  const raw = Buffer.from("From: a@sender.test\r\nTo: support@reply.test\r\nSubject: Hi\r\n\r\nHello\r\n");
  const [stored] = await storeInbound(handle, running.producer, {
    source: "mx",
    sourceKey: null,
    mailFrom: "a@sender.test",
    recipients: [{ address: "support@reply.test", workspaceId: fixture.workspaceId, receivingDomainId: "rdom_unused" }],
    raw,
    verdicts: { spf: { result: "pass" }, dkim: { result: "none" }, dmarc: { result: "none" }, arc: { result: "none" } },
    receivedAt: new Date(),
  });
  expect(stored!.deliveryIds).toHaveLength(1);
  const deliveryId = stored!.deliveryIds[0]!;
  await waitUntil(
    "the delivery to succeed",
    async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status === "succeeded",
  );
  expect(endpoint.requests).toHaveLength(1);
  const request = endpoint.requests[0]!;
  expect(request.path).toBe("/in");
  expect(request.headers["x-service-event-type"]).toBe("received");
  expect(request.headers["x-service-delivery-id"]).toBe(deliveryId);
  expect(verifyWebhook({ rawBody: request.rawBody, headers: request.headers, secret: listening.secret }).ok).toBe(true);
  expect(JSON.parse(request.rawBody.toString())).toMatchObject({
    id: deliveryId,
    type: "email.received",
    data: {
      inboundId: stored!.inboundId,
      subject: "Hi",
      from: "a@sender.test",
      recipients: ["support@reply.test"],
      verdicts: { spf: { result: "pass" } },
    },
  });
});
