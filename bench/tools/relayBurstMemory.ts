/**
 * Peak memory of the SMTP relay under a burst of large messages: starts the relay as its own
 * process (as in production), warms it up with one small message, then sends N messages of about
 * M MB each at once, each over its own connection (nodemailer, STARTTLS), and reports every
 * answer, the relay's resident set (VmRSS before, VmHWM peak during) against its
 * SMTP_MESSAGE_BUDGET_MB, whether it is still running, and whether every accepted message has its
 * email.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/<db> REDIS_URL=redis://127.0.0.1:6379/<n> \
 *     node_modules/.bin/tsx bench/tools/relayBurstMemory.ts [messages=10] [MB=30] [budget MB=256]
 *
 * The database must be migrated; a workspace with a verified domain is created in it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "@svc/db";
import nodemailer from "nodemailer";
import { createWorkspaceFixture } from "../../test/support/fixtures.ts";
import { freePort } from "../../test/support/stack.ts";
import { memoryOf, nodePidOf } from "../lib/processes.ts";

const [messages = 10, sizeMb = 30, budgetMb = 256] = process.argv.slice(2).map(Number);
const MB = 1024 * 1024;

const db = createDb({ url: process.env.DATABASE_URL!, poolSize: 2 });
const fx = await createWorkspaceFixture(db, { plan: "unlimited" });
const [smtpPort, healthPort] = [await freePort(), await freePort()];
const tlsDir = mkdtempSync(path.join(os.tmpdir(), "svc-relay-bench-"));
const child = spawn("node_modules/.bin/tsx", ["apps/smtp/src/main.ts"], {
  env: {
    ...process.env,
    SMTP_PORT: String(smtpPort),
    SMTPS_PORT: "0",
    SMTP_HEALTH_PORT: String(healthPort),
    SMTP_TLS_DIR: tlsDir,
    SMTP_MESSAGE_BUDGET_MB: String(budgetMb),
    LOG_LEVEL: "warn",
    QUEUE_PREFIX: `relay-mem-${process.pid}`,
    API_RATE_LIMIT_PER_SECOND: "0",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
for (let i = 0; ; i++) {
  if (
    await fetch(`http://127.0.0.1:${healthPort}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 300) throw new Error("the relay did not start");
  await new Promise((r) => setTimeout(r, 100));
}
const pid = nodePidOf(child.pid!);

const client = () =>
  nodemailer.createTransport({
    host: "127.0.0.1",
    port: smtpPort,
    secure: false,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user: "svc", pass: fx.keys["send-only"] },
  });
const send = (subject: string, attachmentBytes: number) =>
  client()
    .sendMail({
      from: `hello@${fx.domain}`,
      to: "someone@example.org",
      subject,
      text: "See the attachment.",
      messageId: `<${subject.replace(/\W/g, "-")}-${Date.now()}@${fx.domain}>`,
      ...(attachmentBytes > 0 ? { attachments: [{ filename: "scan.tiff", content: Buffer.alloc(attachmentBytes, 7) }] } : {}),
    })
    .then(
      (info) => ({ reply: info.response, id: /queued as (email_\w+)/.exec(info.response)?.[1] ?? null }),
      (error: { response?: string; message: string }) => ({ reply: error.response ?? error.message, id: null }),
    );

await send("warm-up", 0);
await new Promise((r) => setTimeout(r, 2000));
writeFileSync(`/proc/${pid}/clear_refs`, "5");
const before = memoryOf(pid).rss;
// Base64 of the attachment (4/3, plus line breaks) makes a message of about sizeMb.
const attachmentBytes = Math.floor(((sizeMb * MB) / 4) * 3 * (76 / 78));
const started = Date.now();
const results = await Promise.all(Array.from({ length: messages }, (_, n) => send(`burst ${n}`, attachmentBytes)));
const ms = Date.now() - started;
const peak = memoryOf(pid).hwm;
const alive = child.exitCode === null && child.signalCode === null;

const accepted = results.filter((result) => result.id !== null).map((result) => result.id!);
const stored =
  accepted.length === 0 ? 0 : Number((await db.pool.query("SELECT count(*) FROM emails WHERE id = ANY($1)", [accepted])).rows[0].count);
const replies: Record<string, number> = {};
for (const { reply } of results) {
  const key = reply.replace(/email_\w+/, "email_…");
  replies[key] = (replies[key] ?? 0) + 1;
}
process.stdout.write(
  `${JSON.stringify(
    {
      messages,
      messageMb: sizeMb,
      budgetMb,
      ms,
      replies,
      accepted: accepted.length,
      acceptedWithEmail: stored,
      relayAlive: alive,
      rssBeforeMb: Math.round(before / MB),
      peakRssMb: Math.round(peak / MB),
      peakOverBudgetMb: Math.round(peak / MB - budgetMb),
    },
    null,
    2,
  )}\n`,
);

child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
rmSync(tlsDir, { recursive: true, force: true });
await db.close();
