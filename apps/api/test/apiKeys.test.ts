import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;
/** A second instance on the same database: revocation must reach it with no delay. */
let other: ApiInstance;

beforeAll(async () => {
  [api, other] = await Promise.all([startApi(), startApi()]);
});
afterAll(async () => {
  await Promise.all([api.close(), other.close()]);
  await handle.close();
});

describe("GET /api-keys", () => {
  it("lists the workspace's keys with their public fields only, never a key or a hash", async () => {
    const fx = await createWorkspaceFixture(handle);
    const res = await request(api.url).get("/api-keys").set(bearer(fx.keys["full-access"]));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    const ids = (res.body as Array<{ id: string }>).map((key) => key.id).sort();
    expect(ids).toEqual([...Object.values(fx.keyIds), fx.testKeyId].sort());
    for (const key of res.body) {
      expect(Object.keys(key).sort()).toEqual([
        "allowedCidrs",
        "allowedDomains",
        "createdAt",
        "displayHint",
        "environment",
        "id",
        "lastUsedAt",
        "name",
        "revokedAt",
        "scope",
      ]);
    }
    const full = res.body.find((key: { id: string }) => key.id === fx.keyIds["full-access"]);
    expect(full).toMatchObject({ environment: "live", scope: "full-access", revokedAt: null });
    expect(full.lastUsedAt).not.toBeNull(); // this very request used it
    const rows = await db.apiKey.findMany({ where: { workspaceId: fx.workspaceId } });
    for (const secret of [...Object.values(fx.keys), fx.testKey, ...rows.map((row) => row.keyHash)]) {
      expect(res.text).not.toContain(secret);
    }
  });
});

describe("DELETE /api-keys/:id", () => {
  it("revokes at once: the next request with the key gets 401 on every instance", async () => {
    const fx = await createWorkspaceFixture(handle);
    const victim = fx.keys["read-only"];
    expect((await request(other.url).get("/emails").set(bearer(victim))).status).toBe(200);

    const res = await request(api.url).delete(`/api-keys/${fx.keyIds["read-only"]}`).set(bearer(fx.keys["full-access"]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: fx.keyIds["read-only"], scope: "read-only", revokedAt: expect.stringMatching(/Z$/) });

    for (const instance of [other, api]) {
      const after = await request(instance.url).get("/emails").set(bearer(victim));
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ error: "Invalid or missing API key.", code: "unauthorized" });
    }
    // Revoking again keeps the first revocation time.
    const again = await request(api.url).delete(`/api-keys/${fx.keyIds["read-only"]}`).set(bearer(fx.keys["full-access"]));
    expect(again.body.revokedAt).toBe(res.body.revokedAt);
  });

  it("lets a key revoke itself, after which it is refused", async () => {
    const fx = await createWorkspaceFixture(handle);
    const self = fx.keys["full-access"];
    expect((await request(api.url).delete(`/api-keys/${fx.keyIds["full-access"]}`).set(bearer(self))).status).toBe(200);
    expect((await request(other.url).get("/api-keys").set(bearer(self))).status).toBe(401);
  });

  it("answers 404 for another workspace's key and leaves it working", async () => {
    const a = await createWorkspaceFixture(handle);
    const b = await createWorkspaceFixture(handle);
    for (const id of [b.keyIds["read-only"], "key_doesnotexist"]) {
      const res = await request(api.url).delete(`/api-keys/${id}`).set(bearer(a.keys["full-access"]));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "API key not found.", code: "not_found" });
    }
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: b.keyIds["read-only"] } })).revokedAt).toBeNull();
    expect((await request(api.url).get("/emails").set(bearer(b.keys["read-only"]))).status).toBe(200);
    // And the listing is per workspace.
    const listed = await request(api.url).get("/api-keys").set(bearer(a.keys["full-access"]));
    expect((listed.body as Array<{ id: string }>).some((key) => Object.values(b.keyIds).includes(key.id))).toBe(false);
  });
});
