/**
 * How often a fresh API process keeps its listings' garbage: the `list` row's intermittent mode,
 * counted over many processes rather than one per `pnpm bench list`. One workspace of 100,000
 * emails is seeded once; then each of BENCH_LIST_PROCESSES fresh API processes (default 10) serves
 * the `list` row's warm-up and three whole listings; its resident memory and its V8 heap in use
 * (from its /metrics) are read after each. A process whose resident memory grew by more than
 * 20 MB (a good one grows by about 5) counts as retaining.
 *
 *   node_modules/.bin/tsx bench/tools/listRetention.ts
 */
import { request } from "node:http";
import { seedListedEmails } from "../benchmarks/list.ts";
import { createBenchEnvironment } from "../lib/environment.ts";
import { createBenchWorkspace } from "../lib/fixtures.ts";
import { memoryOf, startApp } from "../lib/processes.ts";
import { round, sleep } from "../lib/stats.ts";

const EMAILS = 100_000;
const PROCESSES = Number(process.env.BENCH_LIST_PROCESSES ?? 10);
const RETAINING_MB = 20;
const MB = 1024 * 1024;

/** Reads a whole answer and drops it; resolves with its byte count. */
function drain(url: string, apiKey: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${apiKey}` } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function heapUsedMb(apiUrl: string): Promise<number> {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
  const match = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? ([0-9.e+]+)/m.exec(text);
  return match ? Number(match[1]) / MB : Number.NaN;
}

const env = await createBenchEnvironment("list-retention");
try {
  const workspace = await createBenchWorkspace(env.db);
  await seedListedEmails(env.db, workspace, EMAILS, 0);
  let retaining = 0;
  for (let i = 1; i <= PROCESSES; i++) {
    const api = await startApp("api", env.appEnv({ RETENTION_INTERVAL_SECONDS: "0" }));
    try {
      await drain(`${api.url}/emails?limit=1000`, workspace.apiKey);
      await sleep(1000);
      const heapBefore = await heapUsedMb(api.url);
      const rssBefore = memoryOf(api.scriptPid()).rss;
      const growth: string[] = [];
      let rssGrowth = 0;
      for (let listing = 0; listing < 3; listing++) {
        await drain(`${api.url}/emails`, workspace.apiKey);
        rssGrowth = (memoryOf(api.scriptPid()).rss - rssBefore) / MB;
        growth.push(`rss +${round(rssGrowth, 1)} / heap ${round((await heapUsedMb(api.url)) - heapBefore, 1)} MB`);
      }
      if (rssGrowth > RETAINING_MB) retaining++;
      console.log(`process ${i}: ${growth.join(", ")}${rssGrowth > RETAINING_MB ? "  RETAINING" : ""}`);
    } finally {
      await api.stop();
    }
  }
  console.log(`${retaining} of ${PROCESSES} processes retained more than ${RETAINING_MB} MB after three listings`);
} finally {
  await env.dispose();
}
