import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { generateSigningSecret } from "@svc/core";
import { webhookRequestHeaders } from "@svc/webhooks";
import { WebhookReceiver } from "../src/webhookReceiver.ts";

/**
 * The round trip's webhook receiver over real HTTP: it counts only POSTs signed with the
 * temporary subscription's secret, refuses the rest (401) and bodies past its bound (413) unread.
 */

let receiver: WebhookReceiver;
const secret = generateSigningSecret();

beforeAll(async () => {
  receiver = await WebhookReceiver.listen("127.0.0.1", 0);
});
afterAll(async () => {
  await receiver.close();
});

const body = (emailId: string, type: string) =>
  JSON.stringify({
    id: "wd_1",
    type: "email.event",
    createdAt: new Date().toISOString(),
    data: { emailId, tags: [], event: { eventId: "evt_1", type, eventTimestamp: new Date().toISOString() } },
  });
const signed = (rawBody: string, key = secret) =>
  webhookRequestHeaders({ secret: key, rawBody, eventType: "delivered", deliveryId: "wd_1", timestamp: Math.floor(Date.now() / 1000) });
const post = (rawBody: string, headers: Record<string, string>) => fetch(receiver.url, { method: "POST", headers, body: rawBody });

describe("WebhookReceiver", () => {
  it("refuses every POST before it knows the secret, then counts only those signed with it", async () => {
    const early = body("email_early", "delivered");
    expect((await post(early, signed(early))).status).toBe(401);
    receiver.expectSecret(secret);

    const good = body("email_good", "bounced");
    expect((await post(good, signed(good))).status).toBe(204);
    const forged = body("email_forged", "delivered");
    expect((await post(forged, signed(forged, generateSigningSecret()))).status).toBe(401);
    expect((await post(forged, { "content-type": "application/json" })).status).toBe(401);
    // A signature over other bytes does not carry over to a changed body.
    expect((await post(body("email_changed", "delivered"), signed(good))).status).toBe(401);

    expect(receiver.received).toEqual([{ emailId: "email_good", type: "bounced" }]);
  });

  it("answers 413 to a body past 256 KiB and keeps nothing of it", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(receiver.url);
      const req = request({ host: url.hostname, port: url.port, method: "POST", path: "/" }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      // Written in pieces, as a client streaming a large body does; the answer comes before the end.
      const piece = Buffer.alloc(64 * 1024, "a");
      for (let i = 0; i < 6; i++) req.write(piece);
      req.end();
    });
    expect(status).toBe(413);
    expect(receiver.received).toEqual([{ emailId: "email_good", type: "bounced" }]);
  });
});
