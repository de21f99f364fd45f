import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { bearer, closedPort, sendBody, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
let fx: WorkspaceFixture;

beforeAll(async () => {
  fx = await createWorkspaceFixture(handle);
});
afterAll(() => handle.close());

describe("Redis down", () => {
  it("still answers 202 for a send, because the row is durable (a sweeper enqueues it later)", async () => {
    const api = await startApi({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, ENQUEUE_TIMEOUT_MS: "300" });
    try {
      const res = await request(api.url).post("/emails").set(bearer(fx.keys["send-only"])).send(sendBody(fx.domain));
      expect(res.status).toBe(202);
      const row = await db.email.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(row.status).toBe("queued");

      const ready = await request(api.url).get("/readyz");
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        error: "Not ready: redis unreachable.",
        code: "unavailable",
        checks: { postgres: "ok", redis: "unreachable" },
      });
      expect((await request(api.url).get("/healthz")).status).toBe(200);
      // Reads do not need Redis at all.
      const read = await request(api.url).get(`/emails/${res.body.id}`).set(bearer(fx.keys["read-only"]));
      expect(read.status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

describe("Postgres down", () => {
  it("answers 503 with the error shape on every endpoint that needs it, and readyz says so", async () => {
    const api = await startApi({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${await closedPort()}/svc` });
    try {
      for (const call of [
        () => request(api.url).post("/emails").send(sendBody(fx.domain)),
        () => request(api.url).get("/emails"),
        () => request(api.url).get("/emails/email_x"),
        () => request(api.url).get("/api-keys"),
      ]) {
        const res = await call().set(bearer(fx.keys["full-access"]));
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ error: expect.stringMatching(/temporarily unavailable/), code: "unavailable" });
      }
      const ready = await request(api.url).get("/readyz");
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toEqual({ postgres: "unreachable", redis: "ok" });
      expect((await request(api.url).get("/healthz")).body).toEqual({ status: "ok" });
    } finally {
      await api.close();
    }
  });
});
