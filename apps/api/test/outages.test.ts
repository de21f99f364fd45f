import { type AddressInfo, createServer as createNetServer } from "node:net";
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

describe("a statement stuck on a lock", () => {
  /** Holds row locks in an open transaction on its own connection until released. */
  async function holdLock(sql: string, values: unknown[]): Promise<() => Promise<void>> {
    const client = await handle.pool.connect();
    await client.query("BEGIN");
    await client.query(sql, values);
    return async () => {
      await client.query("ROLLBACK");
      client.release();
    };
  }

  it("answers 503 within DATABASE_STATEMENT_TIMEOUT_MS for a revoke and a send, instead of hanging", async () => {
    const own = await createWorkspaceFixture(handle, { plan: "free" });
    const api = await startApi({ DATABASE_STATEMENT_TIMEOUT_MS: "500" });
    // A first send creates today's usage row, which the second send must lock.
    expect((await request(api.url).post("/emails").set(bearer(own.keys["send-only"])).send(sendBody(own.domain))).status).toBe(202);
    const release = [
      await holdLock(`SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE`, [own.keyIds["read-only"]]),
      await holdLock(`SELECT 1 FROM daily_usage WHERE "workspaceId" = $1 FOR UPDATE`, [own.workspaceId]),
    ];
    try {
      for (const call of [
        () => request(api.url).delete(`/api-keys/${own.keyIds["read-only"]}`).set(bearer(own.keys["full-access"])),
        () => request(api.url).post("/emails").set(bearer(own.keys["send-only"])).send(sendBody(own.domain)),
      ]) {
        const started = Date.now();
        const res = await call().timeout(15_000);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ error: expect.stringMatching(/temporarily unavailable/), code: "unavailable" });
        // Far below the 30 s default, so only the configured 500 ms can answer this soon; loose,
        // because a loaded machine can make the answer seconds late.
        expect(Date.now() - started).toBeLessThan(10_000);
      }
    } finally {
      for (const done of release) await done();
      await api.close();
    }
    // Nothing of the refused send was kept.
    expect(await db.email.count({ where: { organizationId: own.workspaceId } })).toBe(1);
  });
});

describe("a database that accepts connections but never answers", () => {
  it("answers 503 within DATABASE_CONNECT_TIMEOUT_MS instead of hanging", async () => {
    const sockets = new Set<import("node:net").Socket>();
    const silent = createNetServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const api = await startApi({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/svc`, DATABASE_CONNECT_TIMEOUT_MS: "300" });
    try {
      const started = Date.now();
      const res = await request(api.url).get("/api-keys").set(bearer(fx.keys["full-access"])).timeout(10_000);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("unavailable");
      // Below the 5 s default, so only the configured 300 ms can answer this soon.
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await api.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
