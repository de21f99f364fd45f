import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createProducerConnection, RedisRateLimiter } from "@svc/queues";
import request from "supertest";
import { runCli, runCliJson } from "../../../packages/cli/test/runCli.ts";
import { testEnv, uniquePrefix } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { freePort, type RunningApp, startApp } from "../../../test/support/stack.ts";
import { type ApiInstance, bearer, capturingLogger, closedPort, sendBody, startApi } from "./harness.ts";

const handle = openTestDb();

afterAll(() => handle.close());

/** Requests one after another until the first 429 (or `max`); the answers in order. */
async function untilRefused(send: () => Promise<request.Response>, max = 20): Promise<request.Response[]> {
  const answers: request.Response[] = [];
  for (let i = 0; i < max; i++) {
    const res = await send();
    answers.push(res);
    if (res.status === 429) break;
  }
  return answers;
}

describe("request rate limit headers and 429", () => {
  let api: ApiInstance;
  let fx: WorkspaceFixture;
  beforeAll(async () => {
    // A rate of 1/s: the bucket of 3 empties long before it refills.
    api = await startApi({ API_RATE_LIMIT_PER_SECOND: "1", API_RATE_LIMIT_BURST: "3" });
    fx = await createWorkspaceFixture(handle);
  });
  afterAll(() => api.close());

  it("every answer to a key carries RateLimit-Limit, -Remaining and -Reset; past the burst, 429 rate_limited with Retry-After", async () => {
    const answers = await untilRefused(() => request(api.url).get("/emails?limit=1").set(bearer(fx.keys["read-only"])));
    const refused = answers[answers.length - 1]!;
    const allowed = answers.slice(0, -1);
    expect(refused.status).toBe(429);
    // 3 at once, plus at most what one second refills if the machine is slow.
    expect(allowed.length).toBeGreaterThanOrEqual(3);
    expect(allowed.length).toBeLessThanOrEqual(4);
    for (const res of allowed) {
      expect(res.status).toBe(200);
      expect(res.headers["ratelimit-limit"]).toBe("3");
      expect(Number(res.headers["ratelimit-reset"])).toBeGreaterThanOrEqual(1);
    }
    expect(allowed[0]!.headers["ratelimit-remaining"]).toBe("2");
    expect(allowed.map((res) => Number(res.headers["ratelimit-remaining"]))).toEqual(
      [...allowed.map((res) => Number(res.headers["ratelimit-remaining"]))].sort((x, y) => y - x),
    );

    expect(refused.body.code).toBe("rate_limited");
    expect(refused.body.code).not.toBe("daily_limit_reached");
    expect(refused.body.error).toMatch(/1 requests per second, in bursts of up to 3/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.headers["ratelimit-limit"]).toBe("3");
    expect(refused.headers["ratelimit-remaining"]).toBe("0");
  });

  it("counts sends too, refuses them before anything is stored, and keeps keys apart", async () => {
    const send = () =>
      request(api.url)
        .post("/emails")
        .set(bearer(fx.keys["send-only"]))
        .send(sendBody(fx.domain, { subject: "rate-limited send" }));
    const answers = await untilRefused(send);
    const accepted = answers.filter((res) => res.status === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(3);
    expect(accepted[0]!.headers["ratelimit-remaining"]).toBe("2");
    expect(answers[answers.length - 1]!.status).toBe(429);
    const rows = await handle.pool.query(
      `SELECT count(*)::int AS n FROM emails WHERE "organizationId" = $1 AND subject = 'rate-limited send'`,
      [fx.workspaceId],
    );
    expect(rows.rows[0].n).toBe(accepted.length);
    // Another key of the same workspace has a bucket of its own.
    const other = await request(api.url).get("/emails?limit=1").set(bearer(fx.keys["full-access"]));
    expect(other.status).toBe(200);
    expect(other.headers["ratelimit-remaining"]).toBe("2");
  });

  it("answers without a valid key carry no limit and cost none", async () => {
    const res = await request(api.url)
      .get("/emails")
      .set(bearer(`svc_live_${"x".repeat(32)}`));
    expect(res.status).toBe(401);
    expect(res.headers["ratelimit-limit"]).toBeUndefined();
    expect((await request(api.url).get("/healthz")).headers["ratelimit-limit"]).toBeUndefined();
  });
});

describe("limit headers on refusals, and the limit closest to exhaustion", () => {
  let api: ApiInstance;
  let fx: WorkspaceFixture;
  beforeAll(async () => {
    // The key's burst (50) is far from spent; the workspace's renders (3 a minute) are not.
    api = await startApi({ API_RATE_LIMIT_PER_SECOND: "10", API_RATE_LIMIT_BURST: "50", API_TEMPLATE_RENDERS_PER_MINUTE: "3" });
    fx = await createWorkspaceFixture(handle);
  });
  afterAll(() => api.close());

  it("4xx answers to a key carry the headers too: 403, 404, 422", async () => {
    const key = fx.keys["send-only"];
    const forbidden = await request(api.url).get("/emails").set(bearer(key));
    const missing = await request(api.url).get("/emails/email_doesnotexist").set(bearer(fx.keys["read-only"]));
    const invalid = await request(api.url).post("/emails").set(bearer(key)).send({ from: "nobody" });
    expect([forbidden.status, missing.status, invalid.status]).toEqual([403, 404, 422]);
    for (const res of [forbidden, missing, invalid]) {
      expect(res.headers["ratelimit-limit"]).toBe("50");
      expect(Number(res.headers["ratelimit-remaining"])).toBeLessThan(50);
      expect(res.headers["ratelimit-reset"]).toMatch(/^\d+$/);
    }
  });

  it("a render shows the workspace's render limit once it is nearer exhaustion than the key's, and its 429 carries Retry-After", async () => {
    const key = fx.keys["full-access"];
    const created = await request(api.url)
      .post("/templates")
      .set(bearer(key))
      .send({ name: "hello", alias: "hello", subject: "Hi", html: "<p>Hi</p>" });
    expect(created.status).toBe(201);
    // A plain request shows the key's limit.
    expect((await request(api.url).get("/templates").set(bearer(key))).headers["ratelimit-limit"]).toBe("50");
    const answers = await untilRefused(() => request(api.url).post("/templates/hello/render").set(bearer(key)).send({}), 6);
    const refused = answers[answers.length - 1]!;
    expect(answers.slice(0, -1).map((res) => res.status)).toEqual([200, 200, 200]);
    expect(answers.slice(0, -1).map((res) => [res.headers["ratelimit-limit"], res.headers["ratelimit-remaining"]])).toEqual([
      ["3", "2"],
      ["3", "1"],
      ["3", "0"],
    ]);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("render_rate_limited");
    expect(refused.headers["ratelimit-limit"]).toBe("3");
    expect(refused.headers["ratelimit-remaining"]).toBe("0");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["ratelimit-reset"])).toBeGreaterThanOrEqual(Number(refused.headers["retry-after"]));
    // Other requests of the key still show the key's own limit.
    expect((await request(api.url).get("/templates").set(bearer(key))).headers["ratelimit-limit"]).toBe("50");
  });
});

