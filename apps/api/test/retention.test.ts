import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  createMonth,
  MONTHS_AHEAD,
  monthName,
  monthStart,
  monthsAfter,
  purgeExpiredEmails,
  RETENTION_LOCK_ID,
  recordEmailEvent,
  runRetentionOnce,
  scheduleRetention,
} from "@svc/core";
import { newId } from "@svc/db";
import { createLogger } from "@svc/logger";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const DAY = 24 * 3600 * 1000;

/**
 * A delivered email whose last activity was `ageDays` ago, with two events, one of them delivered
 * to a webhook.
 */
async function emailAged(fx: WorkspaceFixture, ageDays: number): Promise<string> {
  const id = newId("email");
  const then = new Date(Date.now() - ageDays * DAY);
  await db.email.create({
    data: {
      id,
      organizationId: fx.workspaceId,
      apiKeyId: fx.keyIds["send-only"],
      environment: "live",
      from: `a@${fx.domain}`,
      to: ["b@example.org"],
      subject: `aged ${ageDays}`,
      text: "t",
      status: "delivered",
      createdAt: then,
      sentAt: then,
      lastActivityAt: then,
    },
  });
  const subscription = await db.webhookSubscription.create({
    data: {
      id: newId("webhook"),
      workspaceId: fx.workspaceId,
      url: "https://hooks.example.com",
      events: ["sent"],
      secretEncrypted: "v1.a.b.c",
    },
  });
  for (const type of ["sent", "delivered"] as const) {
    const eventId = newId("event");
    await db.emailEvent.create({
      data: { id: eventId, emailId: id, type, eventTimestamp: then, payloadJson: "{}", dedupeKey: `${id}:${type}` },
    });
    if (type === "sent") {
      await db.webhookDelivery.create({
        data: { id: newId("delivery"), subscriptionId: subscription.id, eventId, eventType: type, body: "{}" },
      });
    }
  }
  return id;
}

const fetchEmail = (fx: WorkspaceFixture, id: string) => request(api.url).get(`/emails/${id}`).set(bearer(fx.keys["read-only"]));

