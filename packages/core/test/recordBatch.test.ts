import { afterAll, describe, expect, it } from "@jest/globals";
import { nextStatus, recordEmailEvent, sqlPool } from "@svc/core";
import { type EmailEventToRecord, recordEmailEvents } from "@svc/core/stores";
import { derivedId, type EmailStatus, type EventType, newId } from "@svc/db";
import { createWorkspaceFixture, insertEmail, openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
const db = handle.prisma;
const pool = sqlPool(handle);
afterAll(() => handle.close());

const FAILURE_TIME = new Date("2026-11-22T10:00:07.000Z");

/** An event of `type` for a known email; `rendering_failed` carries its email update as the ingester sends it. */
function eventFor(emailId: string, type: EventType, key: string): EmailEventToRecord {
  return {
    email: { emailId, providerMessageId: null },
    type,
    eventTimestamp: new Date("2026-11-22T10:00:00.000Z"),
    payloadJson: JSON.stringify({ type, key }),
    dedupeKey: `batch-test:${emailId}:${key}`,
    ...(type === "rendering_failed" ? { emailUpdate: { errorMessage: `failed at ${key}`, failedAt: FAILURE_TIME } } : {}),
  };
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

async function emailState(id: string) {
  const email = await db.email.findUniqueOrThrow({ where: { id } });
  return { status: email.status, errorMessage: email.errorMessage, failedAt: email.failedAt?.toISOString() ?? null };
}

describe("recordEmailEvents: several events of one email in one batch", () => {
  const cases: Array<{ start: EmailStatus; types: EventType[] }> = [
    // Every order of four events that compete for the status, two of them final.
    ...permutations<EventType>(["delivered", "complained", "bounced", "rendering_failed"]).map((types) => ({
      start: "sent" as const,
      types,
    })),
    { start: "sending", types: ["delivered", "sent"] },
    { start: "sending", types: ["sent", "delivery_delayed", "delivered"] },
    { start: "sent", types: ["delivery_delayed", "opened", "clicked"] },
    { start: "delivered", types: ["delivery_delayed", "sent", "opened"] },
    { start: "bounced", types: ["delivered", "complained"] },
    { start: "sent", types: ["rejected", "bounced"] },
    { start: "sent", types: ["bounced", "rejected"] },
  ];

  it("ends in the same status (and failure fields) as recording them one by one in batch order", async () => {
    const fx = await createWorkspaceFixture(handle);
    for (const { start, types } of cases) {
      const oneByOne = await insertEmail(handle, fx, { status: start });
      const batched = await insertEmail(handle, fx, { status: start });
      for (const [i, type] of types.entries()) {
        const { email, ...rest } = eventFor(oneByOne, type, `e${i}`);
        await recordEmailEvent(handle, { ...rest, emailId: email.emailId! });
      }
      const outcomes = await recordEmailEvents(
        pool,
        types.map((type, i) => eventFor(batched, type, `e${i}`)),
      );
      expect(outcomes.map((outcome) => outcome.outcome)).toEqual(types.map(() => "created"));

      const expected = types.reduce<EmailStatus>((status, type) => nextStatus(status, type) ?? status, start);
      const label = `${start} + ${types.join(", ")}`;
      expect({ label, ...(await emailState(batched)) }).toEqual({ label, ...(await emailState(oneByOne)) });
      expect({ label, status: (await emailState(batched)).status }).toEqual({ label, status: expected });
    }
  });

  it("takes the failure message of the event whose move is applied", async () => {
    const fx = await createWorkspaceFixture(handle);
    const failed = await insertEmail(handle, fx);
    await recordEmailEvents(pool, [
      eventFor(failed, "delivered", "a"),
      eventFor(failed, "rendering_failed", "b"),
      eventFor(failed, "bounced", "c"),
    ]);
    expect(await emailState(failed)).toEqual({ status: "failed", errorMessage: "failed at b", failedAt: FAILURE_TIME.toISOString() });

    const bounced = await insertEmail(handle, fx);
    await recordEmailEvents(pool, [eventFor(bounced, "bounced", "a"), eventFor(bounced, "rendering_failed", "b")]);
    expect(await emailState(bounced)).toEqual({ status: "bounced", errorMessage: null, failedAt: null });
  });
});

describe("recordEmailEvents: duplicates", () => {
  it("stores one event (and its deliveries once) for a key repeated within a batch and across batches", async () => {
    const fx = await createWorkspaceFixture(handle);
    const subscription = await db.webhookSubscription.create({
      data: {
        id: newId("webhook"),
        workspaceId: fx.workspaceId,
        url: "https://hooks.example.com/x",
        secretEncrypted: "v1.x.y.z",
        events: ["delivered"],
      },
    });
    const emailId = await insertEmail(handle, fx);
    const first = eventFor(emailId, "delivered", "same");
    const again = { ...first, payloadJson: '{"second":true}' };
    const other = eventFor(emailId, "delivered", "other");

    const outcomes = await recordEmailEvents(pool, [first, again, other]);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["created", "duplicate", "created"]);
    expect(outcomes[1]).toEqual({ outcome: "duplicate", emailId });

    const later = await recordEmailEvents(pool, [again, first]);
    expect(later).toEqual([
      { outcome: "duplicate", emailId },
      { outcome: "duplicate", emailId },
    ]);

    const stored = await db.emailEvent.findMany({ where: { dedupeKey: first.dedupeKey }, include: { deliveries: true } });
    expect(stored).toHaveLength(1);
    // The batch's first item is the one stored.
    expect(stored[0]!.payloadJson).toBe(first.payloadJson);
    expect(stored[0]!.id).toBe(outcomes[0]!.outcome === "created" ? outcomes[0]!.eventId : null);
    expect(stored[0]!.deliveries.map((d) => d.subscriptionId)).toEqual([subscription.id]);
    // The ids are the dedupe key's and the pair's, in the email's month (what makes the primary key deduplicate).
    expect(stored[0]!.id).toBe(derivedId("event", emailId, first.dedupeKey));
    expect(stored[0]!.deliveries[0]!.id).toBe(derivedId("delivery", emailId, `${subscription.id}:${stored[0]!.id}`));
    expect(await db.webhookDelivery.count({ where: { event: { emailId } } })).toBe(2);
    await db.webhookDelivery.updateMany({ where: { event: { emailId } }, data: { status: "failed" } });
  });
});

describe("recordEmailEvents: matching", () => {
  it("matches by tag id first, then provider message id, and reports unmatched items without storing them", async () => {
    const fx = await createWorkspaceFixture(handle);
    const byTag = await insertEmail(handle, fx, { providerMessageId: `pm-${newId("event")}` });
    const pmOnly = `pm-${newId("event")}`;
    const byMessageId = await insertEmail(handle, fx, { providerMessageId: pmOnly });
    const item = (email: EmailEventToRecord["email"], key: string): EmailEventToRecord => ({
      email,
      type: "sent",
      eventTimestamp: new Date(),
      payloadJson: "{}",
      dedupeKey: `batch-match:${newId("event")}:${key}`,
    });

    const outcomes = await recordEmailEvents(pool, [
      item({ emailId: byTag, providerMessageId: pmOnly }, "tag wins over message id"),
      item({ emailId: null, providerMessageId: pmOnly }, "message id"),
      item({ emailId: newId("email"), providerMessageId: pmOnly }, "unknown tag, known message id"),
      item({ emailId: newId("email"), providerMessageId: `pm-unknown-${newId("event")}` }, "neither"),
      item({ emailId: null, providerMessageId: null }, "nothing to match by"),
    ]);
    expect(outcomes.map((outcome) => [outcome.outcome, "emailId" in outcome ? outcome.emailId : null])).toEqual([
      ["created", byTag],
      ["created", byMessageId],
      ["created", byMessageId],
      ["unmatched", null],
      ["unmatched", null],
    ]);
    expect(await db.emailEvent.count({ where: { emailId: byTag } })).toBe(1);
    expect(await db.emailEvent.count({ where: { emailId: byMessageId } })).toBe(2);
  });

  it("recordEmailEvent refuses an email that does not exist", async () => {
    await expect(
      recordEmailEvent(handle, {
        emailId: newId("email"),
        type: "sent",
        eventTimestamp: new Date(),
        payloadJson: "{}",
        dedupeKey: `missing:${newId("event")}`,
      }),
    ).rejects.toThrow(/does not exist/);
  });
});

describe("recordEmailEvents: deliveries", () => {
  it("fans each created event out to its workspace's subscriptions, each body naming its own delivery and matched email", async () => {
    const fx = await createWorkspaceFixture(handle);
    const otherFx = await createWorkspaceFixture(handle);
    // More deliveries in one batch than the ids prepared for it (3 events x 23 subscriptions).
    await db.webhookSubscription.createMany({
      data: Array.from({ length: 23 }, () => ({
        id: newId("webhook"),
        workspaceId: fx.workspaceId,
        url: "https://hooks.example.com/x",
        secretEncrypted: "v1.x.y.z",
        events: ["bounced" as const],
      })),
    });
    await db.webhookSubscription.create({
      data: {
        id: newId("webhook"),
        workspaceId: otherFx.workspaceId,
        url: "https://hooks.example.com/y",
        secretEncrypted: "v1.x.y.z",
        events: ["bounced", "delivered"],
      },
    });
    const pm = `pm-${newId("event")}`;
    const emails = [
      await insertEmail(handle, fx, { providerMessageId: pm }),
      await insertEmail(handle, fx),
      await insertEmail(handle, fx),
      await insertEmail(handle, otherFx),
    ];
    const bounce = (email: EmailEventToRecord["email"], key: string): EmailEventToRecord => ({
      email,
      type: "bounced",
      eventTimestamp: new Date("2026-11-22T10:00:00.456Z"),
      payloadJson: "{}",
      dedupeKey: `batch-deliveries:${newId("event")}:${key}`,
    });
    const outcomes = await recordEmailEvents(pool, [
      bounce({ emailId: null, providerMessageId: pm }, "a"),
      bounce({ emailId: emails[1]!, providerMessageId: null }, "b"),
      { ...bounce({ emailId: emails[2]!, providerMessageId: null }, "c"), type: "delivered" },
      bounce({ emailId: emails[3]!, providerMessageId: null }, "d"),
      bounce({ emailId: emails[2]!, providerMessageId: null }, "e"),
    ]);
    const created = outcomes.map((outcome) => {
      if (outcome.outcome !== "created") throw new Error(`expected created, got ${outcome.outcome}`);
      return outcome;
    });
    expect(created.map((outcome) => outcome.deliveryIds.length)).toEqual([23, 23, 0, 1, 23]);
    const allIds = created.flatMap((outcome) => outcome.deliveryIds);
    expect(new Set(allIds).size).toBe(allIds.length);

    for (const [i, outcome] of created.entries()) {
      const rows = await db.webhookDelivery.findMany({ where: { eventId: outcome.eventId } });
      expect(rows.map((row) => row.id).sort()).toEqual([...outcome.deliveryIds].sort());
      for (const row of rows) {
        expect(row.id).toMatch(/^wd_[A-Za-z0-9]{24}$/);
        expect(JSON.parse(row.body)).toEqual({
          id: row.id,
          type: "email.event",
          createdAt: row.createdAt.toISOString(),
          data: {
            emailId: emails[i === 4 ? 2 : i]!,
            tags: [],
            event: { eventId: outcome.eventId, type: "bounced", eventTimestamp: "2026-11-22T10:00:00.456Z" },
          },
        });
      }
    }
    // Settle them so a later test file's dispatcher does not sweep them up.
    await db.webhookDelivery.updateMany({ where: { id: { in: allIds } }, data: { status: "failed" } });
  });
});
