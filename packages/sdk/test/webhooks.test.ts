import { readFileSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { computeSignature } from "@svc/webhooks";
import { constructWebhookEvent, parseWebhookEvent, WebhookVerificationError } from "../src/index.ts";

const vectors = JSON.parse(readFileSync(new URL("../../webhooks/test/vectors.json", import.meta.url), "utf8")) as {
  vectors: Array<{ secret: string; timestamp: string; body: string; signature: string; note: string }>;
};
const delivery = vectors.vectors.find((vector) => vector.body.includes("email.event"))!;

const headersOf = (timestamp: string, signature: string) => ({ "X-Service-Timestamp": timestamp, "X-Service-Signature": signature });
const at = (timestamp: string) => Number(timestamp) * 1000;

describe("webhooks in the SDK", () => {
  it("verifies a delivery (independently computed vector) and returns its typed body", () => {
    const event = constructWebhookEvent({
      rawBody: delivery.body,
      headers: headersOf(delivery.timestamp, delivery.signature),
      secret: delivery.secret,
      now: at(delivery.timestamp),
    });
    expect(event.type).toBe("email.event");
    expect(event.data.event.eventId).toMatch(/^evt_/);
    expect(event.id).toMatch(/^wd_/);
  });

  it("throws WebhookVerificationError with the reason for a wrong signature, an old timestamp or a body that is not an event", () => {
    const tampered = () =>
      constructWebhookEvent({
        rawBody: delivery.body.replace("email.event", "email.evenT"),
        headers: headersOf(delivery.timestamp, delivery.signature),
        secret: delivery.secret,
        now: at(delivery.timestamp),
      });
    expect(tampered).toThrow(WebhookVerificationError);
    expect(tampered).toThrow(expect.objectContaining({ reason: "signature_mismatch" }));

    const late = () =>
      constructWebhookEvent({
        rawBody: delivery.body,
        headers: headersOf(delivery.timestamp, delivery.signature),
        secret: delivery.secret,
        now: at(delivery.timestamp) + 301_000,
      });
    expect(late).toThrow(expect.objectContaining({ reason: "timestamp_too_old" }));

    const body = JSON.stringify({ hello: "world" });
    const signed = computeSignature(delivery.secret, delivery.timestamp, body);
    const notAnEvent = () =>
      constructWebhookEvent({
        rawBody: body,
        headers: headersOf(delivery.timestamp, signed),
        secret: delivery.secret,
        now: at(delivery.timestamp),
      });
    expect(notAnEvent).toThrow(expect.objectContaining({ reason: "malformed_body" }));
    expect(() => parseWebhookEvent("not json")).toThrow(expect.objectContaining({ reason: "malformed_body" }));
  });
});
