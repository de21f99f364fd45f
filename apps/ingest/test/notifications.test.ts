import { describe, expect, it } from "@jest/globals";
import { newId } from "@svc/db";
import { deliveriesOf, QUEUES } from "@svc/queues";
import { createWorkspaceFixture } from "../../../test/support/fixtures.ts";
import { insertEmail, newIdentity, newMessageId, notificationTestbed, sesEvent, signedNotification } from "./support.ts";

const identity = newIdentity();
const t = notificationTestbed("/SimpleNotificationService-notifications.pem", identity);

async function subscribe(workspaceId: string, events: Array<"delivered" | "bounced" | "sent" | "rendering_failed">) {
  return t.db.webhookSubscription.create({
    data: { id: newId("webhook"), workspaceId, url: "https://hooks.example.com/in", events, secretEncrypted: "v1.x.y.z" },
  });
}

async function post(message: Record<string, unknown>, options: { messageId?: string } = {}) {
  return t.ingest.post(signedNotification(identity, t.certUrl, message, options));
}

const bounce = (timestamp: string) => ({
  feedbackId: "0100017f-bounce-feedback-000000",
  bounceType: "Permanent",
  bounceSubType: "General",
  bouncedRecipients: [
    { emailAddress: "recipient@example.com", action: "failed", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" },
  ],
  timestamp,
  reportingMTA: "dns; email.example.com",
});

describe("duplicates", () => {
  it("stores one event and one delivery per subscription for a notification posted twice, then 20 times at once", async () => {
    const fxOwn = await createWorkspaceFixture(t.ingest.handle);
    const first = await subscribe(fxOwn.workspaceId, ["delivered", "bounced"]);
    const second = await subscribe(fxOwn.workspaceId, ["delivered"]);
    await subscribe(fxOwn.workspaceId, ["bounced"]);
    const messageId = newMessageId();
    const emailId = await insertEmail(t.ingest.handle, fxOwn, { providerMessageId: messageId });
    const signed = signedNotification(
      identity,
      t.certUrl,
      sesEvent("Delivery", { messageId, emailId }, { timestamp: "2026-11-22T10:00:02.000Z", recipients: ["recipient@example.com"] }),
    );

    expect(await t.ingest.post(signed)).toEqual({ status: 200, json: { status: "stored" } });
    expect(await t.ingest.post(signed)).toEqual({ status: 200, json: { status: "duplicate" } });
    const concurrent = await Promise.all(Array.from({ length: 20 }, () => t.ingest.post(signed)));
    expect(concurrent.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(concurrent.filter((answer) => answer.json.status === "stored")).toHaveLength(0);

    const events = await t.db.emailEvent.findMany({ where: { emailId }, include: { deliveries: true } });
    expect(events).toHaveLength(1);
    const deliveries = events[0]!.deliveries;
    expect(deliveries.map((d) => d.subscriptionId).sort()).toEqual([first.id, second.id].sort());
    // The event's deliveries are queued, together in one job.
    const deliveryIds = deliveries.map((d) => d.id).sort();
    const jobs = await t.ingest.deliveries.queue.getJobs(["waiting", "prioritized", "delayed"]);
    const carried = jobs
      .map((job) => deliveriesOf(QUEUES.webhookDelivery.payload.parse(job.data)))
      .filter((ids) => ids.some((id) => deliveryIds.includes(id)));
    expect(carried.map((ids) => [...ids].sort())).toEqual([deliveryIds]);
  });

  it("stores one event when 20 different SNS messages carry the same SES event at once", async () => {
    const messageId = newMessageId();
    const emailId = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: messageId });
    const message = sesEvent("Bounce", { messageId, emailId }, bounce("2026-11-22T10:00:03.000Z"));
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(message)));
    expect(answers.filter((a) => a.json.status === "stored")).toHaveLength(1);
    expect(answers.filter((a) => a.json.status === "duplicate")).toHaveLength(19);
    expect(await t.db.emailEvent.count({ where: { emailId } })).toBe(1);
  });

  it("treats the same event re-published under a new MessageId, even via legacy notificationType, as one", async () => {
    const messageId = newMessageId();
    const emailId = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: messageId });
    const published = sesEvent("Bounce", { messageId, emailId }, bounce("2026-11-22T10:00:04.000Z"));
    expect((await post(published)).json.status).toBe("stored");
    expect((await post(published)).json.status).toBe("duplicate");
    const { eventType: _e, ...rest } = published;
    // The same bounce through identity notifications: notificationType and an equal timestamp in another form.
    const legacy = { notificationType: "Bounce", ...rest, bounce: bounce("2026-11-22T10:00:04Z") };
    expect((await post(legacy)).json.status).toBe("duplicate");
    expect(await t.db.emailEvent.count({ where: { emailId } })).toBe(1);
  });

  it("keeps distinct events of one message apart (two opens, two deliveries to different recipients)", async () => {
    const messageId = newMessageId();
    const emailId = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: messageId });
    const open = (timestamp: string) => sesEvent("Open", { messageId, emailId }, { timestamp, ipAddress: "192.0.2.1", userAgent: "Mail" });
    const delivery = (to: string) =>
      sesEvent("Delivery", { messageId, emailId }, { timestamp: "2026-11-22T10:00:05.000Z", recipients: [to] });
    for (const message of [
      open("2026-11-22T11:00:00.000Z"),
      open("2026-11-22T12:00:00.000Z"),
      delivery("a@example.com"),
      delivery("b@example.com"),
    ]) {
      expect((await post(message)).json.status).toBe("stored");
    }
    expect(await t.db.emailEvent.count({ where: { emailId } })).toBe(4);
  });
});