describe("one limit shared by two API processes", () => {
  const apps: RunningApp[] = [];
  let fx: WorkspaceFixture;
  beforeAll(async () => {
    fx = await createWorkspaceFixture(handle);
    const shared = {
      QUEUE_PREFIX: uniquePrefix("ratelimit"),
      RETENTION_INTERVAL_SECONDS: "0",
      API_RATE_LIMIT_PER_SECOND: "1",
      API_RATE_LIMIT_BURST: "4",
    };
    for (let i = 0; i < 2; i++) {
      const port = String(await freePort());
      apps.push(await startApp("api", testEnv({ ...shared, API_PORT: port }), "API_PORT"));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  it("a key's burst is spent across both processes: 429 with Retry-After from either", async () => {
    const [a, b] = apps as [RunningApp, RunningApp];
    const key = fx.keys["read-only"];
    const get = (app: RunningApp) => request(app.url).get("/emails?limit=1").set(bearer(key));
    // Six requests to each process at once. Separate buckets would let 4 + 4 through.
    const answers = await Promise.all([...Array.from({ length: 6 }, () => get(a)), ...Array.from({ length: 6 }, () => get(b))]);
    const allowed = answers.filter((res) => res.status === 200);
    const refused = answers.filter((res) => res.status === 429);
    expect(allowed.length + refused.length).toBe(12);
    expect(allowed.length).toBeGreaterThanOrEqual(4);
    expect(allowed.length).toBeLessThanOrEqual(5);
    for (const res of refused) {
      expect(res.body.code).toBe("rate_limited");
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(res.headers["ratelimit-remaining"]).toBe("0");
    }
    // Then one after the other, alternating: the bucket is still the same one.
    const next = [await get(a), await get(b)];
    expect(next.filter((res) => res.status === 429).length).toBeGreaterThanOrEqual(1);
  });
});

describe("a workspace's own limit, set with the CLI", () => {
  let api: ApiInstance;
  let fx: WorkspaceFixture;
  beforeAll(async () => {
    api = await startApi({ API_RATE_LIMIT_PER_SECOND: "50", API_RATE_LIMIT_BURST: "100" });
    fx = await createWorkspaceFixture(handle);
  });
  afterAll(() => api.close());

  const get = (key: string) => request(api.url).get("/emails?limit=1").set(bearer(key));

  it("applies on the next request, is shown by the CLI, and goes back to the default", async () => {
    expect((await get(fx.keys["read-only"])).headers["ratelimit-limit"]).toBe("100");

    const set = await runCliJson<{ rateLimit: unknown }>([
      "workspace",
      "set-rate-limit",
      "--workspace",
      fx.workspaceId,
      "--per-second",
      "1",
      "--burst",
      "2",
    ]);
    expect(set.rateLimit).toEqual({ perSecond: 1, burst: 2 });
    const row = await handle.prisma.workspace.findUniqueOrThrow({ where: { id: fx.workspaceId } });
    expect({ perSecond: row.apiRateLimitPerSecond, burst: row.apiRateLimitBurst }).toEqual({ perSecond: 1, burst: 2 });

    const answers = await untilRefused(() => get(fx.keys["full-access"]));
    expect(answers[0]!.headers["ratelimit-limit"]).toBe("2");
    expect(answers[answers.length - 1]!.status).toBe(429);
    expect(answers.length).toBeLessThanOrEqual(4);

    // 0: unlimited for this workspace (no headers, never refused).
    await runCliJson(["workspace", "set-rate-limit", "--workspace", fx.workspaceId, "--per-second", "0"]);
    const unlimited = await Promise.all(Array.from({ length: 10 }, () => get(fx.keys["full-access"])));
    expect(unlimited.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(unlimited[0]!.headers["ratelimit-limit"]).toBeUndefined();

    const reset = await runCliJson<{ rateLimit: unknown }>(["workspace", "set-rate-limit", "--workspace", fx.workspaceId, "--default"]);
    expect(reset.rateLimit).toBeNull();
    expect((await get(fx.testKey)).headers["ratelimit-limit"]).toBe("100");
  });

  it("refuses bad values and unknown workspaces, changing nothing", async () => {
    const failing = async (args: string[], code: number) => {
      const result = await runCli(["workspace", "set-rate-limit", ...args]);
      expect({ code: result.code, stdout: result.stdout }).toEqual({ code, stdout: "" });
      return result.stderr;
    };
    expect(await failing(["--workspace", fx.workspaceId, "--per-second", "-1"], 1)).toContain(
      "per-second: must be an integer from 0 to 100000",
    );
    expect(await failing(["--workspace", fx.workspaceId, "--per-second", "10", "--burst", "0"], 1)).toContain(
      "burst: must be an integer from 1 to 1000000",
    );
    expect(await failing(["--workspace", fx.workspaceId, "--per-second", "1.5"], 1)).toContain("per-second:");
    expect(await failing(["--workspace", fx.workspaceId, "--per-second", "5", "--default"], 2)).toContain(
      "--default takes no --per-second",
    );
    expect(await failing(["--workspace", fx.workspaceId], 2)).toContain("--per-second");
    expect(await failing(["--workspace", "org_doesnotexist", "--per-second", "5"], 1)).toContain("Workspace not found.");
    const row = await handle.prisma.workspace.findUniqueOrThrow({ where: { id: fx.workspaceId } });
    expect(row.apiRateLimitPerSecond).toBeNull();
  });
});

describe("Redis down: the limiter fails open", () => {
  let fx: WorkspaceFixture;
  beforeAll(async () => {
    fx = await createWorkspaceFixture(handle);
  });

  it("sends are accepted and stored, without limit headers, and the failure is logged once, not per request", async () => {
    const { log, lines } = capturingLogger();
    const api = await startApi(
      {
        REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
        ENQUEUE_TIMEOUT_MS: "300",
        API_RATE_LIMIT_PER_SECOND: "1",
        API_RATE_LIMIT_BURST: "1",
      },
      { log },
    );
    try {
      const answers = [];
      for (let i = 0; i < 5; i++)
        answers.push(await request(api.url).post("/emails").set(bearer(fx.keys["send-only"])).send(sendBody(fx.domain)));
      // Far past a burst of 1, and none refused.
      expect(answers.map((res) => res.status)).toEqual([202, 202, 202, 202, 202]);
      expect(answers.every((res) => res.headers["ratelimit-limit"] === undefined)).toBe(true);
      const stored = await handle.prisma.email.findMany({ where: { id: { in: answers.map((res) => res.body.id as string) } } });
      expect(stored.map((row) => row.status)).toEqual(Array(5).fill("queued"));
      const limiterWarnings = lines.filter((line) => line.message.startsWith("request rate limiter unavailable"));
      expect(limiterWarnings).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it("says when it works again, and while it fails logs at most once a minute with how many requests passed", async () => {
    const { log, lines } = capturingLogger();
    const redis = createProducerConnection(testEnv().REDIS_URL!);
    let now = 1_000_000;
    const limiter = new RedisRateLimiter(redis, uniquePrefix("limiter"), log, { clock: () => now });
    const policy = { perSecond: 1, burst: 5 };
    try {
      await new Promise<void>((resolve) => (redis.status === "ready" ? resolve() : redis.once("ready", () => resolve())));
      const first = await limiter.take("key_a", policy);
      expect(first).toEqual({ allowed: true, limit: 5, remaining: 4, retryAfterSeconds: 0, resetSeconds: 1 });

      redis.disconnect();
      for (let i = 0; i < 20; i++) expect(await limiter.take("key_a", policy)).toBeNull();
      now += 61_000;
      expect(await limiter.take("key_a", policy)).toBeNull();
      const warnings = lines.filter((line) => line.message.startsWith("request rate limiter unavailable"));
      expect(warnings).toHaveLength(2);
      expect(warnings[1]!.fields.requestsPassedUnlimited).toBe(20);

      // Connects again, unless the client is already on its way back by itself.
      if (redis.status === "end" || redis.status === "close" || redis.status === "wait") await redis.connect().catch(() => {});
      await new Promise<void>((resolve) => (redis.status === "ready" ? resolve() : redis.once("ready", () => resolve())));
      const back = await limiter.take("key_a", policy);
      expect(back?.allowed).toBe(true);
      expect(lines.filter((line) => line.message === "request rate limiter available again")).toHaveLength(1);
      // The bucket kept its state through the outage: one request before it, one after.
      expect(back?.remaining).toBeLessThanOrEqual(4);
    } finally {
      redis.disconnect();
    }
  });
});
