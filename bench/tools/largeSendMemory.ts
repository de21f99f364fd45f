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
 *
 * FILE_STORE=s3 measures the object-store path: without S3_ENDPOINT, aws-local serves S3 in this
 * process (its memory is not the api's) with the bucket the api is given.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { startAwsLocal } from "@svc/aws-local";
import { createDb } from "@svc/db";
import { createWorkspaceFixture } from "../../test/support/fixtures.ts";
import { freePort } from "../../test/support/stack.ts";
import { memoryOf, nodePidOf } from "../lib/processes.ts";

const sizesMb = process.argv.slice(2).map(Number);
const MB = 1024 * 1024;

const db = createDb({ url: process.env.DATABASE_URL!, poolSize: 2 });
const s3 = process.env.FILE_STORE === "s3" && !process.env.S3_ENDPOINT ? await startAwsLocal({ s3Buckets: ["bench-files"] }) : null;
const s3Env = s3
  ? {
      S3_ENDPOINT: s3.url,
      S3_BUCKET: "bench-files",
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: "bench",
      AWS_SECRET_ACCESS_KEY: "bench",
    }
  : {};
const fx = await createWorkspaceFixture(db);
const port = await freePort();
const child = spawn("node_modules/.bin/tsx", ["apps/api/src/main.ts"], {
  env: {
    ...process.env,
    ...s3Env,
    API_PORT: String(port),
    LOG_LEVEL: "warn",
    RETENTION_INTERVAL_SECONDS: "0",
    QUEUE_PREFIX: `mem-${process.pid}`,
  },
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
    attachments: [{ filename: "scan.tiff", content: Buffer.alloc(Math.round(sizeMb * MB), 7).toString("base64") }],
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
    `${JSON.stringify({ fileStore: process.env.FILE_STORE ?? "postgres", attachmentMb: sizeMb, bodyMb: Math.round(bodyMb * 10) / 10, status: res.status, ms, rssBeforeMb: Math.round(before / 1024), peakRssMb: Math.round(peak / 1024), peakGrowthMb: Math.round((peak - before) / 1024), growthPerBodyByte: Math.round(((peak - before) / 1024 / bodyMb) * 10) / 10 })}\n`,
  );
  await res.text();
}

child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
await db.close();
await s3?.close();
