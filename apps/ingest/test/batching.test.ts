import { describe, expect, it } from "@jest/globals";
import type { EmailEventToRecord } from "@svc/core/stores";
import { createLogger } from "@svc/logger";
import { createEventRecorder } from "../src/events/eventRecorder.ts";
import { insertEmail, newIdentity, newMessageId, notificationTestbed, sesEvent, signedNotification } from "./support.ts";

/**
 * Notifications arriving together are recorded by one statement (group commit); each request
 * must still get its own answer, whatever the others in its batch were.
 */

const identity = newIdentity();
const t = notificationTestbed("/SimpleNotificationService-batching.pem", identity);

/** A message id Postgres cannot store (a NUL character): the statement carrying it fails. */
const UNSTORABLE_MESSAGE_ID = "0100019-unstorable-\u0000-000000";

const delivery = (messageId: string, emailId: string | null) =>
  sesEvent("Delivery", { messageId, emailId }, { timestamp: "2026-11-22T10:00:02.000Z", recipients: ["recipient@example.com"] });

describe("the event recorder", () => {
  it("fails only the bad item of a batch; the others are stored and their deliveries enqueued", async () => {
    const subscription = await t.db.webhookSubscription.create({
      data: {
        id: `wh_batching${Date.now()}`,
        workspaceId: t.fx.workspaceId,
        url: "https://hooks.example.com/in",
        events: ["delivered"],
        secretEncrypted: "v1.x.y.z",
      },
    });
    const recordEvent = createEventRecorder(
      { db: t.ingest.handle, deliveries: t.ingest.deliveries, log: createLogger("batching-test", "silent") },
      { maxBatch: 10, maxConcurrent: 1 },
    );
    const emails = await Promise.all([1, 2, 3].map(() => insertEmail(t.ingest.handle, t.fx, { providerMessageId: newMessageId() })));
    const event = (emailId: string, providerMessageId: string | null): EmailEventToRecord => ({
      email: { emailId, providerMessageId },
      type: "delivered",
      eventTimestamp: new Date(),
      payloadJson: "{}",
      dedupeKey: `batching:${emailId}:${providerMessageId ?? ""}`,
    });
    // Submitted in one turn of the event loop: one batch.
    const settled = await Promise.allSettled([
      recordEvent(event(emails[0]!, null)),
      recordEvent(event(emails[1]!, UNSTORABLE_MESSAGE_ID)),
      recordEvent(event(emails[2]!, null)),
    ]);
    expect(settled.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    for (const [i, result] of settled.entries()) {
      if (result.status !== "fulfilled") continue;
      expect(result.value).toMatchObject({ outcome: "created", emailId: emails[i], deliveryIds: [expect.any(String)] });
      const deliveryId = (result.value as { deliveryIds: string[] }).deliveryIds[0]!;
      expect((await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).subscriptionId).toBe(subscription.id);
      expect((await t.ingest.deliveries.queue.getJob(deliveryId))?.data).toEqual({ deliveryId });
    }
    expect(await t.db.emailEvent.count({ where: { emailId: emails[1]! } })).toBe(0);
    // Settle them so the subscription's deliveries are not picked up elsewhere.
    await t.db.webhookSubscription.update({ where: { id: subscription.id }, data: { isActive: false } });
  });
});

describe("POST /sns/ses under concurrency", () => {
  it("answers each notification for itself: stored, unmatched, and an unstorable one kept as unreadable without touching the others", async () => {
    const matched = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const messageId = newMessageId();
        return { messageId, emailId: await insertEmail(t.ingest.handle, t.fx, { providerMessageId: messageId }) };
      }),
    );
    const notifications = [
      // Half matched by our tag, half by the provider's message id only.
      ...matched.map(({ messageId, emailId }, i) => ({ expect: "stored", body: delivery(messageId, i % 2 === 0 ? emailId : null) })),
      { expect: "unmatched", body: delivery(newMessageId(), null) },
      { expect: "unmatched", body: delivery(newMessageId(), null) },
      // Refused before any statement (a failing statement's isolation is the recorder test above).
      { expect: "unreadable", body: delivery(UNSTORABLE_MESSAGE_ID, null) },
    ].map((entry) => ({ ...entry, signed: signedNotification(identity, t.certUrl, entry.body) }));

    const answers = await Promise.all(notifications.map((entry) => t.ingest.post(entry.signed)));
    expect(answers.map((answer) => (answer.status === 200 ? answer.json.status : `HTTP ${answer.status}`))).toEqual(
      notifications.map((entry) => entry.expect),
    );
    for (const { emailId } of matched) {
      expect((await t.db.email.findUniqueOrThrow({ where: { id: emailId } })).status).toBe("delivered");
      expect(await t.db.emailEvent.count({ where: { emailId } })).toBe(1);
    }
    const unmatched = notifications.filter((entry) => entry.expect === "unmatched").map((entry) => entry.signed.MessageId);
    expect(await t.db.unmatchedNotification.count({ where: { snsMessageId: { in: unmatched } } })).toBe(2);
  });

  it("applies a Send and a Delivery of one email that arrive together, forward only", async () => {
    const emails = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const messageId = newMessageId();
        return { messageId, emailId: await insertEmail(t.ingest.handle, t.fx, { providerMessageId: null, status: "sending" }) };
      }),
    );
    const bodies = emails.flatMap(({ messageId, emailId }, i) => {
      const pair = [sesEvent("Send", { messageId, emailId }, {}), delivery(messageId, emailId)];
      return i % 2 === 0 ? pair : pair.reverse();
    });
    const answers = await Promise.all(bodies.map((body) => t.ingest.post(signedNotification(identity, t.certUrl, body))));
    expect(answers.map((answer) => answer.json.status)).toEqual(bodies.map(() => "stored"));
    for (const { emailId } of emails) {
      expect((await t.db.email.findUniqueOrThrow({ where: { id: emailId } })).status).toBe("delivered");
    }
  });
});
