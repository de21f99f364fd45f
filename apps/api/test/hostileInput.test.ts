import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

const handle = openTestDb();
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

/** A GET with the path exactly as written (supertest and URL would re-encode it). */
function rawGet(path: string, headers: Record<string, string>, method = "GET"): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on("error", reject).end();
  });
}

describe("U+0000 is refused at the boundary, never a 500", () => {
  it.each(["subject", "text", "html"])("POST /emails with NUL in %s → 422 naming the field, nothing stored", async (field) => {
    const before = await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } });
    const res = await request(api.url)
      .post("/emails")
      .set(bearer(fx.keys["full-access"]))
      .send(sendBody(fx.domain, { [field]: "a\u0000b" }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: expect.stringContaining(`${field}: must not contain the NUL character`), code: "validation_failed" });
    expect(await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } })).toBe(before);
  });

  it("NUL in from and to → 422 naming the field", async () => {
    for (const [field, value] of [
      ["from", `A\u0000 <hello@${fx.domain}>`],
      ["to", ["a\u0000@example.org"]],
    ] as const) {
      const res = await request(api.url)
        .post("/emails")
        .set(bearer(fx.keys["full-access"]))
        .send(sendBody(fx.domain, { [field]: value }));
      expect(res.status).toBe(422);
      expect(res.body.error).toContain(field);
    }
  });

  it("GET /emails?after=%00 and DELETE /api-keys/%00 → 400", async () => {
    const key = bearer(fx.keys["full-access"]);
    const list = await rawGet("/emails?after=%00", key);
    expect(list).toEqual({ status: 400, body: { error: expect.stringContaining("after"), code: "bad_request" } });
    const revoke = await rawGet("/api-keys/%00", key, "DELETE");
    expect(revoke).toEqual({ status: 400, body: { error: expect.stringContaining("path"), code: "bad_request" } });
  });
});

describe("malformed percent-escapes in the path", () => {
  it.each(["/emails/%ff%fe", "/emails/%", "/emails/%E0%A4%A", "/api-keys/%E0%A4%A"])("GET %s → 400 in the error shape", async (path) => {
    const res = await rawGet(path, bearer(fx.keys["full-access"]));
    expect(res).toEqual({ status: 400, body: { error: "The request path has a malformed percent-escape.", code: "bad_request" } });
  });
});
