import { afterAll, describe, expect, it } from "@jest/globals";
import { AppError, createApiKey, createWorkspace, listApiKeys, revokeApiKey, scopeAllows } from "@svc/core";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { API_KEY_PATTERN, generateApiKey, hashApiKey } from "../src/keys/format.ts";

const handle = openTestDb();
afterAll(() => handle.close());

describe("API key format", () => {
  it("is svc_<env>_ plus 32 alphanumerics, different every time", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey("live")));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(API_KEY_PATTERN);
    expect(generateApiKey("test")).toMatch(/^svc_test_[A-Za-z0-9]{32}$/);
  });

  it("uses the whole alphabet (no modulo-biased gaps)", () => {
    const seen = new Set(Array.from({ length: 100 }, () => generateApiKey("live").slice(9)).join(""));
    expect(seen.size).toBe(62);
  });
});

describe("scopes", () => {
  it("grants each preset exactly the spec's permissions", () => {
    expect(scopeAllows("send-only", "emails:send")).toBe(true);
    expect(scopeAllows("send-only", "emails:read")).toBe(false);
    expect(scopeAllows("read-only", "emails:read")).toBe(true);
    expect(scopeAllows("read-only", "emails:send")).toBe(false);
    expect(scopeAllows("full-access", "api_keys:manage")).toBe(true);
    expect(scopeAllows("read-only", "api_keys:manage")).toBe(false);
  });
});

describe("key records", () => {
  it("stores only the hash and a hint, and lists without either secret", async () => {
    const workspace = await createWorkspace(handle.prisma, { name: "Keys" });
    const created = await createApiKey(handle.prisma, { workspaceId: workspace.id, environment: "live", scope: "read-only", name: "CI" });
    const row = await handle.prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row.displayHint).toBe(`svc_live_…${created.key.slice(-4)}`);

    const listed = await listApiKeys(handle.prisma, workspace.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: created.id,
      name: "CI",
      scope: "read-only",
      environment: "live",
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(row.keyHash);
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it("revokes within the workspace only", async () => {
    const a = await createWorkspace(handle.prisma, { name: "A" });
    const b = await createWorkspace(handle.prisma, { name: "B" });
    const key = await createApiKey(handle.prisma, { workspaceId: a.id, environment: "test", scope: "full-access" });
    await expect(revokeApiKey(handle.prisma, key.id, b.id)).rejects.toBeInstanceOf(AppError);
    const revoked = await revokeApiKey(handle.prisma, key.id, a.id);
    expect(revoked.revokedAt).not.toBeNull();
  });
});
