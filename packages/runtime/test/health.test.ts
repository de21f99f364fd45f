import { afterAll, describe, expect, it } from "@jest/globals";
import { checkReadiness, closeServer, createHealthServer, listen } from "@svc/runtime";

describe("checkReadiness", () => {
  it("is ready only when every check answers in time, naming the ones that do not", async () => {
    expect(await checkReadiness([{ name: "postgres", check: async () => 1 }])).toEqual({
      statusCode: 200,
      body: { status: "ready", checks: { postgres: "ok" } },
    });
    const answer = await checkReadiness(
      [
        { name: "postgres", check: async () => 1 },
        { name: "redis", check: () => Promise.reject(new Error("ECONNREFUSED")) },
        { name: "slow", check: () => new Promise((r) => setTimeout(r, 1000)) },
      ],
      50,
    );
    expect(answer).toEqual({
      statusCode: 503,
      body: {
        error: "Not ready: redis and slow unreachable.",
        code: "unavailable",
        checks: { postgres: "ok", redis: "unreachable", slow: "unreachable" },
      },
    });
  });

  it("counts a check that throws synchronously as unreachable", async () => {
    const answer = await checkReadiness([
      {
        name: "broken",
        check: () => {
          throw new Error("boom");
        },
      },
    ]);
    expect(answer.statusCode).toBe(503);
  });
});

describe("createHealthServer", () => {
  const server = createHealthServer([{ name: "postgres", check: async () => 1 }]);
  afterAll(() => closeServer(server));

  it("serves /healthz and /readyz over HTTP and 404s anything else", async () => {
    const port = await listen(server, 0, "127.0.0.1");
    const get = async (path: string, method = "GET") => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
      return [res.status, await res.json()];
    };
    expect(await get("/healthz")).toEqual([200, { status: "ok" }]);
    expect(await get("/readyz?verbose=1")).toEqual([200, { status: "ready", checks: { postgres: "ok" } }]);
    expect(await get("/other")).toEqual([404, { error: "Not found.", code: "not_found" }]);
    expect(await get("/healthz", "POST")).toEqual([404, { error: "Not found.", code: "not_found" }]);
  });
});
