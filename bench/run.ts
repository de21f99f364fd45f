/**
 * `pnpm bench [name…]`: runs each named benchmark (all of them when none is named), one after
 * another, and prints one JSON line per benchmark, also written to bench/results/<name>.json.
 * Exits non-zero when a benchmark fails or its checks show loss or failure; a missed target is
 * reported in the line, not as a failure.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { machineTimes } from "./lib/cpu.ts";
import { machineInfo } from "./lib/machine.ts";
import { REPO_ROOT, RESULTS_DIR, resultFile } from "./lib/paths.ts";
import type { Benchmark, BenchResult, RunConditions } from "./lib/result.ts";

const BENCHMARKS: Record<string, () => Promise<{ default: Benchmark }>> = {
  api: () => import("./benchmarks/api.ts"),
  pipeline: () => import("./benchmarks/pipeline.ts"),
  "pipeline-ses": () => import("./benchmarks/pipelineSes.ts"),
  "pipeline-ses-2regions": () => import("./benchmarks/pipelineSes2Regions.ts"),
  ingest: () => import("./benchmarks/ingest.ts"),
  dispatch: () => import("./benchmarks/dispatch.ts"),
  replay: () => import("./benchmarks/replay.ts"),
  list: () => import("./benchmarks/list.ts"),
  "list-large": () => import("./benchmarks/listLarge.ts"),
  batch: () => import("./benchmarks/batch.ts"),
  scale: () => import("./benchmarks/scale.ts"),
  smtp: () => import("./benchmarks/smtp.ts"),
  inbound: () => import("./benchmarks/inbound.ts"),
  templates: () => import("./benchmarks/templates.ts"),
  idle: () => import("./benchmarks/idle.ts"),
  retention: () => import("./benchmarks/retention.ts"),
  erasure: () => import("./benchmarks/erasure.ts"),
};

/** HEAD, marked `+dirty` when the code under measurement (apps/, packages/) differs from it. */
function commitUnderTest(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "apps", "packages"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    return dirty ? `${head}+dirty` : head;
  } catch {
    return "unknown";
  }
}

const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/** Below this share of the cores busy, the machine counts as quiet. */
const QUIET_BUSY_SHARE = 0.15;
const SETTLE_LIMIT_MS = 60_000;

/**
 * Waits (up to a minute) until the cores were less than 15 % busy over one second, and returns
 * that second's share. The 1-minute load average lags the work that raised it by a minute; this
 * says whether the previous benchmark's processes and Postgres's background work have finished.
 */
async function settle(): Promise<number> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  for (;;) {
    const before = machineTimes();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = machineTimes();
    const share = (after.busyMs - before.busyMs) / Math.max(1, after.totalMs - before.totalMs);
    if (share < QUIET_BUSY_SHARE || Date.now() > deadline) return Math.round(share * 1000) / 1000;
  }
}

async function main(): Promise<number> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0) {
    process.stderr.write(`unknown benchmark(s): ${unknown.join(", ")}; known: ${Object.keys(BENCHMARKS).join(", ")}\n`);
    return 2;
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const machine = await machineInfo();
  writeFileSync(path.join(RESULTS_DIR, "machine.json"), `${JSON.stringify(machine, null, 2)}\n`);

  let failed = 0;
  for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
    const busyShareBefore = await settle();
    const started = Date.now();
    const conditions: Omit<RunConditions, "durationS" | "loadAverageAfter"> = {
      date: new Date(started).toISOString(),
      commit: commitUnderTest(),
      loadAverageBefore: loadAverage(),
      busyShareBefore,
    };
    let line: (BenchResult & { conditions: RunConditions }) | { name: string; error: string; conditions: RunConditions };
    try {
      const module = await BENCHMARKS[name]!();
      const result = await module.default();
      line = {
        ...result,
        conditions: { ...conditions, durationS: Math.round((Date.now() - started) / 1000), loadAverageAfter: loadAverage() },
      };
      if (!result.checks.passed) failed += 1;
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      line = {
        name,
        error: message,
        conditions: { ...conditions, durationS: Math.round((Date.now() - started) / 1000), loadAverageAfter: loadAverage() },
      };
    }
    process.stdout.write(`${JSON.stringify(line)}\n`);
    writeFileSync(resultFile(name, "json"), `${JSON.stringify(line, null, 2)}\n`);
  }
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
