import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { purgeExpiredEmails, sqlPool, utcDay } from "@svc/core";
import { queueDueScheduledEmails } from "@svc/core/stores";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;
let fx: WorkspaceFixture;

beforeAll(async () => {
  api = await startApi();
  fx = await createWorkspaceFixture(handle);
});
afterAll(async () => {
  // Nothing of this file may fall due later and be sent by another file's sender.
  await db.email.updateMany({ where: { status: "scheduled", organizationId: { in: workspaces } }, data: { status: "canceled" } });
  await api.close();
  await handle.close();
});

const workspaces: string[] = [];
async function workspace(plan = "unlimited"): Promise<WorkspaceFixture> {
  const ws = await createWorkspaceFixture(handle, { plan });
  workspaces.push(ws.workspaceId);
  return ws;
}

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();
const send = (body: unknown, key = fx.keys["send-only"]) =>
  request(api.url)
    .post("/emails")
    .set(bearer(key))
    .send(body as object);
const cancel = (id: string, key = fx.keys["send-only"]) => request(api.url).post(`/emails/${id}/cancel`).set(bearer(key));
const reschedule = (id: string, body: unknown, key = fx.keys["full-access"]) =>
  request(api.url)
    .patch(`/emails/${id}`)
    .set(bearer(key))
    .send(body as object);

beforeAll(() => {
  workspaces.push(fx.workspaceId);
});

describe("scheduledAt", () => {
  it("makes the email scheduled: stored with its time, no send job, shown by GET /emails/{id} and GET /emails", async () => {
    const at = inOneHour();
    const res = await send(sendBody(fx.domain, { scheduledAt: at }));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.stringMatching(/^email_/), status: "scheduled" });
    expect(await db.email.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      status: "scheduled",
      scheduledAt: new Date(at),
    });
    expect(await api.producer.queue.getJob(res.body.id)).toBeUndefined();

    const shown = await request(api.url).get(`/emails/${res.body.id}`).set(bearer(fx.keys["read-only"]));
    expect(shown.body).toMatchObject({ status: "scheduled", scheduledAt: new Date(at).toISOString() });
    const listed = await request(api.url).get("/emails?limit=1").set(bearer(fx.keys["read-only"]));
    expect(listed.body[0]).toMatchObject({ id: res.body.id, scheduledAt: new Date(at).toISOString() });

    // An email sent at once answers scheduledAt: null.
    const now = await send(sendBody(fx.domain));
    expect((await request(api.url).get(`/emails/${now.body.id}`).set(bearer(fx.keys["read-only"]))).body.scheduledAt).toBeNull();
  });

  it("accepts an offset and a time a few seconds past (due at once); refuses past, over 30 days, no time zone, not a string", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const offset = await send(sendBody(fx.domain, { scheduledAt: `${tomorrow}T10:00:00+02:00` }));
    expect(offset.status).toBe(202);
    expect((await db.email.findUniqueOrThrow({ where: { id: offset.body.id } })).scheduledAt).toEqual(new Date(`${tomorrow}T08:00:00Z`));
    const justNow = await send(sendBody(fx.domain, { scheduledAt: new Date(Date.now() - 5_000).toISOString() }));
    expect(justNow.body.status).toBe("scheduled");
    await db.email.update({ where: { id: justNow.body.id }, data: { status: "canceled" } });

    const cases: Array<[unknown, string]> = [
      [new Date(Date.now() - 3_600_000).toISOString(), "scheduledAt: must not be in the past"],
      [new Date(Date.now() + 31 * 86_400_000).toISOString(), "scheduledAt: must be at most 30 days ahead"],
      ["2026-12-01T09:00:00", "scheduledAt: must be an ISO 8601 date-time with a time zone, such as 2026-01-31T09:00:00Z"],
      ["tomorrow", "scheduledAt: must be an ISO 8601 date-time with a time zone, such as 2026-01-31T09:00:00Z"],
      [1767225600000, "scheduledAt: must be an ISO 8601 date-time with a time zone, such as 2026-01-31T09:00:00Z"],
    ];
    const before = await db.email.count({ where: { organizationId: fx.workspaceId } });
    for (const [scheduledAt, message] of cases) {
      const res = await send(sendBody(fx.domain, { scheduledAt }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: `Invalid request: ${message}.`, code: "validation_failed" });
    }
    expect(await db.email.count({ where: { organizationId: fx.workspaceId } })).toBe(before);
  });

  it("counts against the daily limit on the day it is accepted, and canceling gives nothing back", async () => {
    const ws = await workspace("free");
    await db.dailyUsage.create({ data: { workspaceId: ws.workspaceId, day: utcDay(), count: 99 } });
    const scheduled = await send(sendBody(ws.domain, { scheduledAt: inOneHour() }), ws.keys["send-only"]);
    expect(scheduled.status).toBe(202);
    expect((await send(sendBody(ws.domain, { scheduledAt: inOneHour() }), ws.keys["send-only"])).status).toBe(429);
    expect((await cancel(scheduled.body.id, ws.keys["send-only"])).status).toBe(200);
    expect((await send(sendBody(ws.domain), ws.keys["send-only"])).status).toBe(429);
    const usage = await db.dailyUsage.findUniqueOrThrow({ where: { workspaceId_day: { workspaceId: ws.workspaceId, day: utcDay() } } });
    expect(usage.count).toBe(100);
  });

  it("is kept by retention while still scheduled or queued, however old", async () => {
    const ws = await workspace("free");
    const scheduled = await send(sendBody(ws.domain, { scheduledAt: inOneHour() }), ws.keys["send-only"]);
    const queued = await send(sendBody(ws.domain), ws.keys["send-only"]);
    // Both older than the Free plan's 30 days.
    await db.email.updateMany({
      where: { id: { in: [scheduled.body.id, queued.body.id] } },
      data: { createdAt: new Date(Date.now() - 31 * 86_400_000) },
    });
    await purgeExpiredEmails(db, new Date());
    expect(await db.email.findUnique({ where: { id: scheduled.body.id } })).not.toBeNull();
    // Not finished, so not deleted: a queued email waits for its handoff whatever its age.
    expect(await db.email.findUnique({ where: { id: queued.body.id } })).not.toBeNull();
  });
});

