import { afterAll, describe, expect, it } from "@jest/globals";
import { nextStatus, recordEmailEvent } from "@svc/core";
import { newId } from "@svc/db";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
const db = handle.prisma;
afterAll(() => handle.close());

async function newEmail(workspaceId: string, apiKeyId: string, tags: Array<{ name: string; value: string }> = []): Promise<string> {
  const id = newId("email");
  await db.email.create({
    data: {
      id,
      organizationId: workspaceId,
      apiKeyId,
      environment: "live",
      from: "a@x.test",
      to: ["b@y.test"],
      subject: "s",
      text: "t",
      status: "sent",
      tags,
    },
  });
  return id;
}

describe("nextStatus", () => {
  it("moves forward only and never leaves a final status", () => {
    expect(nextStatus("sent", "delivered")).toBe("delivered");
    expect(nextStatus("delivered", "delivery_delayed")).toBeNull();
    expect(nextStatus("delivered", "complained")).toBe("complained");
    expect(nextStatus("bounced", "delivered")).toBeNull();
    expect(nextStatus("delivered", "opened")).toBeNull();
    expect(nextStatus("sent", "rendering_failed")).toBe("failed");
  });
});

describe("recordEmailEvent", () => {
  it("stores an event once, fans out to matching active subscriptions only, and moves the status", async () => {
    const fx = await createWorkspaceFixture(handle);
    const emailId = await newEmail(fx.workspaceId, fx.keyIds["full-access"]);
    const base = { workspaceId: fx.workspaceId, url: "https://hooks.example.com/x", secretEncrypted: "v1.x.y.z" };
    const wants = await db.webhookSubscription.create({ data: { ...base, id: newId("webhook"), events: ["delivered"] } });
    await db.webhookSubscription.create({ data: { ...base, id: newId("webhook"), events: ["bounced"] } });
    await db.webhookSubscription.create({ data: { ...base, id: newId("webhook"), events: ["delivered"], isActive: false } });

    const event = {
      emailId,
      type: "delivered" as const,
      eventTimestamp: new Date("2026-11-22T10:00:00.123Z"),
      payloadJson: '{"eventType":"Delivery"}',
      dedupeKey: `test:${emailId}:delivery`,
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => recordEmailEvent(handle, event)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const created = results.find((r) => r.created)!;
    expect(created.deliveryIds).toHaveLength(1);

    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: created.deliveryIds[0]! } });
    expect(delivery.subscriptionId).toBe(wants.id);
    expect(JSON.parse(delivery.body)).toEqual({
      id: delivery.id,
      type: "email.event",
      createdAt: delivery.createdAt.toISOString(),
      data: { emailId, tags: [], event: { eventId: created.eventId, type: "delivered", eventTimestamp: "2026-11-22T10:00:00.123Z" } },
    });
    expect(await db.emailEvent.count({ where: { emailId } })).toBe(1);
    expect((await db.email.findUniqueOrThrow({ where: { id: emailId } })).status).toBe("delivered");
  });

  it("carries the email's tags in every webhook body (data.tags), in the order they were given", async () => {
    const fx = await createWorkspaceFixture(handle);
    const tags = [
      { name: "tenant", value: "t-42" },
      { name: "category", value: "password_reset" },
    ];
    const emailId = await newEmail(fx.workspaceId, fx.keyIds["full-access"], tags);
    await db.webhookSubscription.create({
      data: {
        id: newId("webhook"),
        workspaceId: fx.workspaceId,
        url: "https://hooks.example.com/x",
        secretEncrypted: "v1.x.y.z",
        events: ["bounced"],
      },
    });
    const recorded = await recordEmailEvent(handle, {
      emailId,
      type: "bounced",
      eventTimestamp: new Date(),
      payloadJson: "{}",
      dedupeKey: `test:${emailId}:tags`,
    });
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: recorded.deliveryIds[0]! } });
    const body = JSON.parse(delivery.body);
    expect(body.data.tags).toEqual(tags);
    expect(Object.keys(body.data)).toEqual(["emailId", "tags", "event"]);
  });
});

describe("recordEmailEvent beyond the prepared delivery ids", () => {
  it("still creates one delivery per subscription, each body naming its own delivery id", async () => {
    const fx = await createWorkspaceFixture(handle);
    const emailId = await newEmail(fx.workspaceId, fx.keyIds["full-access"]);
    // More subscriptions than the per-workspace cap allows through the product (rows made directly).
    await db.webhookSubscription.createMany({
      data: Array.from({ length: 23 }, () => ({
        id: newId("webhook"),
        workspaceId: fx.workspaceId,
        url: "https://hooks.example.com/x",
        secretEncrypted: "v1.x.y.z",
        events: ["bounced" as const],
      })),
    });
    const recorded = await recordEmailEvent(handle, {
      emailId,
      type: "bounced",
      eventTimestamp: new Date(),
      payloadJson: "{}",
      dedupeKey: `test:${emailId}:many`,
    });
    expect(recorded.deliveryIds).toHaveLength(23);
    expect(new Set(recorded.deliveryIds).size).toBe(23);
    const rows = await db.webhookDelivery.findMany({ where: { eventId: recorded.eventId! } });
    expect(rows).toHaveLength(23);
    for (const row of rows) {
      expect(row.id).toMatch(/^wd_[A-Za-z0-9]{24}$/);
      expect(JSON.parse(row.body).id).toBe(row.id);
    }
    expect((await db.email.findUniqueOrThrow({ where: { id: emailId } })).status).toBe("bounced");
    // Settle them so a later test file's dispatcher does not sweep them up.
    await db.webhookDelivery.updateMany({ where: { eventId: recorded.eventId! }, data: { status: "failed" } });
  });
});
