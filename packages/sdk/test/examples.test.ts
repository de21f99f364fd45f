import type { AddressInfo } from "node:net";
import { describe, expect, it } from "@jest/globals";
import { webhookRequestHeaders } from "@svc/webhooks";
import { createWebhookReceiver } from "../../../examples/webhook-receiver.ts";
import type { WebhookEvent } from "../src/index.ts";

const secret = "whsec_Z3JlYXQtdGVzdC12ZWN0b3Itc2VjcmV0LTMyLWJ5dGVzLWxvbmc";
const body = JSON.stringify({
  id: "wd_example",
  type: "email.event",
  createdAt: "2026-01-01T00:00:00.000Z",
  data: { emailId: "email_example", event: { eventId: "evt_example", type: "delivered", eventTimestamp: "2026-01-01T00:00:00.000Z" } },
});

describe("examples/webhook-receiver.ts", () => {
  it("accepts a request signed as the dispatcher signs it, once per delivery id, and refuses a forged one", async () => {
    const received: WebhookEvent[] = [];
    const server = createWebhookReceiver(secret, (event) => void received.push(event));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const headers = webhookRequestHeaders({
        secret,
        rawBody: body,
        eventType: "delivered",
        deliveryId: "wd_example",
        timestamp: Math.floor(Date.now() / 1000),
      });
      expect((await fetch(url, { method: "POST", headers, body })).status).toBe(200);
      expect((await fetch(url, { method: "POST", headers, body })).status).toBe(200);
      const forged = await fetch(url, { method: "POST", headers, body: body.replace("delivered", "bounced") });
      expect(forged.status).toBe(400);
      expect(await forged.json()).toMatchObject({ reason: "signature_mismatch" });
      expect(received.map((event) => event.data.event.type)).toEqual(["delivered"]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