describe("POST /emails/{id}/cancel", () => {
  it("cancels a scheduled email (send-only or full-access); any other status is 409 saying what it is", async () => {
    const a = await send(sendBody(fx.domain, { scheduledAt: inOneHour() }));
    const res = await cancel(a.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: a.body.id, status: "canceled", scheduledAt: null });
    expect((await db.email.findUniqueOrThrow({ where: { id: a.body.id } })).status).toBe("canceled");

    const again = await cancel(a.body.id, fx.keys["full-access"]);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: `Email ${a.body.id} is canceled: only a scheduled email can be canceled.`, code: "conflict" });

    const b = await send(sendBody(fx.domain));
    const queued = await cancel(b.body.id, fx.keys["full-access"]);
    expect(queued.status).toBe(409);
    expect(queued.body.error).toBe(`Email ${b.body.id} is queued: only a scheduled email can be canceled.`);
    expect((await db.email.findUniqueOrThrow({ where: { id: b.body.id } })).status).toBe("queued");
  });

  it("404 for another workspace's or an unknown email, 403 for a read-only key; nothing changes", async () => {
    const other = await workspace();
    const theirs = await send(sendBody(other.domain, { scheduledAt: inOneHour() }), other.keys["send-only"]);
    expect((await cancel(theirs.body.id)).status).toBe(404);
    expect((await cancel("email_doesnotexist")).status).toBe(404);
    expect((await cancel("evt_wrongprefix")).status).toBe(404);
    expect((await cancel(theirs.body.id, other.keys["read-only"])).status).toBe(403);
    expect((await db.email.findUniqueOrThrow({ where: { id: theirs.body.id } })).status).toBe("scheduled");
  });

  it("races with the moment the email falls due without a lost or double outcome: each email ends canceled or queued", async () => {
    const ws = await workspace();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await send(sendBody(ws.domain, { scheduledAt: new Date().toISOString() }), ws.keys["send-only"])).body.id);

    const [cancels, queuedIds] = await Promise.all([
      Promise.all(ids.map((id) => cancel(id, ws.keys["send-only"]))),
      (async () => {
        const moved: string[] = [];
        for (let i = 0; i < 20; i++) moved.push(...(await queueDueScheduledEmails(sqlPool(handle), 3)).map((email) => email.id));
        return moved;
      })(),
    ]);
    const rows = new Map((await db.email.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row.status]));
    ids.forEach((id, i) => {
      if (cancels[i]!.status === 200) {
        expect(rows.get(id)).toBe("canceled");
        expect(queuedIds).not.toContain(id);
      } else {
        // Queued first, by this race's scheduler or another test file's sender.
        expect(cancels[i]!.status).toBe(409);
        expect(cancels[i]!.body.error).toMatch(new RegExp(`^Email ${id} is (queued|sending|sent|delivered|failed):`));
        expect(rows.get(id)).not.toBe("canceled");
      }
    });
    // Whatever the interleaving, nothing is left scheduled once both are done.
    expect([...rows.values()].filter((status) => status === "scheduled")).toEqual([]);
  });
});