describe("matching", () => {
  it("matches by our tag before providerMessageId is stored", async () => {
    const emailId = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: null, status: "sending" });
    const messageId = newMessageId();
    expect((await post(sesEvent("Send", { messageId, emailId }, {}))).json.status).toBe("stored");
    const event = await t.db.emailEvent.findFirstOrThrow({ where: { emailId } });
    expect(event.type).toBe("sent");
    expect((await t.db.email.findUniqueOrThrow({ where: { id: emailId } })).status).toBe("sent");
  });

  it("matches by providerMessageId when there is no tag", async () => {
    const messageId = newMessageId();
    const emailId = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: messageId });
    const untagged = sesEvent(
      "Delivery",
      { messageId, emailId: null },
      { timestamp: "2026-11-22T10:00:06.000Z", recipients: ["r@example.com"] },
    );
    expect((await post(untagged)).json.status).toBe("stored");
    expect(await t.db.emailEvent.count({ where: { emailId } })).toBe(1);
  });

  it("keeps a notification for no email of ours, once, and answers 200", async () => {
    const messageId = newMessageId();
    const signed = signedNotification(
      identity,
      t.certUrl,
      sesEvent("Delivery", { messageId, emailId: "email_doesnotexist000000000000" }, { timestamp: "2026-11-22T10:00:07.000Z" }),
    );
    expect(await t.ingest.post(signed)).toEqual({ status: 200, json: { status: "unmatched" } });
    expect(await t.ingest.post(signed)).toEqual({ status: 200, json: { status: "unmatched" } });
    const kept = await t.db.unmatchedNotification.findMany({ where: { snsMessageId: signed.MessageId } });
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ eventType: "Delivery", providerMessageId: messageId });
    expect(JSON.parse(kept[0]!.body).Message).toBe(signed.Message);
  });

  it("keeps an unreadable Message and acknowledges event types we do not store", async () => {
    const unreadable = signedNotification(identity, t.certUrl, "this is not JSON");
    expect(await t.ingest.post(unreadable)).toEqual({ status: 200, json: { status: "unreadable" } });
    expect(await t.db.unmatchedNotification.count({ where: { snsMessageId: unreadable.MessageId } })).toBe(1);
    const subscription = signedNotification(identity, t.certUrl, { eventType: "Subscription", mail: { messageId: newMessageId() } });
    expect(await t.ingest.post(subscription)).toEqual({ status: 200, json: { status: "ignored" } });
    expect(await t.db.unmatchedNotification.count({ where: { snsMessageId: subscription.MessageId } })).toBe(0);
  });
});

