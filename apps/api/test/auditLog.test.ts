import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AuditEntryView, dropExpiredAuditPartitions, monthName, monthStart, monthsAfter, recordAudit } from "@svc/core";
import { idLowerBoundAt } from "@svc/db";
import type { Pool } from "pg";
import request from "supertest";
import { createMonthPartitions, listMonthPartitions } from "../../../packages/core/src/stores/partitions.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

/**
 * The audit log over REST: every management route a key can call records its change (actor, target,
 * changed fields, never a secret); the table refuses UPDATE, DELETE and TRUNCATE; one workspace never
 * sees another's entries; filters, cursor and the CSV / JSON Lines export.
 */
const handle = openTestDb();
const pool = handle.pool as unknown as Pool;
let api: ApiInstance;

beforeAll(async () => {
  api = await startApi({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const as = (key: string) => ({
  get: (path: string) => request(api.url).get(path).set(bearer(key)),
  post: (path: string, body?: unknown) =>
    request(api.url)
      .post(path)
      .set(bearer(key))
      .send(body as object),
  patch: (path: string, body: unknown) =>
    request(api.url)
      .patch(path)
      .set(bearer(key))
      .send(body as object),
  delete: (path: string) => request(api.url).delete(path).set(bearer(key)),
});

async function entriesOf(fx: WorkspaceFixture, query = ""): Promise<AuditEntryView[]> {
  const answer = await as(fx.keys["full-access"]).get(`/audit-log?limit=1000${query}`);
  expect(answer.status).toBe(200);
  return answer.body.data as AuditEntryView[];
}

function only(entries: AuditEntryView[], action: string, targetId?: string): AuditEntryView {
  const found = entries.filter((e) => e.action === action && (targetId === undefined || e.target?.id === targetId));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe("REST management changes are audited", () => {
  it("records webhooks, templates, suppressions and key revocations with the key as actor, the target and the fields, never a secret", async () => {
    const fx = await createWorkspaceFixture(handle);
    const full = as(fx.keys["full-access"]);
    const actor = { type: "api_key", id: fx.keyIds["full-access"] };

    const hook = await full.post("/webhooks", { url: "http://127.0.0.1:9/hook?token=abc123", events: ["delivered"] });
    expect(hook.status).toBe(201);
    const secret = hook.body.secret as string;
    expect(secret.length).toBeGreaterThan(10);
    const tested = await full.post(`/webhooks/${hook.body.id}/test`, { eventType: "delivered" });
    expect(tested.status).toBe(202);
    expect((await full.patch(`/webhooks/${hook.body.id}`, { events: ["sent", "bounced"], isActive: false })).status).toBe(200);
    expect((await full.delete(`/webhooks/${hook.body.id}`)).status).toBe(200);

    const template = await full.post("/templates", { name: "Welcome", alias: "welcome", subject: "Hi {{ name }}", html: "<p>Hello</p>" });
    expect(template.status).toBe(201);
    expect((await full.patch("/templates/welcome", { subject: "Hello {{ name }}" })).status).toBe(200);
    expect((await full.post("/templates/welcome/publish", {})).status).toBe(201);
    const copy = await full.post("/templates/welcome/duplicate", { name: "Welcome 2", alias: "welcome-2" });
    expect(copy.status).toBe(201);
    expect((await full.delete("/templates/welcome-2")).status).toBe(200);

    expect((await full.post("/suppressions", { address: "gone@example.org" })).status).toBe(201);
    // Already listed: nothing changed, nothing recorded.
    expect((await full.post("/suppressions", { address: "gone@example.org" })).status).toBe(200);
    expect((await full.delete("/suppressions/gone@example.org")).status).toBe(200);

    expect((await full.delete(`/api-keys/${fx.keyIds["send-only"]}`)).status).toBe(200);
    // Revoking it again changes nothing, and so records nothing (the entry is the revocation's, in its transaction).
    expect((await full.delete(`/api-keys/${fx.keyIds["send-only"]}`)).status).toBe(200);

    const entries = await entriesOf(fx);
    const created = only(entries, "webhook.created", hook.body.id);
    expect(created).toMatchObject({ workspaceId: fx.workspaceId, actor, target: { type: "webhook", id: hook.body.id } });
    expect(created.changes).toMatchObject({ events: ["delivered"], secret: "[changed]" });
    // The URL's credentials are not kept: its query's values are replaced.
    expect(created.changes.url).toBe("http://127.0.0.1:9/hook?token=redacted");
    expect(created.source).toMatch(/127\.0\.0\.1/);
    expect(only(entries, "webhook.updated", hook.body.id).changes).toEqual({ events: ["sent", "bounced"], isActive: false });
    expect(only(entries, "webhook.deleted", hook.body.id).actor).toEqual(actor);
    expect(only(entries, "webhook.test_sent", hook.body.id).changes).toEqual({ deliveryId: tested.body.id, eventType: "delivered" });

    expect(only(entries, "template.created", template.body.id).changes).toMatchObject({ name: "Welcome", alias: "welcome" });
    expect(only(entries, "template.updated", template.body.id).changes).toEqual({ subject: "Hello {{ name }}" });
    expect(only(entries, "template.published").changes).toMatchObject({ version: 1 });
    expect(only(entries, "template.duplicated", copy.body.id).changes).toMatchObject({ name: "Welcome 2", from: "welcome" });
    expect(only(entries, "template.deleted", copy.body.id).actor).toEqual(actor);

    expect(only(entries, "suppression.added", "gone@example.org").changes).toMatchObject({ reason: "manual" });
    expect(only(entries, "suppression.removed", "gone@example.org").actor).toEqual(actor);
    expect(only(entries, "api_key.revoked", fx.keyIds["send-only"]).changes).toMatchObject({ name: expect.any(String) });

    // No secret anywhere: not the signing secret, not the URL's token or password, not a key.
    const everything = JSON.stringify(entries);
    for (const secretText of [secret, "abc123", fx.keys["full-access"], fx.keys["send-only"]]) expect(everything).not.toContain(secretText);
  });

  it("records an email's reschedule and cancel with the key as actor and the new time; a refused one (not scheduled, another workspace's) records nothing", async () => {
    const fx = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    const sender = as(fx.keys["send-only"]);
    const actor = { type: "api_key", id: fx.keyIds["send-only"] };
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const inTwoHours = new Date(Date.now() + 7_200_000).toISOString();
    const scheduled = await sender.post("/emails", sendBody(fx.domain, { scheduledAt: inAnHour }));
    expect(scheduled.status).toBe(202);
    const id = scheduled.body.id as string;
    const now = await sender.post("/emails", sendBody(fx.domain));
    expect(now.status).toBe(202);

    expect((await sender.patch(`/emails/${id}`, { scheduledAt: inTwoHours })).status).toBe(200);
    expect((await sender.post(`/emails/${id}/cancel`)).status).toBe(200);
    // Refused: canceled already, never scheduled, or another workspace's (404).
    expect((await sender.post(`/emails/${id}/cancel`)).status).toBe(409);
    expect((await sender.patch(`/emails/${id}`, { scheduledAt: inTwoHours })).status).toBe(409);
    expect((await sender.post(`/emails/${now.body.id}/cancel`)).status).toBe(409);
    expect((await as(other.keys["send-only"]).post(`/emails/${id}/cancel`)).status).toBe(404);

    const entries = await entriesOf(fx);
    expect(only(entries, "email.rescheduled", id)).toMatchObject({
      workspaceId: fx.workspaceId,
      actor,
      target: { type: "email", id },
      changes: { scheduledAt: inTwoHours },
    });
    expect(only(entries, "email.canceled", id)).toMatchObject({ actor, changes: { status: "canceled" } });
    expect(entries.filter((e) => e.action.startsWith("email."))).toHaveLength(2);
    expect(await entriesOf(other)).toEqual([]);
  });

  it("does not record what failed: a refused change leaves no entry", async () => {
    const fx = await createWorkspaceFixture(handle);
    expect((await as(fx.keys["full-access"]).post("/webhooks", { url: "not a url", events: ["sent"] })).status).toBe(422);
    expect((await as(fx.keys["read-only"]).post("/suppressions", { address: "x@example.org" })).status).toBe(403);
    expect(await entriesOf(fx)).toEqual([]);
  });
});

describe("the table is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in the database itself", async () => {
    const fx = await createWorkspaceFixture(handle);
    const id = await recordAudit(pool, {
      workspaceId: fx.workspaceId,
      actor: { type: "user", id: "usr_test" },
      source: "203.0.113.5",
      action: "domain.created",
      target: { type: "domain", id: "dom_x" },
    });
    await expect(pool.query(`UPDATE audit_log SET action = 'domain.removed' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(pool.query(`DELETE FROM audit_log WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(pool.query("TRUNCATE audit_log")).rejects.toThrow(/append-only/);
    // A partition truncated on its own refuses too.
    const { rows } = await pool.query("SELECT tableoid::regclass::text AS partition FROM audit_log WHERE id = $1", [id]);
    await expect(pool.query(`TRUNCATE ${rows[0].partition}`)).rejects.toThrow(/append-only/);
    const still = await entriesOf(fx);
    expect(still.map((e) => [e.id, e.action])).toEqual([[id, "domain.created"]]);
  });

  it("lands in its month's partition, and only a month past the audit retention is dropped, as a whole", async () => {
    const thisMonth = monthName(monthStart(new Date()));
    expect((await listMonthPartitions(pool, ["audit_log"])).map((p) => p.month)).toContain(thisMonth);
    // A month three years back, made as the keeper makes months, with one entry in it.
    const old = monthsAfter(monthStart(new Date()), -36);
    const oldName = monthName(old);
    await createMonthPartitions(pool, "audit_log", oldName, idLowerBoundAt("audit", old), idLowerBoundAt("audit", monthsAfter(old, 1)));
    const fx = await createWorkspaceFixture(handle);
    const id = await recordAudit(pool, {
      workspaceId: fx.workspaceId,
      actor: { type: "user", id: "usr_old" },
      source: null,
      action: "member.removed",
      at: new Date(old.getTime() + 86_400_000),
    });
    const { rows } = await pool.query("SELECT tableoid::regclass::text AS partition FROM audit_log WHERE id = $1", [id]);
    expect(rows[0].partition).toBe(`audit_log_p${oldName}`);
    await expect(pool.query("DELETE FROM audit_log WHERE id = $1", [id])).rejects.toThrow(/append-only/);

    const dropped = await dropExpiredAuditPartitions(pool);
    expect(dropped).toContain(oldName);
    expect(dropped).not.toContain(thisMonth);
    const left = (await listMonthPartitions(pool, ["audit_log"])).map((p) => p.month);
    expect(left).toContain(thisMonth);
    expect(left).not.toContain(oldName);
    expect(await entriesOf(fx)).toEqual([]);
  });
});

describe("GET /audit-log", () => {
  let a: WorkspaceFixture;
  let b: WorkspaceFixture;
  beforeAll(async () => {
    a = await createWorkspaceFixture(handle);
    b = await createWorkspaceFixture(handle);
    for (let i = 0; i < 5; i++) await recordAudit(pool, entry(a, "suppression.added", `a${i}@example.org`));
    await recordAudit(pool, entry(a, "webhook.deleted", "wh_a"));
    await recordAudit(pool, entry(b, "webhook.deleted", "wh_b"));
    await recordAudit(pool, { ...entry(b, "operator.granted", "usr_b"), workspaceId: null });
  });
  const entry = (fx: WorkspaceFixture, action: "suppression.added" | "webhook.deleted" | "operator.granted", target: string) => ({
    workspaceId: fx.workspaceId,
    actor: { type: "api_key" as const, id: fx.keyIds["full-access"] },
    source: "198.51.100.7",
    action,
    target: { type: "thing", id: target },
  });

  it("shows one workspace only its own entries: never another's, never the install-wide ones", async () => {
    const ofA = await entriesOf(a);
    const ofB = await entriesOf(b);
    expect(ofA).toHaveLength(6);
    expect(ofB.map((e) => e.target?.id)).toEqual(["wh_b"]);
    expect(ofA.every((e) => e.workspaceId === a.workspaceId)).toBe(true);
    // B's cursor pointing into A's entries reveals nothing of A.
    const cursor = ofA[0]!.id;
    const probe = await as(b.keys["full-access"]).get(`/audit-log?after=${cursor}`);
    expect(probe.status).toBe(200);
    expect(probe.body.data.map((e: AuditEntryView) => e.workspaceId)).toEqual(ofB.filter((e) => e.id < cursor).map(() => b.workspaceId));
    const exported = await as(b.keys["full-access"]).get("/audit-log/export?format=jsonl");
    expect(exported.text).not.toContain(a.workspaceId);
    expect(exported.text).not.toContain("usr_b");
  });

  it("filters by action, actor, target and time, and pages newest first with a cursor", async () => {
    expect((await entriesOf(a, "&action=webhook.deleted")).map((e) => e.target?.id)).toEqual(["wh_a"]);
    expect(await entriesOf(a, "&target=a3@example.org")).toHaveLength(1);
    expect(await entriesOf(a, `&actor=${a.keyIds["full-access"]}`)).toHaveLength(6);
    expect(await entriesOf(a, "&actor=key_someoneelse")).toEqual([]);
    expect(await entriesOf(a, "&since=2099-01-01")).toEqual([]);
    expect(await entriesOf(a, "&until=2000-01-01")).toEqual([]);
    expect(await entriesOf(a, `&since=${new Date(Date.now() - 3_600_000).toISOString()}`)).toHaveLength(6);

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = await as(a.keys["full-access"]).get(`/audit-log?action=suppression.added&limit=2${after ? `&after=${after}` : ""}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((e: AuditEntryView) => e.target?.id));
      after = page.body.nextCursor;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(["a4@example.org", "a3@example.org", "a2@example.org", "a1@example.org", "a0@example.org"]);
  });

  it("answers bad input with 422 {error, code}, never 500", async () => {
    const full = as(a.keys["full-access"]);
    for (const query of [
      "after=not-a-cursor",
      "after=aud_%27%3B--",
      "action=nope",
      "since=yesterday",
      "since=2026-12-02&until=2026-12-01",
      "limit=0",
      "limit=1001",
      "limit=abc",
      "actor=has%20space",
      "colour=red",
      "action=a&action=b",
    ]) {
      const answer = await full.get(`/audit-log?${query}`);
      expect([query, answer.status]).toEqual([query, 422]);
      expect(answer.body).toEqual({ error: expect.any(String), code: "validation_failed" });
    }
    for (const query of ["format=xml", "", "format=csv&limit=100001", "format=csv&after=aud_x"]) {
      const answer = await full.get(`/audit-log/export?${query}`);
      expect([query, answer.status]).toEqual([query, 422]);
    }
  });

  it("needs a full-access key", async () => {
    for (const scope of ["read-only", "send-only"] as const) {
      expect((await as(a.keys[scope]).get("/audit-log")).status).toBe(403);
      expect((await as(a.keys[scope]).get("/audit-log/export?format=csv")).status).toBe(403);
    }
  });

  it("exports as CSV and JSON Lines, streamed, with the filters, and bounded by limit", async () => {
    const csv = await as(a.keys["full-access"]).get("/audit-log/export?format=csv&action=suppression.added");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="audit-log.csv"');
    const lines = csv.text.trim().split("\n");
    expect(lines[0]).toBe("id,at,workspace_id,actor_type,actor_id,source,action,target_type,target_id,changes");
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain("a4@example.org");
    expect(lines.slice(1).every((line) => line.includes(a.workspaceId) && line.includes("suppression.added"))).toBe(true);

    const jsonl = await as(a.keys["full-access"]).get("/audit-log/export?format=jsonl&limit=2");
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    const rows = jsonl.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as AuditEntryView);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ workspaceId: a.workspaceId, action: "webhook.deleted", target: { type: "thing", id: "wh_a" } });
  });
});