describe("PATCH /emails/{id}", () => {
  it("reschedules a scheduled email; 409 for any other status; 422 for a bad body; nothing changes on a refusal", async () => {
    const a = await send(sendBody(fx.domain, { scheduledAt: inOneHour() }));
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const res = await reschedule(a.body.id, { scheduledAt: later });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: a.body.id, status: "scheduled", scheduledAt: later });
    expect((await db.email.findUniqueOrThrow({ where: { id: a.body.id } })).scheduledAt).toEqual(new Date(later));

    for (const [body, message] of [
      [{}, "scheduledAt: is required"],
      [{ scheduledAt: new Date(Date.now() - 3_600_000).toISOString() }, "scheduledAt: must not be in the past"],
      [{ scheduledAt: later, subject: "new" }, "unknown field(s): subject"],
    ] as const) {
      const refused = await reschedule(a.body.id, body);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ error: `Invalid request: ${message}.`, code: "validation_failed" });
    }
    expect((await db.email.findUniqueOrThrow({ where: { id: a.body.id } })).scheduledAt).toEqual(new Date(later));

    const b = await send(sendBody(fx.domain));
    const queued = await reschedule(b.body.id, { scheduledAt: later });
    expect(queued.status).toBe(409);
    expect(queued.body.error).toBe(`Email ${b.body.id} is queued: only a scheduled email can be rescheduled.`);
    expect((await db.email.findUniqueOrThrow({ where: { id: b.body.id } })).scheduledAt).toBeNull();
    expect((await reschedule(a.body.id, { scheduledAt: later }, fx.keys["read-only"])).status).toBe(403);
  });
});

describe("hostile input on the schedule routes", () => {
  it("answers in the error shape and changes nothing: odd ids, odd bodies, another content type", async () => {
    const a = await send(sendBody(fx.domain, { scheduledAt: inOneHour() }));
    const before = await db.email.findUniqueOrThrow({ where: { id: a.body.id } });
    const key = bearer(fx.keys["full-access"]);
    const answers = [
      await request(api.url).post("/emails/%00/cancel").set(key),
      await request(api.url)
        .post(`/emails/${"x".repeat(5000)}/cancel`)
        .set(key),
      await request(api.url)
        .patch(`/emails/${a.body.id}`)
        .set(key)
        .send([{ scheduledAt: inOneHour() }]),
      await request(api.url)
        .patch(`/emails/${a.body.id}`)
        .set(key)
        .send({ scheduledAt: "x".repeat(100_000) }),
      await request(api.url).patch(`/emails/${a.body.id}`).set(key).send({ scheduledAt: null }),
      await request(api.url).patch(`/emails/${a.body.id}`).set(key).set("content-type", "text/plain").send("scheduledAt=soon"),
      await request(api.url)
        .post("/emails/batch")
        .set(key)
        .send([sendBody(fx.domain, { subject: "a\u0000b" })]),
    ];
    expect(answers.map((res) => res.status)).toEqual([400, 404, 422, 422, 422, 415, 422]);
    for (const res of answers)
      expect(res.body).toEqual({
        error: expect.any(String),
        code: expect.any(String),
        ...(res.body.errors ? { errors: res.body.errors } : {}),
      });
    expect(await db.email.findUniqueOrThrow({ where: { id: a.body.id } })).toEqual(before);
  });
});
