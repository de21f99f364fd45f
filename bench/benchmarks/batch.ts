import { createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { createBenchWorkspace, emailBody } from "../lib/fixtures.ts";
import { type HttpLoadResult, runHttpLoad } from "../lib/load.ts";
import { cpuTimeOf, startApp } from "../lib/processes.ts";
import { queuedRows } from "../lib/queues.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";
import { round, sleep } from "../lib/stats.ts";

const BATCH_SIZE = 100;
/** Single sends need many requests in flight to keep the API busy; batches need few. */
const SINGLE_CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const BATCH_CONNECTIONS = Number(process.env.BENCH_BATCH_CONNECTIONS ?? 4);
const DURATION_S = Number(process.env.BENCH_BATCH_DURATION_S ?? 20);
const WARMUP_S = 5;

interface Phase {
  load: HttpLoadResult;
  /** Emails accepted per second: requests per second times the emails each request carries. */
  emailsPerSecond: number;
  cpuMsPerEmail: number;
  acceptedEmails: number;
}

/** A batch request body: BATCH_SIZE emails, numbered from `n * BATCH_SIZE`. */
function batchBody(domain: string, n: number): string {
  return `[${Array.from({ length: BATCH_SIZE }, (_, i) => emailBody(domain, "someone@example.com", n * BATCH_SIZE + i)).join(",")}]`;
}

/**
 * Emails accepted per second through POST /emails/batch (100 emails a request) against single
 * POST /emails, both against the same API process in the same run, same workspace (unlimited
 * plan, verified domain), same email bodies.
 */
export default async function batchBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("batch");
  try {
    const workspace = await createBenchWorkspace(env.db);
    const rowsOf = async () =>
      Number(
        (
          await typedPool(env.db).query<{ n: string }>(`SELECT count(*) AS n FROM emails WHERE "organizationId" = $1`, [
            workspace.workspaceId,
          ])
        ).rows[0]?.n,
      );
    const api = await startApp("api", env.appEnv({ RETENTION_INTERVAL_SECONDS: "0" }));
    const headers = { authorization: `Bearer ${workspace.apiKey}`, "content-type": "application/json" };

    const phase = async (path: string, connections: number, emailsPerRequest: number, body: (n: number) => string): Promise<Phase> => {
      const load = (durationS: number) => runHttpLoad({ url: `${api.url}${path}`, method: "POST", headers, connections, durationS, body });
      const warmup = await load(WARMUP_S);
      const pid = api.scriptPid();
      const cpuBefore = cpuTimeOf(pid);
      const measured = await load(DURATION_S);
      const cpuMs = cpuTimeOf(pid) - cpuBefore;
      await sleep(2000);
      return {
        load: measured,
        emailsPerSecond: round(measured.requestsPerSecond * emailsPerRequest, 1),
        cpuMsPerEmail: round(cpuMs / Math.max(1, measured.completed * emailsPerRequest), 3),
        acceptedEmails: (warmup.ok2xx + measured.ok2xx) * emailsPerRequest,
      };
    };

    let single: Phase;
    let batch: Phase;
    let singleRows: number;
    try {
      single = await phase("/emails", SINGLE_CONNECTIONS, 1, (n) => emailBody(workspace.domain, "someone@example.com", n));
      singleRows = await rowsOf();
      batch = await phase("/emails/batch", BATCH_CONNECTIONS, BATCH_SIZE, (n) => batchBody(workspace.domain, n));
    } finally {
      await api.stop();
    }
    const allRows = await rowsOf();
    const queued = await queuedRows(env.redisUrl, env.queuePrefix, "sendEmail");
    const failures = (phase: Phase) => phase.load.non2xx + phase.load.errors;
    // Rows may exceed answers by what was in flight when a load stopped; fewer rows would be loss.
    const lost = Math.max(0, single.acceptedEmails - singleRows) + Math.max(0, batch.acceptedEmails - (allRows - singleRows));
    const ratio = ratioOf(batch.emailsPerSecond, single.emailsPerSecond);
    return {
      name: "batch",
      figure: {
        value: batch.emailsPerSecond,
        unit: "emails/s",
        what: `POST /emails/batch, ${BATCH_SIZE} emails a request, ${BATCH_CONNECTIONS} connections, ${DURATION_S} s`,
      },
      baseline: {
        value: single.emailsPerSecond,
        unit: "emails/s",
        what: `POST /emails, ${SINGLE_CONNECTIONS} connections, ${DURATION_S} s, same API process`,
      },
      ratio,
      target: { description: "batch >= 5 x single sends", met: ratio >= 5 },
      checks: {
        passed: failures(single) === 0 && failures(batch) === 0 && lost === 0 && queued.rows === allRows,
        singleFailedRequests: failures(single),
        batchFailedRequests: failures(batch),
        acceptedWithoutRow: lost,
        rowsWithoutJob: allRows - queued.rows,
      },
      details: {
        single: { ...single.load, emailsPerSecond: single.emailsPerSecond, cpuMsPerEmail: single.cpuMsPerEmail },
        batch: { ...batch.load, emailsPerSecond: batch.emailsPerSecond, cpuMsPerEmail: batch.cpuMsPerEmail },
        rows: { single: singleRows, batch: allRows - singleRows },
        jobsQueued: queued.jobs,
        warmupS: WARMUP_S,
      },
    };
  } finally {
    await env.dispose();
  }
}
