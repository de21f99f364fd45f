import { request } from "node:http";
import { performance } from "node:perf_hooks";
import type { DbHandle } from "@svc/db";
import { createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { type BenchWorkspace, createBenchWorkspace } from "../lib/fixtures.ts";
import { memoryOf, startApp } from "../lib/processes.ts";
import type { BenchResult } from "../lib/result.ts";
import { round, sleep } from "../lib/stats.ts";

/** What the API's resident memory may rise by, whatever the size of the answer. */
const MEMORY_BOUND_MB = { small: 64, large: 128 } as const;
const MB = 1024 * 1024;
/** The peak depends on when V8 happens to collect, so the request is repeated and the worst kept. */
const REPEATS = 3;

interface Fetched {
  status: number;
  bytes: number;
  /** The raw answer: one of large emails can be longer than the longest string V8 can hold. */
  body: Buffer;
  firstByteMs: number;
  lastByteMs: number;
}

/** GET with the key; times to first and last byte, the body kept for checking. */
function get(url: string, apiKey: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = 0;
    const req = request(url, { headers: { authorization: `Bearer ${apiKey}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        if (chunks.length === 0) firstByteMs = performance.now() - started;
        chunks.push(chunk);
      });
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: body.length, body, firstByteMs, lastByteMs: performance.now() - started });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export interface ListBenchmarkOptions {
  name: string;
  emails: number;
  /** Size of each email's html body; the text body is a short line. */
  htmlBytes: number;
}

/**
 * The createdAt values of a JSON array of emails, in order, read from the raw bytes (an answer of
 * large emails may not fit in one string, so it is not parsed whole).
 */
function createdAtsOf(body: Buffer): string[] {
  const marker = Buffer.from('"createdAt":"');
  const found: string[] = [];
  for (let at = body.indexOf(marker); at >= 0; at = body.indexOf(marker, at + marker.length)) {
    found.push(body.toString("latin1", at + marker.length, at + marker.length + 24));
  }
  return found;
}

/**
 * Gives the workspace `emails` delivered emails, one a second back from now (bulk-inserted with
 * generate_series), with html bodies of `htmlBytes` or a typical receipt's when 0.
 */
export async function seedListedEmails(db: DbHandle, workspace: BenchWorkspace, emails: number, htmlBytes: number): Promise<void> {
  await typedPool(db).query(
    `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, html, text, status, provider,
                         "providerMessageId", "createdAt", "sentAt")
     SELECT 'email_' || svc_id_time_part(now() - i * interval '1 second') || lpad(i::text, 16, '0'), $1, $2, 'live', 'Bench <bench@' || $3 || '>', ARRAY['someone' || i || '@example.com'],
            'Your receipt #' || i,
            CASE WHEN $5::int > 0 THEN '<p>' || left(repeat(md5(i::text), $5::int / 32 + 1), $5::int - 7) || '</p>'
                 ELSE '<p>Hello,</p><p>Thanks for your order #' || i || '. Your receipt is attached.</p>' END,
            'Hello, thanks for your order #' || i || '. Your receipt is attached.', 'delivered', 'simulator',
            'pm-list-' || i, now() - i * interval '1 second', now() - i * interval '1 second' + interval '200 milliseconds'
     FROM generate_series(1, $4::int) AS i`,
    [workspace.workspaceId, workspace.apiKeyId, workspace.domain, emails, htmlBytes],
  );
  await typedPool(db).query("VACUUM ANALYZE emails");
}

/**
 * GET /emails for a workspace holding `emails` emails (bulk-inserted with generate_series): time
 * to the last byte, and how far the API process's resident memory rises above where it stood
 * before the request (sampled from /proc every 10 ms, and VmHWM, the kernel's own peak).
 */
export async function runListBenchmark({ name, emails: EMAILS, htmlBytes }: ListBenchmarkOptions): Promise<BenchResult> {
  const env = await createBenchEnvironment(name);
  try {
    const workspace = await createBenchWorkspace(env.db);
    await seedListedEmails(env.db, workspace, EMAILS, htmlBytes);

    // The floor: one query returning the same rows and columns, straight from pg in this process.
    const floorStarted = performance.now();
    const floor = await typedPool(env.db).query(
      `SELECT id, "organizationId", "apiKeyId", "from", "to", subject, html, text, status::text AS status, provider,
              "providerMessageId", "errorMessage", "createdAt", "sentAt", "failedAt"
       FROM emails WHERE "organizationId" = $1 ORDER BY "createdAt" DESC, id DESC`,
      [workspace.workspaceId],
    );
    const floorMs = performance.now() - floorStarted;

    const api = await startApp("api", env.appEnv({ RETENTION_INTERVAL_SECONDS: "0" }));
    try {
      await get(`${api.url}/emails?limit=1000`, workspace.apiKey); // warm-up: code paths and connections
      await sleep(1000);
      const pid = api.scriptPid();
      const before = memoryOf(pid);
      let peakRss = before.rss;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peakRss = Math.max(peakRss, memoryOf(pid).rss);
          await sleep(10);
        }
      })();
      const runs: Array<{ lastByteMs: number; peakRssGrowthMb: number }> = [];
      let fetched: Fetched | null = null;
      for (let i = 0; i < REPEATS; i++) {
        const runPeakBefore = peakRss;
        peakRss = memoryOf(pid).rss;
        fetched = await get(`${api.url}/emails`, workspace.apiKey);
        runs.push({ lastByteMs: round(fetched.lastByteMs, 1), peakRssGrowthMb: round((peakRss - before.rss) / MB, 1) });
        peakRss = Math.max(peakRss, runPeakBefore);
        if (i < REPEATS - 1) await sleep(500);
      }
      if (!fetched) throw new Error("no request made");
      sampling = false;
      await sampler;
      const after = memoryOf(pid);

      const createdAts = createdAtsOf(fetched.body);
      const newestFirst = createdAts.every((at, i) => i === 0 || createdAts[i - 1]! >= at);
      const complete = fetched.body.subarray(-1).toString() === "]";
      const lastByteS = median(runs.map((r) => r.lastByteMs)) / 1000;
      // Large emails: the garbage of the few batches a collection has not reached yet counts too.
      const memoryBoundMb = htmlBytes > 0 ? MEMORY_BOUND_MB.large : MEMORY_BOUND_MB.small;
      const growthMb = round((peakRss - before.rss) / MB, 1);
      const hwmGrowthMb = round((after.hwm - before.hwm) / MB, 1);
      const worst = Math.max(growthMb, hwmGrowthMb);
      return {
        name,
        figure: {
          value: round(lastByteS, 2),
          unit: "s",
          what: `GET /emails, ${EMAILS} emails${htmlBytes > 0 ? ` of ${round(htmlBytes / MB, 1)} MB html` : ""}, time to last byte (median of ${REPEATS})`,
        },
        baseline: { value: round(floorMs / 1000, 2), unit: "s", what: "one pg query for the same rows and columns (no JSON, no HTTP)" },
        ratio: round(median(runs.map((r) => r.lastByteMs)) / floorMs, 2),
        target: { description: `API peak RSS growth < ${memoryBoundMb} MB`, met: worst < memoryBoundMb },
        checks: {
          passed: fetched.status === 200 && complete && createdAts.length === EMAILS && newestFirst && floor.rowCount === EMAILS,
          status: fetched.status,
          emailsReturned: createdAts.length,
          complete,
          newestFirst,
        },
        details: {
          peakRssGrowthMb: growthMb,
          runs,
          vmHwmGrowthMb: hwmGrowthMb,
          rssBeforeMb: round(before.rss / MB, 1),
          peakRssMb: round(peakRss / MB, 1),
          firstByteMs: round(fetched.firstByteMs, 1),

          responseMb: round(fetched.bytes / MB, 1),
          throughputMbPerS: round(fetched.bytes / MB / (fetched.lastByteMs / 1000), 1),
          emailsPerS: round(EMAILS / lastByteS, 0),
        },
      };
    } finally {
      await api.stop();
    }
  } finally {
    await env.dispose();
  }
}

/** 100,000 emails with bodies of a typical receipt's size. */
export default function listBenchmark(): Promise<BenchResult> {
  return runListBenchmark({ name: "list", emails: Number(process.env.BENCH_LIST_EMAILS ?? 100_000), htmlBytes: 0 });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