describe("what is stored", () => {
  it("stores the SES JSON exactly as received, with the event's own timestamp", async () => {
    const messageId = newMessageId();
    const emailId = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: messageId });
    // Unusual spacing and key order must survive byte for byte.
    const raw = JSON.stringify(sesEvent("Bounce", { messageId, emailId }, bounce("2026-11-22T10:00:08.123Z")), null, 1);
    expect((await post(raw as unknown as Record<string, unknown>)).json.status).toBe("stored");
    const event = await t.db.emailEvent.findFirstOrThrow({ where: { emailId } });
    expect(event.payloadJson).toBe(raw);
    expect(event.type).toBe("bounced");
    expect(event.eventTimestamp.toISOString()).toBe("2026-11-22T10:00:08.123Z");
    expect(JSON.parse(event.payloadJson).bounce).toMatchObject({ bounceType: "Permanent", bounceSubType: "General" });
  });

  it("maps every SES type, moving the status forward only", async () => {
    const cases: Array<{ sesType: string; detail: Record<string, unknown>; type: string }> = [
      { sesType: "Send", detail: {}, type: "sent" },
      {
        sesType: "DeliveryDelay",
        detail: {
          timestamp: "2026-11-22T10:01:00.000Z",
          delayType: "TransientCommunicationFailure",
          delayedRecipients: [{ emailAddress: "recipient@example.com" }],
        },
        type: "delivery_delayed",
      },
      { sesType: "Delivery", detail: { timestamp: "2026-11-22T10:02:00.000Z", recipients: ["recipient@example.com"] }, type: "delivered" },
      { sesType: "Open", detail: { timestamp: "2026-11-22T10:03:00.000Z", ipAddress: "192.0.2.1", userAgent: "Mail" }, type: "opened" },
      {
        sesType: "Click",
        detail: { timestamp: "2026-11-22T10:04:00.000Z", ipAddress: "192.0.2.1", userAgent: "Mail", link: "https://example.com/a" },
        type: "clicked",
      },
      {
        sesType: "Complaint",
        detail: {
          timestamp: "2026-11-22T10:05:00.000Z",
          feedbackId: "c1",
          complaintFeedbackType: "abuse",
          complainedRecipients: [{ emailAddress: "recipient@example.com" }],
        },
        type: "complained",
      },
    ];
    const messageId = newMessageId();
    const emailId = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: messageId, status: "sending" });
    const statuses: string[] = [];
    for (const { sesType, detail } of cases) {
      expect((await post(sesEvent(sesType, { messageId, emailId }, detail))).json.status).toBe("stored");
      statuses.push((await t.db.email.findUniqueOrThrow({ where: { id: emailId } })).status);
    }
    expect(statuses).toEqual(["sent", "delivery_delayed", "delivered", "delivered", "delivered", "complained"]);
    const types = (await t.db.emailEvent.findMany({ where: { emailId }, orderBy: { eventTimestamp: "asc" } })).map((e) => e.type);
    expect(types).toEqual(cases.map((c) => c.type));
  });

  it("never moves back: Delivery after Bounce leaves bounced; Delay after Delivery leaves delivered", async () => {
    const bouncedId = newMessageId();
    const bouncedEmail = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: bouncedId });
    await post(sesEvent("Bounce", { messageId: bouncedId, emailId: bouncedEmail }, bounce("2026-11-22T10:00:09.000Z")));
    await post(
      sesEvent(
        "Delivery",
        { messageId: bouncedId, emailId: bouncedEmail },
        { timestamp: "2026-11-22T10:00:08.000Z", recipients: ["recipient@example.com"] },
      ),
    );
    expect((await t.db.email.findUniqueOrThrow({ where: { id: bouncedEmail } })).status).toBe("bounced");
    expect(await t.db.emailEvent.count({ where: { emailId: bouncedEmail } })).toBe(2);

    const deliveredId = newMessageId();
    const deliveredEmail = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: deliveredId });
    await post(
      sesEvent(
        "Delivery",
        { messageId: deliveredId, emailId: deliveredEmail },
        { timestamp: "2026-11-22T10:00:10.000Z", recipients: ["recipient@example.com"] },
      ),
    );
    await post(
      sesEvent(
        "DeliveryDelay",
        { messageId: deliveredId, emailId: deliveredEmail },
        { timestamp: "2026-11-22T10:00:09.000Z", delayedRecipients: [] },
      ),
    );
    await post(sesEvent("Send", { messageId: deliveredId, emailId: deliveredEmail }, {}));
    expect((await t.db.email.findUniqueOrThrow({ where: { id: deliveredEmail } })).status).toBe("delivered");
  });

  it("Reject makes the email rejected; Rendering Failure makes it failed with the provider's message", async () => {
    const rejectedId = newMessageId();
    const rejectedEmail = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: rejectedId });
    await post(sesEvent("Reject", { messageId: rejectedId, emailId: rejectedEmail }, { reason: "Bad content" }));
    expect((await t.db.email.findUniqueOrThrow({ where: { id: rejectedEmail } })).status).toBe("rejected");

    const failedId = newMessageId();
    const failedEmail = await insertEmail(t.ingest.handle, t.fx, { providerMessageId: failedId });
    const failure = { errorMessage: "Attribute 'name' is not present in the rendering data.", templateName: "welcome" };
    await post(
      sesEvent("Rendering Failure", { messageId: failedId, emailId: failedEmail, timestamp: "2026-11-22T10:00:11.000Z" }, failure),
    );
    const email = await t.db.email.findUniqueOrThrow({ where: { id: failedEmail } });
    expect(email).toMatchObject({ status: "failed", errorMessage: failure.errorMessage });
    expect(email.failedAt?.toISOString()).toBe("2026-11-22T10:00:11.000Z");
    const event = await t.db.emailEvent.findFirstOrThrow({ where: { emailId: failedEmail } });
    expect([event.type, event.eventTimestamp.toISOString()]).toEqual(["rendering_failed", "2026-11-22T10:00:11.000Z"]);
  });
});
