import { describe, expect, it } from "@jest/globals";
import { createLogger } from "@svc/logger";
import { isRedisUnavailable, workerErrorListener } from "../src/workerErrors.ts";

function capturingLogger() {
  const lines: Array<{ level: number; message: string; fields: Record<string, unknown> }> = [];
  const log = createLogger("worker-errors-test", "info", {
    hooks: {
      logMethod(args, _method, level) {
        const [first, second] = args as unknown[];
        lines.push({
          level,
          message: typeof second === "string" ? second : String(first),
          fields: typeof first === "object" && first !== null ? (first as Record<string, unknown>) : {},
        });
      },
    },
  });
  return { log, lines };
}

// What ioredis reported while a test cluster's primary died and its replica took over.
const FAILOVER_ERRORS = [
  "Too many Cluster redirections. Last error: ReplyError: MOVED 5023 127.0.0.1:7100",
  "Too many Cluster redirections. Last error: Error: Connection is closed.",
  "Connection is closed.",
  "connect ECONNREFUSED 127.0.0.1:7102",
  "CLUSTERDOWN The cluster is down",
].map((message) => new Error(message));

describe("worker errors", () => {
  it("tells Redis being away or failing over from the service's own errors", () => {
    expect(FAILOVER_ERRORS.every(isRedisUnavailable)).toBe(true);
    const cluster = new Error("Failed to refresh slots cache.");
    cluster.name = "ClusterAllFailedError";
    expect(isRedisUnavailable(cluster)).toBe(true);
    expect(isRedisUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isRedisUnavailable(new Error("ERR Error running script: attempt to compare nil with number"))).toBe(false);
  });

  it("says a failover once per interval as a warning with how many errors it stands for; anything else stays an error", () => {
    const { log, lines } = capturingLogger();
    let now = 0;
    const listener = workerErrorListener(log, "send worker", () => now);
    for (const error of FAILOVER_ERRORS) listener(error);
    now = 29_000;
    listener(FAILOVER_ERRORS[0]!);
    now = 31_000;
    listener(FAILOVER_ERRORS[1]!);
    listener(new TypeError("a bug"));

    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings.map((line) => line.fields.errors)).toEqual([1, 6]);
    expect(warnings[0]!.message).toContain("Redis is unavailable or failing over");
    expect(warnings.every((line) => !("err" in line.fields))).toBe(true);
    const errors = lines.filter((line) => line.level >= 50);
    expect(errors.map((line) => line.message)).toEqual(["send worker error"]);
  });
});
