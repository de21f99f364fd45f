import path from "node:path";
import { postEmails } from "./emailPoster.ts";
import type { BenchEnvironment } from "./environment.ts";
import { emailBody } from "./fixtures.ts";
import { type HttpLoadResult, runHttpLoad } from "./load.ts";
import { BENCH_ROOT } from "./paths.ts";
import { type PgActivity, samplePgActivity } from "./pgActivity.ts";
import { cpuTimeOf, freePort, type Process, spawnScript } from "./processes.ts";
import { round, sleep } from "./stats.ts";

export interface PostLoadMeasure {
  load: HttpLoadResult;
  warmup: HttpLoadResult;
  cpuMsPerRequest: number;
  postgres: PgActivity;
}

/** Warm up, then measure, a server on `url` under POST /emails load; CPU is read from `proc`. */
export async function measurePostLoad(
  server: { url: string; proc: Process },
  sender: { apiKey: string; domain: string },
  options: { databaseUrl: string; connections: number; durationS: number; warmupS: number },
): Promise<PostLoadMeasure> {
  const load = (durationS: number) =>
    runHttpLoad({
      url: `${server.url}/emails`,
      method: "POST",
      headers: { authorization: `Bearer ${sender.apiKey}`, "content-type": "application/json" },
      connections: options.connections,
      durationS,
      body: (n) => emailBody(sender.domain, "someone@example.com", n),
    });
  const warmup = await load(options.warmupS);
  const pid = server.proc.scriptPid();
  const cpuBefore = cpuTimeOf(pid);
  const activity = samplePgActivity(options.databaseUrl);
  const measured = await load(options.durationS);
  const cpuMs = cpuTimeOf(pid) - cpuBefore;
  const postgres = await activity.stop();
  // Requests still in flight when the load generator stopped finish before the process is stopped.
  await sleep(2000);
  return { load: measured, warmup, cpuMsPerRequest: round(cpuMs / Math.max(1, measured.completed), 3), postgres };
}

/**
 * CPU per request of a server on `url` under POST /emails paced at `ratePerSecond` (one request
 * every 1000/rate ms, whatever the answers do, as the pipeline's paced runs post): what the same
 * work costs when requests come one at a time rather than together. Null when a POST failed.
 */
export async function measurePacedPosts(
  server: { url: string; proc: Process },
  sender: { apiKey: string; domain: string },
  options: { ratePerSecond: number; durationS: number },
): Promise<number | null> {
  const pid = server.proc.scriptPid();
  const cpuBefore = cpuTimeOf(pid);
  const count = Math.max(1, Math.round(options.ratePerSecond * options.durationS));
  const posted = await postEmails({
    apiUrl: server.url,
    apiKey: sender.apiKey,
    domain: sender.domain,
    count,
    ratePerSecond: options.ratePerSecond,
  });
  const cpuMs = cpuTimeOf(pid) - cpuBefore;
  return posted.failures > 0 ? null : round(cpuMs / count, 3);
}

/**
 * The API's floor: the cheapest program that accepts an email as the API does (node:http,
 * JSON.parse, one INSERT of the same row, one BullMQ add to the same queue), run with
 * `QUEUE_PREFIX` given so that its jobs can be kept apart from a running pipeline's.
 */
export async function startApiFloor(
  env: BenchEnvironment,
  workspace: { workspaceId: string; apiKeyId: string },
  settings: Record<string, string> = {},
): Promise<{ url: string; proc: Process }> {
  const port = await freePort();
  const proc = await spawnScript({
    label: "api-baseline",
    script: path.join(BENCH_ROOT, "baselines/apiBaseline.ts"),
    env: env.appEnv({
      ...settings,
      PORT: String(port),
      BASELINE_WORKSPACE_ID: workspace.workspaceId,
      BASELINE_API_KEY_ID: workspace.apiKeyId,
    }),
    healthUrl: `http://127.0.0.1:${port}/healthz`,
  });
  return { url: `http://127.0.0.1:${port}`, proc };
}
