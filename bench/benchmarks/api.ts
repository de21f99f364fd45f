import { PLAN_NAMES } from "@svc/core";
import type { Plan } from "@svc/db";
import { measurePostLoad, type PostLoadMeasure, startApiFloor } from "../lib/apiFloor.ts";
import { createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { createBenchWorkspace } from "../lib/fixtures.ts";
import { startApp } from "../lib/processes.ts";
import { queuedRows } from "../lib/queues.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";

const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_API_DURATION_S ?? 30);
const WARMUP_S = 5;
/** The sending workspace's plan: a plan with a daily limit counts every send (unlimited: none). */
const PLAN = (process.env.BENCH_API_PLAN ?? "unlimited") as Plan;
if (!PLAN_NAMES.includes(PLAN)) throw new Error(`BENCH_API_PLAN must be one of ${PLAN_NAMES.join(", ")}`);

/**
 * POST /emails at a fixed concurrency against the real API process (full-access key, verified
 * domain, unlimited plan unless BENCH_API_PLAN says otherwise), then the same load against the
 * baseline program in the same run.
 */
export default async function apiBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("api");
  try {
    const workspace = await createBenchWorkspace(env.db, "Bench", null, PLAN);
    const rowsOf = async () =>
      Number(
        (
          await typedPool(env.db).query<{ n: string }>(`SELECT count(*) AS n FROM emails WHERE "organizationId" = $1`, [
            workspace.workspaceId,
          ])
        ).rows[0]?.n,
      );

    // The retention job is off so that nothing but requests runs in the process.
    const api = await startApp("api", env.appEnv({ RETENTION_INTERVAL_SECONDS: "0" }));
    const loadOptions = { databaseUrl: env.databaseUrl, connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S };
    let app: PostLoadMeasure;
    try {
      app = await measurePostLoad({ url: api.url, proc: api }, workspace, loadOptions);
    } finally {
      await api.stop();
    }
    const apiRows = await rowsOf();
    const apiAccepted = app.warmup.ok2xx + app.load.ok2xx;

    const floor = await startApiFloor(env, workspace);
    let baseline: PostLoadMeasure;
    try {
      baseline = await measurePostLoad(floor, workspace, loadOptions);
    } finally {
      await floor.proc.stop();
    }
    const allRows = await rowsOf();
    const baselineAccepted = baseline.warmup.ok2xx + baseline.load.ok2xx;
    // Concurrent sends of a workspace written in one statement share a job: count what jobs carry.
    const queued = await queuedRows(env.redisUrl, env.queuePrefix, "sendEmail");

    const failures = app.load.non2xx + app.load.errors + app.warmup.non2xx + app.warmup.errors;
    // A request still in flight when the load stops may commit a row without being counted, so
    // rows can exceed answers by up to the connection count; the reverse would be loss.
    const lost = Math.max(0, apiAccepted - apiRows) + Math.max(0, baselineAccepted - (allRows - apiRows));
    const ratio = ratioOf(app.load.requestsPerSecond, baseline.load.requestsPerSecond);
    return {
      name: "api",
      figure: {
        value: app.load.requestsPerSecond,
        unit: "req/s",
        what: `POST /emails, ${CONNECTIONS} connections, ${DURATION_S} s${PLAN === "unlimited" ? "" : `, ${PLAN} plan`}`,
      },
      baseline: {
        value: baseline.load.requestsPerSecond,
        unit: "req/s",
        what: "node:http + JSON.parse + one pg INSERT (same row) + one BullMQ Queue.add (same queue/job options)",
      },
      ratio,
      target: { description: "API >= 0.6 x baseline", met: ratio >= 0.6 },
      checks: {
        passed: failures === 0 && lost === 0 && baseline.load.non2xx + baseline.load.errors === 0 && queued.rows === allRows,
        apiFailedRequests: failures,
        baselineFailedRequests: baseline.load.non2xx + baseline.load.errors,
        acceptedWithoutRow: lost,
        rowsWithoutJob: allRows - queued.rows,
      },
      details: {
        api: { ...app.load, cpuMsPerRequest: app.cpuMsPerRequest, postgresBackends: app.postgres.averageBackends },
        baseline: { ...baseline.load, cpuMsPerRequest: baseline.cpuMsPerRequest, postgresBackends: baseline.postgres.averageBackends },
        connections: CONNECTIONS,
        warmupS: WARMUP_S,
        rows: { api: apiRows, baseline: allRows - apiRows },
        answered2xx: { api: apiAccepted, baseline: baselineAccepted },
        jobsQueued: queued.jobs,
        enqueue: "BullMQ Queue.add (the same call the API's producer makes), not a bare LPUSH",
      },
    };
  } finally {
    await env.dispose();
  }
}
