import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createBenchEnvironment } from "../lib/environment.ts";
import { REPO_ROOT } from "../lib/paths.ts";
import { startPipeline } from "../lib/pipeline.ts";
import { cpuTimeOf, freePort, type Process, spawnScript } from "../lib/processes.ts";
import type { BenchResult } from "../lib/result.ts";
import { round, sleep } from "../lib/stats.ts";

/**
 * Long enough for start-up to be over: V8's memory reducer runs its rounds of full collections
 * some 20 to 40 s after a process's start-up allocations stop, which is start-up's cost, not what
 * an idle install pays every minute (with 15 s, a slow machine put them inside the window).
 */
const SETTLE_S = Number(process.env.BENCH_IDLE_SETTLE_S ?? 60);
const DURATION_S = Number(process.env.BENCH_IDLE_DURATION_S ?? 30);
/** The bound: an install with nothing to do costs each process under 1 % of a core. */
const MAX_CORE_SHARE = 0.01;

/** An app without an HTTP port variable of `startApp`'s kind: its own ports and health server. */
async function startSideApp(env: Record<string, string>, app: string, ports: Record<string, number>, healthPort: number): Promise<Process> {
  return spawnScript({
    label: app,
    script: path.join(REPO_ROOT, "apps", app, "src", "main.ts"),
    env: { ...env, ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])) },
    healthUrl: `http://127.0.0.1:${healthPort}/healthz`,
  });
}

/**
 * All seven processes of `npm start` on the simulator, started and left alone: after they settle,
 * the CPU each uses over 30 s with nothing sent (after a minute), as a share of one core. Timers, sweepers, queue
 * polling and metrics are what an idle install pays for.
 */
export default async function idleBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("idle");
  const tlsDir = mkdtempSync(path.join(os.tmpdir(), "svc-bench-idle-tls-"));
  const side: Process[] = [];
  try {
    const stack = await startPipeline(env);
    try {
      const dashboardPort = await freePort();
      side.push(await startSideApp(env.appEnv(stack.settings), "dashboard", { DASHBOARD_PORT: dashboardPort }, dashboardPort));
      const smtpHealth = await freePort();
      side.push(
        await startSideApp(
          { ...env.appEnv(stack.settings), SMTP_TLS_DIR: tlsDir },
          "smtp",
          { SMTP_PORT: await freePort(), SMTPS_PORT: 0, SMTP_HEALTH_PORT: smtpHealth },
          smtpHealth,
        ),
      );
      const inboundHealth = await freePort();
      side.push(
        await startSideApp(
          env.appEnv(stack.settings),
          "inbound",
          { INBOUND_PORT: await freePort(), INBOUND_HEALTH_PORT: inboundHealth },
          inboundHealth,
        ),
      );
      const processes = [...stack.apps, ...side];
      await sleep(SETTLE_S * 1000);
      const before = new Map(processes.map((proc) => [proc.label, cpuTimeOf(proc.scriptPid())]));
      await sleep(DURATION_S * 1000);
      const shares = Object.fromEntries(
        processes.map((proc) => [
          proc.label,
          round((cpuTimeOf(proc.scriptPid()) - (before.get(proc.label) ?? 0)) / (DURATION_S * 1000), 4),
        ]),
      );
      const highest = Math.max(...Object.values(shares));
      const busiest = Object.entries(shares).find(([, share]) => share === highest)?.[0] ?? "";
      return {
        name: "idle",
        figure: {
          value: round(highest * 100, 2),
          unit: "% of a core",
          what: `the busiest process (${busiest}) of ${processes.length}, nothing sent, ${DURATION_S} s`,
        },
        baseline: null,
        ratio: null,
        target: { description: "every process < 1 % of a core with nothing to do", met: highest < MAX_CORE_SHARE },
        checks: { passed: true },
        details: { coreShareByProcess: shares, settleS: SETTLE_S, durationS: DURATION_S },
      };
    } finally {
      for (const proc of side.reverse()) await proc.stop();
      await stack.stop();
    }
  } finally {
    rmSync(tlsDir, { recursive: true, force: true });
    await env.dispose();
  }
}