describe("purgeExpiredEmails", () => {
  it("deletes emails past the plan's retention with their events, and keeps younger ones", async () => {
    const free = await createWorkspaceFixture(handle, { plan: "free" }); // 30 days
    const scale = await createWorkspaceFixture(handle, { plan: "scale" }); // 90 days
    const old = await emailAged(free, 31);
    const young = await emailAged(free, 29);
    const oldButScale = await emailAged(scale, 31);
    expect((await fetchEmail(free, old)).status).toBe(200);

    const result = await purgeExpiredEmails(db, new Date());
    expect(result.emailsDeleted).toBeGreaterThanOrEqual(1);

    const gone = await fetchEmail(free, old);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: "Email not found.", code: "not_found" });
    expect(await db.emailEvent.count({ where: { emailId: old } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { event: { emailId: old } } })).toBe(0);

    const kept = await fetchEmail(free, young);
    expect(kept.status).toBe(200);
    expect(kept.body.events).toHaveLength(2);
    expect((await fetchEmail(scale, oldButScale)).status).toBe(200);
  });

  it("works through a backlog in batches", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    for (let i = 0; i < 7; i++) await emailAged(fx, 40);
    const result = await purgeExpiredEmails(db, new Date(), { batchSize: 2 });
    expect(result.emailsDeleted).toBeGreaterThanOrEqual(7);
    expect(await db.email.count({ where: { organizationId: fx.workspaceId } })).toBe(0);
  });

  it("never deletes an email that has not finished, whatever its age: queued, sending, scheduled", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const ancient = new Date(Date.now() - 400 * DAY);
    const waiting = [];
    for (const status of ["queued", "sending", "scheduled"] as const) {
      const id = newId("email");
      await db.email.create({
        data: {
          id,
          organizationId: fx.workspaceId,
          apiKeyId: fx.keyIds["send-only"],
          environment: "live",
          from: `a@${fx.domain}`,
          to: ["b@example.org"],
          subject: status,
          text: "t",
          status,
          createdAt: ancient,
          attempts: status === "queued" ? 0 : 1,
          claimedAt: status === "sending" ? ancient : null,
          scheduledAt: status === "scheduled" ? new Date(Date.now() + DAY) : null,
        },
      });
      await db.emailAttachment.create({ data: { emailId: id, position: 0, content: Buffer.from("still needed") } });
      waiting.push(id);
    }
    await purgeExpiredEmails(db, new Date());
    expect(await db.email.count({ where: { id: { in: waiting } } })).toBe(3);
    expect(await db.emailAttachment.count({ where: { emailId: { in: waiting } } })).toBe(3);
  });

  it("counts a finished email's age from its last activity: a recent event keeps an old email", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const old = await emailAged(fx, 45);
    // A click today moves its last activity (the event store does this with the event).
    await recordEmailEvent(handle, {
      emailId: old,
      type: "clicked",
      eventTimestamp: new Date(),
      payloadJson: "{}",
      dedupeKey: `${old}:click`,
    });
    await purgeExpiredEmails(db, new Date());
    expect(await db.email.count({ where: { id: old } })).toBe(1);
    expect((await db.email.findUniqueOrThrow({ where: { id: old } })).lastActivityAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Once that click is 31 days old, it goes. (The clock is moved on the row, not the run: a run
    // dated in the future would purge other test files' emails.)
    await db.email.update({ where: { id: old }, data: { lastActivityAt: new Date(Date.now() - 31 * DAY) } });
    await purgeExpiredEmails(db, new Date());
    expect(await db.email.count({ where: { id: old } })).toBe(0);
  });

  it("deletes the attachment bytes of finished emails at once, long before the email itself", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const finished = await emailAged(fx, 1);
    await db.emailAttachment.create({ data: { emailId: finished, position: 0, content: Buffer.from("done with") } });
    const result = await purgeExpiredEmails(db, new Date());
    expect(result.attachmentContentsDeleted).toBeGreaterThanOrEqual(1);
    expect(await db.emailAttachment.count({ where: { emailId: finished } })).toBe(0);
    expect(await db.email.count({ where: { id: finished } })).toBe(1);
  });

  it("reads finished emails as a range of the lastActivityAt index", async () => {
    const client = await handle.pool.connect();
    try {
      // A test database is small (and its statistics may be fresh or stale) enough for a scan of
      // anything to win; the question is whether the index serves the range, in its order.
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL enable_bitmapscan = off");
      const { rows } = await client.query(
        `EXPLAIN SELECT e.id FROM emails e
          WHERE e."lastActivityAt" < now() - interval '30 days' AND e.status NOT IN ('scheduled', 'queued', 'sending')
          ORDER BY e."lastActivityAt" LIMIT 1000`,
      );
      const plan = rows.map((row: { "QUERY PLAN": string }) => row["QUERY PLAN"]).join("\n");
      // Each partition's copy of the index, merged in order (emails are partitioned by month).
      expect(plan).toContain("Merge Append");
      expect(plan).toMatch(/Index Scan using "emails_default_lastActivityAt_idx"/);
      expect(plan).not.toMatch(/Seq Scan|Sort {2}/);
      expect(plan).toContain(`Index Cond: ("lastActivityAt" <`);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });

  it("deletes idempotency keys older than 24 hours only", async () => {
    const fx = await createWorkspaceFixture(handle);
    const base = { workspaceId: fx.workspaceId, requestHash: "h", responseStatus: 202, responseBody: "{}" };
    await db.idempotencyKey.create({ data: { ...base, key: "old", createdAt: new Date(Date.now() - 25 * 3600 * 1000) } });
    await db.idempotencyKey.create({ data: { ...base, key: "young", createdAt: new Date(Date.now() - 23 * 3600 * 1000) } });
    const result = await purgeExpiredEmails(db, new Date());
    expect(result.idempotencyKeysDeleted).toBeGreaterThanOrEqual(1);
    const left = await db.idempotencyKey.findMany({ where: { workspaceId: fx.workspaceId }, select: { key: true } });
    expect(left).toEqual([{ key: "young" }]);
  });

  it("deletes unmatched SNS notifications older than 30 days only", async () => {
    const row = (label: string, days: number) => ({
      id: newId("unmatched"),
      snsMessageId: `retention-${label}-${newId("unmatched")}`,
      body: "{}",
      createdAt: new Date(Date.now() - days * 24 * 3600 * 1000),
    });
    const old = row("old", 31);
    const young = row("young", 29);
    await db.unmatchedNotification.createMany({ data: [old, young] });
    const result = await purgeExpiredEmails(db, new Date());
    expect(result.unmatchedNotificationsDeleted).toBeGreaterThanOrEqual(1);
    expect(await db.unmatchedNotification.count({ where: { id: { in: [old.id, young.id] } } })).toBe(1);
    expect(await db.unmatchedNotification.count({ where: { id: young.id } })).toBe(1);
  });
});

