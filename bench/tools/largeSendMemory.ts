/**
 * Peak memory of the api process for POST /emails with large attachments: starts the api as its
 * own process (as in production), sends one request of each size in turn, and reports the body
 * size and the process's resident set (VmRSS before, VmHWM peak during, reset between requests
 * through /proc/<pid>/clear_refs).
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/<db> REDIS_URL=redis://127.0.0.1:6379/<n> \
 *     node_modules/.bin/tsx bench/tools/largeSendMemory.ts [attachment MB …]
 *
 * The database must be migrated; a workspace with a verified domain is created in it.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createDb } from "@svc/db";
import { createWorkspaceFixture } from "../../test/support/fixtures.ts";
import { freePort } from "../../test/support/stack.ts";
import { memoryOf, nodePidOf } from "../lib/processes.ts";

const sizesMb = process.argv.slice(2).map(Number);
const MB = 1024 * 1024;

const db = createDb({ url: process.env.DATABASE_URL!, poolSize: 2 });
const fx = await createWorkspaceFixture(db);
const port = await freePort();
const child = spawn("node_modules/.bin/tsx", ["apps/api/src/main.ts"], {
  env: { ...process.env, API_PORT: String(port), LOG_LEVEL: "warn", RETENTION_INTERVAL_SECONDS: "0", QUEUE_PREFIX: `mem-${process.pid}` },
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
// A small send first, so that what is measured is the large body, not the first request's warm-up.
const small = { from: `a@${fx.domain}`, to: "b@example.com", subject: "warm-up", text: "x" };
await fetch(`${url}/emails`, {
  method: "POST",
  headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
  body: JSON.stringify(small),
});

for (const sizeMb of sizesMb.length > 0 ? sizesMb : [1, 10, 28]) {
  const body = JSON.stringify({
    ...small,
    subject: `${sizeMb} MB`,
    attachments: [{ filename: "scan.tiff", content: Buffer.alloc(sizeMb * MB, 7).toString("base64") }],
  });
  await new Promise((r) => setTimeout(r, 2000));
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const before = memoryOf(pid).rss / 1024;
  const started = Date.now();
  const res = await fetch(`${url}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
    body,
  });
  const ms = Date.now() - started;
  const peak = memoryOf(pid).hwm / 1024;
  const bodyMb = Buffer.byteLength(body) / MB;
  process.stdout.write(
    `${JSON.stringify({ attachmentMb: sizeMb, bodyMb: Math.round(bodyMb * 10) / 10, status: res.status, ms, rssBeforeMb: Math.round(before / 1024), peakRssMb: Math.round(peak / 1024), peakGrowthMb: Math.round((peak - before) / 1024), growthPerBodyByte: Math.round(((peak - before) / 1024 / bodyMb) * 10) / 10 })}\n`,
  );
  await res.text();
}

child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
await db.close();
