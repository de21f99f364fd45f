import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { revokeApiKey } from "@svc/core";
import request from "supertest";
import { generateApiKey } from "../../../packages/core/src/keys/format.ts";
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

const UNAUTHORIZED = { error: "Invalid or missing API key.", code: "unauthorized" };

describe("authentication", () => {
  it("answers 401 for a missing, malformed or unknown key on every endpoint", async () => {
    const unknown = generateApiKey("live");
    const headers: Array<Record<string, string>> = [
      {},
      { Authorization: "" },
      { Authorization: `Basic ${Buffer.from(`${fx.keys["full-access"]}:`).toString("base64")}` },
      { Authorization: "Bearer" },
      { Authorization: "Bearer not-a-key" },
      { Authorization: `Bearer ${fx.keys["full-access"]}x` },
      { Authorization: `Bearer ${fx.keys["full-access"].replace("svc_live_", "svc_prod_")}` },
      bearer(unknown),
    ];
    for (const header of headers) {
      for (const call of [
        () => request(api.url).get("/emails"),
        () => request(api.url).get("/emails/email_abc"),
        () => request(api.url).post("/emails").send(sendBody(fx.domain)),
        () => request(api.url).get("/api-keys"),
        () => request(api.url).delete(`/api-keys/${fx.keyIds["read-only"]}`),
      ]) {
        const res = await call().set(header);
        expect(res.status).toBe(401);
        expect(res.body).toEqual(UNAUTHORIZED);
      }
    }
    expect(await db.email.count({ where: { organizationId: fx.workspaceId } })).toBe(0);
    const readOnly = await db.apiKey.findUniqueOrThrow({ where: { id: fx.keyIds["read-only"] } });
    expect(readOnly.revokedAt).toBeNull();
  });

  it("accepts the scheme case-insensitively", async () => {
    const res = await request(api.url).get("/emails").set("Authorization", `bearer ${fx.keys["read-only"]}`);
    expect(res.status).toBe(200);
  });

  it("refuses a revoked key on the very next request", async () => {
    const own = await createWorkspaceFixture(handle);
    expect((await request(api.url).get("/emails").set(bearer(own.keys["read-only"]))).status).toBe(200);
    await revokeApiKey(db, own.keyIds["read-only"]);
    const res = await request(api.url).get("/emails").set(bearer(own.keys["read-only"]));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });
});

describe("lastUsedAt", () => {
  const lastUsed = async (keyId: string) => (await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt;

  it("is set on first use and not rewritten on every request", async () => {
    const own = await createWorkspaceFixture(handle);
    const keyId = own.keyIds["read-only"];
    expect(await lastUsed(keyId)).toBeNull();
    await request(api.url).get("/emails").set(bearer(own.keys["read-only"])).expect(200);
    const first = await lastUsed(keyId);
    expect(first).not.toBeNull();
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    for (let i = 0; i < 5; i++) await request(api.url).get("/emails").set(bearer(own.keys["read-only"])).expect(200);
    expect(await lastUsed(keyId)).toEqual(first);
  });

  it("is refreshed once older than a minute, by an instance that has not just written it", async () => {
    const own = await createWorkspaceFixture(handle);
    const keyId = own.keyIds["read-only"];
    const key = own.keys["read-only"];
    await request(api.url).get("/emails").set(bearer(key)).expect(200);

    // Another instance wrote it 30 s ago: fresh enough, no instance rewrites it.
    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    await db.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: thirtySecondsAgo } });
    const other = await startApi();
    try {
      await request(other.url).get("/emails").set(bearer(key)).expect(200);
      expect(await lastUsed(keyId)).toEqual(thirtySecondsAgo);

      // Two minutes old: the instance that did not write it within the minute refreshes it...
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      await db.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: twoMinutesAgo } });
      const third = await startApi();
      try {
        await request(third.url).get("/emails").set(bearer(key)).expect(200);
        const refreshed = await lastUsed(keyId);
        expect(refreshed!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
      } finally {
        await third.close();
      }
      // ...while the first instance, which wrote it moments ago, skips the write entirely.
      await db.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: twoMinutesAgo } });
      await request(api.url).get("/emails").set(bearer(key)).expect(200);
      expect(await lastUsed(keyId)).toEqual(twoMinutesAgo);
    } finally {
      await other.close();
    }
  });
});
