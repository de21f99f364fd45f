import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ScopeName } from "@svc/core";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;
let fx: WorkspaceFixture;
let existingEmail: string;

beforeAll(async () => {
  api = await startApi();
  fx = await createWorkspaceFixture(handle);
  const sent = await request(api.url).post("/emails").set(bearer(fx.keys["full-access"])).send(sendBody(fx.domain));
  existingEmail = sent.body.id;
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

type Call = { name: string; permission: string; run: (key: string) => request.Test };

/** Each endpoint with a request that succeeds when allowed; DELETE targets a throwaway key. */
const calls: Call[] = [
  {
    name: "POST /emails",
    permission: "emails:send",
    run: (key) => request(api.url).post("/emails").set(bearer(key)).send(sendBody(fx.domain)),
  },
  { name: "GET /emails", permission: "emails:read", run: (key) => request(api.url).get("/emails").set(bearer(key)) },
  { name: "GET /emails/:id", permission: "emails:read", run: (key) => request(api.url).get(`/emails/${existingEmail}`).set(bearer(key)) },
  { name: "GET /api-keys", permission: "api_keys:manage", run: (key) => request(api.url).get("/api-keys").set(bearer(key)) },
  {
    name: "DELETE /api-keys/:id",
    permission: "api_keys:manage",
    run: (key) => request(api.url).delete(`/api-keys/${fx.testKeyId}`).set(bearer(key)),
  },
];

const ALLOWED: Record<ScopeName, string[]> = {
  "send-only": ["POST /emails"],
  "read-only": ["GET /emails", "GET /emails/:id"],
  "full-access": ["POST /emails", "GET /emails", "GET /emails/:id", "GET /api-keys", "DELETE /api-keys/:id"],
};

describe.each(Object.keys(ALLOWED) as ScopeName[])("a %s key", (scope) => {
  it.each(calls.map((call) => [call.name, call] as const))("%s", async (name, call) => {
    const emailsBefore = await db.email.count({ where: { organizationId: fx.workspaceId } });
    const res = await call.run(fx.keys[scope]);
    if (ALLOWED[scope].includes(name)) {
      expect([200, 202]).toContain(res.status);
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: `This API key (scope ${scope}) lacks the ${call.permission} permission required for this request.`,
        code: "forbidden",
      });
      expect(await db.email.count({ where: { organizationId: fx.workspaceId } })).toBe(emailsBefore);
      if (call.name.startsWith("DELETE")) {
        expect((await db.apiKey.findUniqueOrThrow({ where: { id: fx.testKeyId } })).revokedAt).toBeNull();
      }
    }
  });
});

it("never lets any key create keys over REST", async () => {
  const res = await request(api.url).post("/api-keys").set(bearer(fx.keys["full-access"])).send({ scope: "full-access" });
  expect(res.status).toBe(404);
  expect(await db.apiKey.count({ where: { workspaceId: fx.workspaceId } })).toBe(4);
});
