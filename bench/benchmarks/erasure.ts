import { performance } from "node:perf_hooks";
import pg from "pg";
import { seedEmails, seedSubscription } from "../../test/support/erasureData.ts";
import { createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { createBenchWorkspace, emailBody } from "../lib/fixtures.ts";
import { runHttpLoad } from "../lib/load.ts";
import { startApp } from "../lib/processes.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";
import { round, sleep } from "../lib/stats.ts";

/** Rows each seeded email stands for: the email, its event, the event's delivery and its attempt. */
const ROWS_PER_EMAIL = 4;
const PERSON = "erase.me@example.org";

/**
 * An erasure of one address with BENCH_ERASURE_ROWS rows (1,000,000 by default: a quarter emails,
 * each with its event, delivery and attempt), run by the api's own erasure runner while the same
 * api takes POST /emails: (a) rows erased per second, from the erasure's start to its completion,
 * and (b) the p99 of POST /emails during the erasure against (c) the p99 of the same load with no
 * erasure (target: at most 1.5 ×). The load runs BENCH_ERASURE_LOAD_SECONDS (10) each time; at
 * small sizes the erasure ends before the load does (`details.erasureOutlastedLoad` says so), and
 * the p99 comparison then means little. Run it on a quiet machine.
 */
export default async function erasureBenchmark(): Promise<BenchResult> {
  const rows = Number(process.env.BENCH_ERASURE_ROWS ?? 1_000_000);
  const loadSeconds = Number(process.env.BENCH_ERASURE_LOAD_SECONDS ?? 10);
  const emails = Math.max(1, Math.round(rows / ROWS_PER_EMAIL));
  const env = await createBenchEnvironment("erasure");
  // Filling a million rows takes longer than the service's statement timeout: a pool of its own.
  const fillPool = new pg.Pool({ connectionString: env.databaseUrl, max: 1 });
  try {
    const pool = typedPool(env.db);
    const workspace = await createBenchWorkspace(env.db, "Erasure");
    const subscriptionId = await seedSubscription(fillPool, workspace.workspaceId);
    const seeded = await seedEmails(fillPool, workspace, { to: [PERSON], count: emails, subscriptionId, chunk: 10_000 });
    await fillPool.query("ANALYZE");

    const api = await startApp("api", env.appEnv({ RETENTION_INTERVAL_SECONDS: "0", ERASURE_POLL_INTERVAL_MS: "3600000" }));
    try {
      const headers = { authorization: `Bearer ${workspace.apiKey}`, "content-type": "application/json" };
      const load = (offset: number) =>
        runHttpLoad({
          url: `${api.url}/emails`,
          method: "POST",
          headers,
          connections: 8,
          durationS: loadSeconds,
          body: (n) => emailBody(workspace.domain, "someone@example.com", offset + n),
        });
      await load(0); // warm-up: code paths and connections
      await sleep(1000);
      const quiet = await load(1_000_000);

      const started = await fetch(`${api.url}/erasures`, { method: "POST", headers, body: JSON.stringify({ addresses: [PERSON] }) });
      const erasure = (await started.json()) as { id: string };
      const startedAt = performance.now();
      const during = await load(2_000_000);
      const loadEndedAt = performance.now();
      let view: { status: string; receipt: { removed: Record<string, number> }; startedAt: string; completedAt: string | null };
      for (;;) {
        view = (await (await fetch(`${api.url}/erasures/${erasure.id}`, { headers })).json()) as typeof view;
        if (view.status === "completed" || view.status === "failed") break;
        await sleep(200);
      }
      const erasureMs = new Date(view.completedAt ?? Date.now()).getTime() - new Date(view.startedAt).getTime();
      const erased = Object.values(view.receipt.removed).reduce((sum, n) => sum + n, 0);
      const rowsPerSecond = erased / (erasureMs / 1000);
      const left = Number(
        (await pool.query(`SELECT count(*) FROM emails WHERE id = ANY ($1::text[])`, [seeded.emailIds.slice(0, 10_000)])).rows[0].count,
      );
      const checks = {
        completed: view.status === "completed",
        erasedEveryEmail: view.receipt.removed.emails === emails,
        erasedEveryRow: erased === emails * ROWS_PER_EMAIL,
        nothingLeft: left === 0,
        quietLoadOk: quiet.non2xx === 0 && quiet.errors === 0,
        loadDuringErasureOk: during.non2xx === 0 && during.errors === 0,
      };
      return {
        name: "erasure",
        figure: { value: round(rowsPerSecond, 0), unit: "rows/s", what: `rows erased per second (one address, ${erased} rows)` },
        baseline: null,
        ratio: ratioOf(during.latencyMs.p99, quiet.latencyMs.p99),
        target: {
          description: "p99 of POST /emails during the erasure at most 1.5 × its p99 without",
          met: during.latencyMs.p99 <= 1.5 * quiet.latencyMs.p99,
        },
        checks: { passed: Object.values(checks).every(Boolean), ...checks },
        details: {
          rows: emails * ROWS_PER_EMAIL,
          emails,
          erasureMs: round(erasureMs, 0),
          erasureOutlastedLoad: erasureMs > loadEndedAt - startedAt,
          postEmailsP99Ms: { quiet: quiet.latencyMs.p99, duringErasure: during.latencyMs.p99 },
          postEmailsPerSecond: { quiet: quiet.requestsPerSecond, duringErasure: during.requestsPerSecond },
          receipt: view.receipt,
        },
      };
    } finally {
      await api.stop();
    }
  } finally {
    await fillPool.end();
    await env.dispose();
  }
}
