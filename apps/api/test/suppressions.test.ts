import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@svc/db";
import request from "supertest";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
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

const add = (key: string, body: unknown) =>
  request(api.url)
    .post("/suppressions")
    .set(bearer(key))
    .send(body as object);

describe("POST /suppressions", () => {
  it("adds a manual entry (201, normalised), answers an existing one with 200 unchanged", async () => {
    const fx = await createWorkspaceFixture(handle);
    const created = await add(fx.keys["full-access"], { address: "  Someone@Example.ORG " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ address: "someone@example.org", reason: "manual", emailId: null, expiresAt: null, active: true });
    expect(created.body.id).toMatch(/^sup_/);
    const again = await add(fx.keys["full-access"], { address: "someone@example.org", reason: "manual" });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect(await db.suppression.count({ where: { workspaceId: fx.workspaceId } })).toBe(1);

    const expiring = await add(fx.keys["full-access"], { address: "later@example.org", expiresAt: "2099-01-01T00:00:00Z" });
    expect(expiring.status).toBe(201);
    expect(expiring.body.expiresAt).toBe("2099-01-01T00:00:00.000Z");
    // An expired entry suppresses nothing, and adding the address again replaces it.
    await db.suppression.update({
      where: { workspaceId_address: { workspaceId: fx.workspaceId, address: "later@example.org" } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await request(api.url).get("/suppressions?address=later").set(bearer(fx.keys["read-only"]));
    expect(expired.body).toEqual([expect.objectContaining({ address: "later@example.org", active: false })]);
    const renewed = await add(fx.keys["full-access"], { address: "later@example.org" });
    expect(renewed.status).toBe(201);
    expect(renewed.body).toMatchObject({ address: "later@example.org", expiresAt: null, active: true });
  });

  it.each([
    [{}, "address: is required"],
    [{ address: "not an address" }, "address"],
    [{ address: "a\u0000b@example.org" }, "control characters"],
    [{ address: `${"a".repeat(65)}@example.org` }, "before @"],
    [{ address: `a@${"b".repeat(1200)}.org` }, "address"],
    [{ address: "x@example.org", reason: "hard_bounce" }, "reason"],
    [{ address: "x@example.org", expiresAt: "tomorrow" }, "expiresAt"],
    [{ address: "x@example.org", expiresAt: "2001-01-01T00:00:00Z" }, "expiresAt: must be in the future"],
    [{ address: "x@example.org", extra: 1 }, "unknown field(s): extra"],
    [["x@example.org"], "JSON object"],
  ])("refuses %j with 422 naming the problem, changing nothing", async (body, message) => {
    const fx = await createWorkspaceFixture(handle);
    const res = await add(fx.keys["full-access"], body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.error).toContain(message);
    expect(await db.suppression.count({ where: { workspaceId: fx.workspaceId } })).toBe(0);
  });

  it("needs a full-access key (read-only and send-only: 403)", async () => {
    const fx = await createWorkspaceFixture(handle);
    for (const scope of ["read-only", "send-only"] as const) {
      const res = await add(fx.keys[scope], { address: "x@example.org" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect(await db.suppression.count({ where: { workspaceId: fx.workspaceId } })).toBe(0);
  });
});

describe("GET /suppressions", () => {
  it("lists the workspace's entries in address order, filtered by address and reason, paged with limit + after", async () => {
    const fx = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    for (const address of ["c@example.org", "a@example.org", "b@example.net"]) {
      expect((await add(fx.keys["full-access"], { address })).status).toBe(201);
    }
    await db.suppression.create({
      data: { id: newId("suppression"), workspaceId: fx.workspaceId, address: "d@example.org", reason: "complaint" },
    });
    await add(other.keys["full-access"], { address: "a@example.org" });

    const list = async (query: string, key = fx.keys["read-only"]) => request(api.url).get(`/suppressions${query}`).set(bearer(key));
    const all = await list("");
    expect(all.status).toBe(200);
    expect(all.body.map((e: { address: string }) => e.address)).toEqual([
      "a@example.org",
      "b@example.net",
      "c@example.org",
      "d@example.org",
    ]);
    expect((await list("?address=EXAMPLE.NET")).body.map((e: { address: string }) => e.address)).toEqual(["b@example.net"]);
    expect((await list("?reason=complaint")).body.map((e: { address: string }) => e.address)).toEqual(["d@example.org"]);
    const page1 = await list("?limit=2");
    expect(page1.body.map((e: { address: string }) => e.address)).toEqual(["a@example.org", "b@example.net"]);
    const page2 = await list(`?limit=2&after=${encodeURIComponent(page1.body[1].address)}`, fx.keys["full-access"]);
    expect(page2.body.map((e: { address: string }) => e.address)).toEqual(["c@example.org", "d@example.org"]);
    // A literal % or _ is text, not a pattern.
    expect((await list("?address=%25")).body).toEqual([]);

    for (const bad of ["?reason=soft", "?limit=0", "?limit=abc", "?limit=1&limit=2", "?sort=address"]) {
      const res = await list(bad);
      expect([bad, res.status, res.body.code]).toEqual([bad, 422, "validation_failed"]);
    }
    // NUL anywhere in the request target is refused before any route sees it.
    const nul = await list("?address=a%00b");
    expect([nul.status, nul.body.code]).toEqual([400, "bad_request"]);
    expect((await list("", fx.keys["send-only"])).status).toBe(403);
  });
});

describe("DELETE /suppressions/{address}", () => {
  it("removes an entry; another workspace's or a missing one is 404; a complaint needs ?confirm=complaint (409 otherwise)", async () => {
    const fx = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    await add(fx.keys["full-access"], { address: "gone@example.org" });
    await add(other.keys["full-access"], { address: "theirs@example.org" });
    await db.suppression.create({
      data: { id: newId("suppression"), workspaceId: fx.workspaceId, address: "angry@example.org", reason: "complaint" },
    });
    const remove = (address: string, key = fx.keys["full-access"]) => request(api.url).delete(`/suppressions/${address}`).set(bearer(key));

    expect((await remove("gone@example.org", fx.keys["read-only"])).status).toBe(403);
    const removed = await remove("Gone%40Example.org");
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ address: "gone@example.org", reason: "manual" });
    expect((await remove("gone@example.org")).status).toBe(404);

    const theirs = await remove("theirs@example.org");
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: "Suppression not found.", code: "not_found" });
    expect(await db.suppression.count({ where: { workspaceId: other.workspaceId } })).toBe(1);
    expect((await remove("not-an-address")).status).toBe(404);
    expect((await remove("gone%00x@example.org")).status).toBe(400);
    const malformed = await remove("%E0%A4%A");
    expect([malformed.status, malformed.body.code]).toEqual([400, "bad_request"]);

    const refused = await remove("angry@example.org");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("confirmation_required");
    expect(refused.body.error).toContain("confirm=complaint");
    expect((await remove("angry@example.org?confirm=yes")).status).toBe(422);
    expect(await db.suppression.count({ where: { workspaceId: fx.workspaceId, address: "angry@example.org" } })).toBe(1);
    const confirmed = await remove("angry@example.org?confirm=complaint");
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.reason).toBe("complaint");
    expect(await db.suppression.count({ where: { workspaceId: fx.workspaceId } })).toBe(0);
  });

  it("goes with its workspace (foreign key cascade)", async () => {
    const fx = await createWorkspaceFixture(handle);
    await add(fx.keys["full-access"], { address: "cascade@example.org" });
    await db.workspace.delete({ where: { id: fx.workspaceId } });
    expect(await db.suppression.count({ where: { workspaceId: fx.workspaceId } })).toBe(0);
  });
});
