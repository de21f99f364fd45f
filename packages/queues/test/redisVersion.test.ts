import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { createLogger } from "@svc/logger";
import { TEST_REDIS_URL } from "../../../test/support/env.ts";
import { createProducerConnection, redisVersionProblem, requireRedisVersion } from "../src/index.ts";

const log = createLogger("redis-version-test", "silent");
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

describe("the Redis version check", () => {
  it("names a Redis older than 7 and accepts 7 and later (or one that does not say)", () => {
    expect(redisVersionProblem("# Server\r\nredis_version:6.2.14\r\nredis_mode:standalone\r\n")).toBe(
      "Redis 6.2.14 at REDIS_URL is too old: svc needs Redis 7.0 or later (it uses EXPIRE … NX)",
    );
    expect(redisVersionProblem("# Server\r\nredis_version:7.0.15\r\n")).toBeNull();
    expect(redisVersionProblem("# Server\r\nredis_version:8.2.1\r\n")).toBeNull();
    expect(redisVersionProblem("# Server\r\n")).toBeNull();
  });

  it("passes on the test Redis, and does not hold a start on a Redis that cannot be reached", async () => {
    const redis = createProducerConnection(TEST_REDIS_URL);
    await expect(requireRedisVersion(redis, log)).resolves.toBeUndefined();
    redis.disconnect();

    const gone = createProducerConnection("redis://127.0.0.1:1", { retryStrategy: () => null });
    await expect(requireRedisVersion(gone, log, { readyWaitMs: 200 })).resolves.toBeUndefined();
    gone.disconnect();
  });

  it("stops an app whose start check fails with one line, before it starts", () => {
    const script = [
      'import { createLogger } from "@svc/logger";',
      'import { runApp } from "@svc/runtime";',
      'const log = createLogger("probe", "silent");',
      'const app = { start: async () => { process.stdout.write("started\\n"); return { port: 0 }; }, shutdown: [] };',
      'await runApp("probe", app, log, [], [async () => { throw new Error("Redis 6.2.14 at REDIS_URL is too old: svc needs Redis 7.0 or later (it uses EXPIRE … NX)"); }]);',
    ].join("\n");
    const run = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["--input-type=module", "-e", script], {
      cwd: path.join(root, "apps/api"),
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain("started");
    expect(run.stderr.trim().split("\n")).toEqual([
      "probe could not start: Redis 6.2.14 at REDIS_URL is too old: svc needs Redis 7.0 or later (it uses EXPIRE … NX)",
    ]);
  });
});