describe("the periodic retention run", () => {
  it("runs only when no other instance holds the advisory lock", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const old = await emailAged(fx, 31);
    const holder = await handle.pool.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [RETENTION_LOCK_ID]);
      expect(await runRetentionOnce(handle)).toEqual({ ran: false });
      expect(await db.email.count({ where: { id: old } })).toBe(1);
      await holder.query("SELECT pg_advisory_unlock($1)", [RETENTION_LOCK_ID]);
    } finally {
      holder.release();
    }
    const run = await runRetentionOnce(handle);
    expect(run.ran).toBe(true);
    expect(await db.email.count({ where: { id: old } })).toBe(0);
  });

  it("is scheduled by an interval and stops cleanly", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const old = await emailAged(fx, 31);
    const schedule = scheduleRetention(handle, createLogger("retention-test", "silent"), { intervalMs: 3_600_000, firstRunMs: 0 });
    try {
      // Poll for the effect rather than assume a duration.
      for (let i = 0; i < 200 && (await db.email.count({ where: { id: old } })) > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await db.email.count({ where: { id: old } })).toBe(0);
    } finally {
      await schedule.stop();
    }
  });
});

describe("partition upkeep", () => {
  const TABLES = ["webhook_attempts", "webhook_deliveries", "email_events", "emails", "inbound_emails"];
  const month = monthsAfter(monthStart(new Date()), MONTHS_AHEAD);
  const names = TABLES.map((table) => `${table}_p${monthName(month)}`);
  const present = async () => {
    const { rows } = await handle.pool.query("SELECT count(*)::int AS n FROM pg_class WHERE relname = ANY ($1::text[])", [names]);
    return (rows[0] as { n: number }).n;
  };

  it("creates the months ahead with retention turned off (RETENTION_INTERVAL_SECONDS=0)", async () => {
    // The furthest month kept ahead, taken away (it holds no rows yet), as if time had moved on.
    for (const [n, table] of TABLES.entries()) {
      const { rows } = await handle.pool.query(`SELECT count(*)::int AS n FROM "${names[n]}"`);
      expect((rows[0] as { n: number }).n).toBe(0);
      if (table !== "webhook_attempts") await handle.pool.query(`ALTER TABLE ${table} DETACH PARTITION "${names[n]}"`);
      await handle.pool.query(`DROP TABLE "${names[n]}"`);
    }
    expect(await present()).toBe(0);
    const instance = await startApi({ RETENTION_INTERVAL_SECONDS: "0" });
    try {
      for (let i = 0; i < 200 && (await present()) < TABLES.length; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await present()).toBe(TABLES.length);
    } finally {
      await instance.close();
      // Whatever happened, the month is there for the rest of the suite.
      await createMonth(handle.pool, month);
    }
  });
});
