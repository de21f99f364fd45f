/**
 * A burst of large POST /emails from one key against the api as its own process (as in
 * production): `count` concurrent sends with a file of `attachmentMb`, all at once. Reports the
 * answers by status, the process's resident set before and at its peak (VmHWM, reset first
 * through /proc/<pid>/clear_refs) against the configured body budget, and checks that every 202
 * has its email row. Extra env (API_BODY_MEMORY_BUDGET_MB, API_BODY_BUDGET_WORKSPACE_SHARE) is
 * passed to the api.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/<db> REDIS_URL=redis://127.0.0.1:6379/<n> \
 *     node_modules/.bin/tsx bench/tools/largeSendBurst.ts [count=50] [attachmentMb=27]
 *
 * A 27 MB file makes a 37 MB body. The database must be migrated; a workspace with a verified
 * domain is created in it. Exits non-zero when an answer is a 500, a 202 has no row, or the peak
 * passes the budget plus the stated margin.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createDb } from "@svc/db";
import { createWorkspaceFixture } from "../../test/support/fixtures.ts";
import { freePort } from "../../test/support/stack.ts";
import { memoryOf, nodePidOf } from "../lib/processes.ts";
import { postEmailBody } from "../lib/rawPost.ts";

const count = Number(process.argv[2] ?? 50);
const attachmentMb = Number(process.argv[3] ?? 27);
const MB = 1024 * 1024;
/** What the process may take beyond the budget: buffers of refused bodies being dropped, GC slack. */
const MARGIN_MB = 128;

const db = createDb({ url: process.env.DATABASE_URL!, poolSize: 2 });
const fx = await createWorkspaceFixture(db);
const port = await freePort();
const child = spawn("node_modules/.bin/tsx", ["apps/api/src/main.ts"], {
  env: { ...process.env, API_PORT: String(port), LOG_LEVEL: "warn", RETENTION_INTERVAL_SECONDS: "0", QUEUE_PREFIX: `burst-${process.pid}` },
  stdio: ["ignore", "inherit", "inherit"],
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (
    await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 300) throw new Error("the api did not start");
  await new Promise((r) => setTimeout(r, 100));
}
const pid = nodePidOf(child.pid!);
const budgetMb =
  Number(/"?svc_api_body_budget_bytes(?:\{[^}]*\})? (\d+)/.exec(await (await fetch(`${url}/metrics`)).text())?.[1] ?? 0) / MB;
const small = { from: `a@${fx.domain}`, to: "b@example.com", subject: "warm-up", text: "x" };
await postEmailBody(url, fx.keys["full-access"], Buffer.from(JSON.stringify(small)));

const body = Buffer.from(
  JSON.stringify({
    ...small,
    subject: "burst",
    attachments: [{ filename: "scan.tiff", content: Buffer.alloc(attachmentMb * MB, 7).toString("base64") }],
  }),
);
await new Promise((r) => setTimeout(r, 2000));
writeFileSync(`/proc/${pid}/clear_refs`, "5");
const before = memoryOf(pid).rss / 1024;
const started = Date.now();
const answers = await Promise.all(Array.from({ length: count }, () => postEmailBody(url, fx.keys["full-access"], body)));
const ms = Date.now() - started;
const peak = memoryOf(pid).hwm / 1024;

const byStatus: Record<number, number> = {};
for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
const ids = answers.filter((a) => a.status === 202).map((a) => (JSON.parse(a.text) as { id: string }).id);
const rows = await db.prisma.email.count({ where: { id: { in: ids } } });
const busyWithoutRetryAfter = answers.filter((a) => a.status === 503 && !a.retryAfter).length;
const report = {
  count,
  bodyMb: Math.round((body.length / MB) * 10) / 10,
  ms,
  byStatus,
  acceptedWithRow: `${rows}/${ids.length}`,
  busyWithoutRetryAfter,
  budgetMb,
  marginMb: MARGIN_MB,
  rssBeforeMb: Math.round(before / 1024),
  peakRssMb: Math.round(peak / 1024),
  peakGrowthMb: Math.round((peak - before) / 1024),
};
process.stdout.write(`${JSON.stringify(report)}\n`);

child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
await db.close();
const failed =
  (byStatus[500] ?? 0) > 0 || rows !== ids.length || busyWithoutRetryAfter > 0 || peak - before > (budgetMb + MARGIN_MB) * 1024;
process.exit(failed ? 1 : 0);
