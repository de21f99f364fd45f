import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { utcDay } from "@svc/core";
import { sharedSendJobId } from "@svc/queues";
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
  await api.close();
  await handle.close();
});

const batch = (body: unknown, { key = fx.keys["send-only"], query = "" } = {}) =>
  request(api.url)
    .post(`/emails/batch${query}`)
    .set(bearer(key))
    .send(body as object);

/** `count` valid emails of `domain`, each with its index in the subject. */
const emails = (domain: string, count: number) => Array.from({ length: count }, (_, i) => sendBody(domain, { subject: `Email ${i}` }));

/** Rows a batch could have written, for "changed nothing" checks. */
async function footprint(workspaceId: string) {
  const [rows, idempotencyKeys, usage] = await Promise.all([
    db.email.count({ where: { organizationId: workspaceId } }),
    db.idempotencyKey.count({ where: { workspaceId } }),
    db.dailyUsage.aggregate({ where: { workspaceId }, _sum: { count: true } }),
  ]);
  return { emails: rows, idempotencyKeys, usage: usage._sum.count ?? 0 };
}

describe("POST /emails/batch", () => {
  it("creates a batch of 100 in order, one entry each, in one statement, and enqueues one send job for them all", async () => {
    const ws = await createWorkspaceFixture(handle);
    const res = await batch(emails(ws.domain, 100), { key: ws.keys["send-only"] });
    expect(res.status).toBe(202);
    expect(res.body).toHaveLength(100);
    const ids = (res.body as Array<{ id: string; status: string }>).map((entry) => {
      expect(entry).toEqual({ id: expect.stringMatching(/^email_[A-Za-z0-9]{24}$/), status: "queued" });
      return entry.id;
    });
    expect(new Set(ids).size).toBe(100);

    const rows = await db.email.findMany({
      where: { id: { in: ids } },
      select: { id: true, subject: true, status: true, organizationId: true },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    ids.forEach((id, i) => {
      expect(byId.get(id)).toEqual({ id, subject: `Email ${i}`, status: "queued", organizationId: ws.workspaceId });
    });

    // Written by one statement: every row carries the same inserting transaction id.
    const writers = await handle.prisma.$queryRaw<
      Array<{ xmin: string }>
    >`SELECT DISTINCT xmin::text AS xmin FROM emails WHERE id = ANY (${ids})`;
    expect(writers).toHaveLength(1);

    // One send job carries them, in order, under the id every row names.
    const jobId = sharedSendJobId(ids[0]!);
    expect((await api.producer.queue.getJob(jobId))?.data).toEqual({ emailIds: ids });
    const named = await db.email.findMany({ where: { id: { in: ids } }, select: { sendJobId: true }, distinct: ["sendJobId"] });
    expect(named).toEqual([{ sendJobId: jobId }]);
    expect(await api.producer.queue.getJob(ids[1]!)).toBeUndefined();
  });

  it("strict by default: any invalid email refuses the batch with 422 listing every invalid index, and creates nothing", async () => {
    const ws = await createWorkspaceFixture(handle, { plan: "free" });
    const body = emails(ws.domain, 10);
    body[3] = sendBody(ws.domain, { to: "not an address" });
    body[7] = { from: `hello@${ws.domain}`, subject: "No body", to: "a@example.org", priority: "high" };
    const before = await footprint(ws.workspaceId);

    const res = await batch(body, { key: ws.keys["send-only"] }).set("Idempotency-Key", "strict-1");
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "2 of 10 emails are invalid; nothing was created.",
      code: "validation_failed",
      errors: [
        { index: 3, error: "Invalid request: to[0]: must be a valid email address.", code: "validation_failed" },
        { index: 7, error: expect.stringMatching(/^Invalid request: .*unknown field\(s\): priority/), code: "validation_failed" },
      ],
    });
    expect(await footprint(ws.workspaceId)).toEqual(before);
    // The same request with ?mode=strict says the same.
    expect((await batch(body, { key: ws.keys["send-only"], query: "?mode=strict" })).status).toBe(422);
  });

  it("?mode=permissive creates the valid ones and answers the rest in place with their error", async () => {
    const ws = await createWorkspaceFixture(handle, { plan: "free" });
    const body = emails(ws.domain, 10);
    body[0] = sendBody(ws.domain, { subject: "" });
    body[9] = "not an object" as unknown as Record<string, unknown>;

    const res = await batch(body, { key: ws.keys["send-only"], query: "?mode=permissive" });
    expect(res.status).toBe(202);
    expect(res.body).toHaveLength(10);
    expect(res.body[0]).toEqual({ error: "Invalid request: subject: must not be empty.", code: "validation_failed" });
    expect(res.body[9]).toEqual({ error: "Invalid request: the body must be a JSON object.", code: "validation_failed" });
    const created = (res.body as Array<{ id?: string }>).slice(1, 9).map((entry) => entry.id!);
    const rows = await db.email.findMany({ where: { organizationId: ws.workspaceId }, select: { id: true, subject: true } });
    expect(new Map(rows.map((row) => [row.id, row.subject]))).toEqual(new Map(created.map((id, i) => [id, `Email ${i + 1}`])));
    // Only what was created is counted.
    expect((await footprint(ws.workspaceId)).usage).toBe(8);
  });

  it("an unverified from domain: strict refuses the batch (403 with the indexes), permissive answers those entries and counts only what it created", async () => {
    const ws = await createWorkspaceFixture(handle, { plan: "free" });
    const body = emails(ws.domain, 4);
    body[2] = sendBody("not-verified.example.net");

    const strict = await batch(body, { key: ws.keys["send-only"] });
    expect(strict.status).toBe(403);
    expect(strict.body).toEqual({
      error: "1 of 4 emails are from a domain that is not verified; nothing was created.",
      code: "domain_not_verified",
      errors: [
        { index: 2, error: "The from domain not-verified.example.net is not verified for this workspace.", code: "domain_not_verified" },
      ],
    });
    expect(await footprint(ws.workspaceId)).toEqual({ emails: 0, idempotencyKeys: 0, usage: 0 });

    const permissive = await batch(body, { key: ws.keys["send-only"], query: "?mode=permissive" });
    expect(permissive.status).toBe(202);
    expect(permissive.body[2]).toEqual({
      error: "The from domain not-verified.example.net is not verified for this workspace.",
      code: "domain_not_verified",
    });
    expect([0, 1, 3].map((i) => permissive.body[i].status)).toEqual(["queued", "queued", "queued"]);
    expect(await footprint(ws.workspaceId)).toEqual({ emails: 3, idempotencyKeys: 0, usage: 3 });
  });

  it("counts every email against the daily limit: a batch that does not fit answers 429 and creates nothing", async () => {
    const ws = await createWorkspaceFixture(handle, { plan: "free" });
    await db.dailyUsage.create({ data: { workspaceId: ws.workspaceId, day: utcDay(), count: 95 } });

    const over = await batch(emails(ws.domain, 6), { key: ws.keys["send-only"] });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      error:
        "Daily send limit reached: the Free plan allows 100 emails per day (this batch of 6 emails does not fit in what is left today). " +
        "Upgrade your plan to send more, or wait until tomorrow (UTC) when the limit resets.",
      code: "daily_limit_reached",
    });
    expect(await footprint(ws.workspaceId)).toEqual({ emails: 0, idempotencyKeys: 0, usage: 95 });

    const fits = await batch(emails(ws.domain, 5), { key: ws.keys["send-only"] });
    expect(fits.status).toBe(202);
    expect(await footprint(ws.workspaceId)).toEqual({ emails: 5, idempotencyKeys: 0, usage: 100 });
    expect((await batch(emails(ws.domain, 1), { key: ws.keys["send-only"] })).status).toBe(429);
  });

  it("one Idempotency-Key covers the whole batch: a replay answers the original bytes and creates nothing; another body is 409", async () => {
    const ws = await createWorkspaceFixture(handle, { plan: "pro" });
    const body = emails(ws.domain, 20);
    const first = await batch(body, { key: ws.keys["send-only"], query: "?mode=permissive" }).set("Idempotency-Key", "nightly-2026-11-23");
    expect(first.status).toBe(202);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();

    const replay = await batch(body, { key: ws.keys["send-only"], query: "?mode=permissive" }).set("Idempotency-Key", "nightly-2026-11-23");
    expect(replay.status).toBe(202);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.text).toBe(first.text);
    expect(await footprint(ws.workspaceId)).toEqual({ emails: 20, idempotencyKeys: 1, usage: 20 });

    const changed = await batch(emails(ws.domain, 21), { key: ws.keys["send-only"], query: "?mode=permissive" }).set(
      "Idempotency-Key",
      "nightly-2026-11-23",
    );
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe("conflict");
    // The same emails in the other mode are another request too.
    expect((await batch(body, { key: ws.keys["send-only"] }).set("Idempotency-Key", "nightly-2026-11-23")).status).toBe(409);
    // A single send under the batch's key is another request.
    expect(
      (await request(api.url).post("/emails").set(bearer(ws.keys["send-only"])).set("Idempotency-Key", "nightly-2026-11-23").send(body[0]!))
        .status,
    ).toBe(409);
    expect(await footprint(ws.workspaceId)).toEqual({ emails: 20, idempotencyKeys: 1, usage: 20 });
  });

  it("answers scheduled emails of a batch as scheduled and enqueues no job for them", async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await batch([sendBody(fx.domain), sendBody(fx.domain, { scheduledAt: at })]);
    expect(res.status).toBe(202);
    expect(res.body.map((entry: { status: string }) => entry.status)).toEqual(["queued", "scheduled"]);
    const scheduled = await db.email.findUniqueOrThrow({ where: { id: res.body[1].id } });
    expect(scheduled).toMatchObject({ status: "scheduled", scheduledAt: new Date(at) });
    expect(await api.producer.queue.getJob(res.body[0].id)).toBeDefined();
    expect(await api.producer.queue.getJob(res.body[1].id)).toBeUndefined();
  });

  it("refuses what is not a batch: not an array, empty, over 100, an unknown mode (422), a read-only key (403), over 10 MB (413)", async () => {
    const before = await footprint(fx.workspaceId);
    for (const body of [sendBody(fx.domain), [], emails(fx.domain, 101)]) {
      const res = await batch(body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: "Invalid request: the body must be a JSON array of 1 to 100 emails.", code: "validation_failed" });
    }
    const mode = await batch(emails(fx.domain, 1), { query: "?mode=lenient" });
    expect(mode.status).toBe(422);
    expect(mode.body.error).toBe('mode: must be "strict" or "permissive".');
    expect((await batch(emails(fx.domain, 1), { key: fx.keys["read-only"] })).status).toBe(403);

    // 11 emails of 1 MB each: every one within the single-email limit, the batch over its own.
    const big = Array.from({ length: 11 }, () => sendBody(fx.domain, { text: "x".repeat(1000 * 1000) }));
    const tooLarge = await batch(big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: "The batch is larger than 10 MB.", code: "payload_too_large" });
    // Nine of them fit.
    expect((await batch(big.slice(0, 9))).status).toBe(202);
    expect((await footprint(fx.workspaceId)).emails).toBe(before.emails + 9);
  });
});
