import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { APP_CLOSE_BOUND_MS, trickleRequest } from "../../../test/support/trickle.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

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

describe("HTTP surface", () => {
  it("answers unknown routes and methods with 404 in the error shape", async () => {
    for (const call of [
      () => request(api.url).get("/nope"),
      () => request(api.url).get("/").set(bearer(fx.keys["full-access"])),
      () => request(api.url).put("/emails").set(bearer(fx.keys["full-access"])),
      () => request(api.url).get("/emails/a/b").set(bearer(fx.keys["full-access"])),
      () => request(api.url).get("/api-keys/key_x").set(bearer(fx.keys["full-access"])),
    ]) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: expect.stringMatching(/^No route for /), code: "not_found" });
    }
  });

  it("reports health and readiness without a key", async () => {
    expect((await request(api.url).get("/healthz")).body).toEqual({ status: "ok" });
    const ready = await request(api.url).get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", checks: { postgres: "ok", redis: "ok" } });
  });

  it("does not advertise the framework", async () => {
    const res = await request(api.url).get("/healthz");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });
});

describe("request deadlines", () => {
  it("closes a connection that trickles its body past HTTP_REQUEST_TIMEOUT_MS", async () => {
    const slow = await startApi({ HTTP_HEADERS_TIMEOUT_MS: "500", HTTP_REQUEST_TIMEOUT_MS: "800" });
    try {
      const result = await trickleRequest(slow.url, { path: "/emails", giveUpMs: APP_CLOSE_BOUND_MS });
      expect(result.answer).toMatch(/HTTP\/1\.1 408 /);
    } finally {
      await slow.close();
    }
  });
});
