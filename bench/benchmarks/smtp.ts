import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { createBenchWorkspace, emailBody } from "../lib/fixtures.ts";
import { runHttpLoad } from "../lib/load.ts";
import { REPO_ROOT } from "../lib/paths.ts";
import { cpuTimeOf, freePort, spawnScript, startApp } from "../lib/processes.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";
import { distribution, round, sleep } from "../lib/stats.ts";

const CONNECTIONS = Number(process.env.BENCH_SMTP_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_SMTP_DURATION_S ?? 20);
const WARMUP_S = 3;

interface SmtpLoadResult {
  messagesPerSecond: number;
  accepted: number;
  refused: number;
  latencyMs: ReturnType<typeof distribution>;
  durationS: number;
}

/**
 * `connections` nodemailer clients, each on one kept-open STARTTLS connection (authenticated once,
 * as a pooled client is), each sending its next message as soon as the last one is answered.
 */
async function runSmtpLoad(options: {
  port: number;
  ca: string;
  apiKey: string;
  domain: string;
  durationS: number;
  first: number;
}): Promise<SmtpLoadResult> {
  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let n = options.first;
  const started = Date.now();
  const until = started + options.durationS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = nodemailer.createTransport({
        host: "127.0.0.1",
        port: options.port,
        secure: false,
        requireTLS: true,
        tls: { ca: options.ca, servername: "localhost" },
        auth: { user: "svc", pass: options.apiKey },
        pool: true,
        maxConnections: 1,
        maxMessages: Infinity,
      });
      try {
        while (Date.now() < until) {
          const i = n++;
          const sent = Date.now();
          try {
            // The same small message as the API benchmark's body, with its own Message-ID.
            const body = JSON.parse(emailBody(options.domain, "someone@example.com", i)) as Record<string, string | string[]>;
            await client.sendMail({ ...body, messageId: `<bench-${i}-${started}@${options.domain}>` });
            accepted += 1;
            latencies.push(Date.now() - sent);
          } catch {
            refused += 1;
          }
        }
      } finally {
        client.close();
      }
    }),
  );
  const durationS = (Date.now() - started) / 1000;
  return {
    messagesPerSecond: round(accepted / durationS, 1),
    accepted,
    refused,
    latencyMs: distribution(latencies),
    durationS: round(durationS, 2),
  };
}

/**
 * Messages per second through the SMTP relay (10 connections of a real SMTP client, STARTTLS,
 * AUTH once per connection) against POST /emails at the same concurrency, in the same run,
 * with the same message and the same database.
 */
export default async function smtpBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("smtp");
  const tlsDir = mkdtempSync(path.join(os.tmpdir(), "svc-bench-smtp-"));
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

    const [smtpPort, healthPort] = [await freePort(), await freePort()];
    const relay = await spawnScript({
      label: "smtp",
      script: path.join(REPO_ROOT, "apps/smtp/src/main.ts"),
      env: env.appEnv({ SMTP_PORT: String(smtpPort), SMTPS_PORT: "0", SMTP_HEALTH_PORT: String(healthPort), SMTP_TLS_DIR: tlsDir }),
      healthUrl: `http://127.0.0.1:${healthPort}/healthz`,
    });
    let smtp: SmtpLoadResult;
    let smtpCpuMs: number;
    try {
      const ca = readFileSync(path.join(tlsDir, "tls-localhost.pem"), "utf8");
      const load = { port: smtpPort, ca, apiKey: workspace.apiKey, domain: workspace.domain };
      await runSmtpLoad({ ...load, durationS: WARMUP_S, first: 0 });
      const cpuBefore = cpuTimeOf(relay.scriptPid());
      smtp = await runSmtpLoad({ ...load, durationS: DURATION_S, first: 1_000_000 });
      smtpCpuMs = cpuTimeOf(relay.scriptPid()) - cpuBefore;
      await sleep(1000);
    } finally {
      await relay.stop();
    }
    const smtpRows = await rowsOf();

    const api = await startApp("api", env.appEnv({ RETENTION_INTERVAL_SECONDS: "0" }));
    let rest: Awaited<ReturnType<typeof runHttpLoad>>;
    let restCpuMs: number;
    try {
      const load = (durationS: number) =>
        runHttpLoad({
          url: `${api.url}/emails`,
          method: "POST",
          headers: { authorization: `Bearer ${workspace.apiKey}`, "content-type": "application/json" },
          connections: CONNECTIONS,
          durationS,
          body: (n) => emailBody(workspace.domain, "someone@example.com", n),
        });
      await load(WARMUP_S);
      const cpuBefore = cpuTimeOf(api.scriptPid());
      rest = await load(DURATION_S);
      restCpuMs = cpuTimeOf(api.scriptPid()) - cpuBefore;
      await sleep(1000);
    } finally {
      await api.stop();
    }

    const ratio = ratioOf(smtp.messagesPerSecond, rest.requestsPerSecond);
    return {
      name: "smtp",
      figure: {
        value: smtp.messagesPerSecond,
        unit: "messages/s",
        what: `SMTP relay, ${CONNECTIONS} connections (STARTTLS, AUTH once each), ${DURATION_S} s`,
      },
      baseline: { value: rest.requestsPerSecond, unit: "req/s", what: `POST /emails, ${CONNECTIONS} connections, same message` },
      ratio,
      target: {
        description: "reported, no target (SMTP carries TLS, MIME parsing and a Message-ID idempotency transaction per message)",
        met: true,
      },
      checks: {
        passed: smtp.refused === 0 && rest.non2xx + rest.errors === 0,
        smtpRefused: smtp.refused,
        restFailed: rest.non2xx + rest.errors,
      },
      details: {
        smtp: { ...smtp, cpuMsPerMessage: round(smtpCpuMs / Math.max(1, smtp.accepted), 3), rowsStored: smtpRows },
        rest: { ...rest, cpuMsPerRequest: round(restCpuMs / Math.max(1, rest.completed), 3) },
        connections: CONNECTIONS,
        loadGenerator: "both in the bench process: nodemailer (pooled, one connection per client) and autocannon",
      },
    };
  } finally {
    rmSync(tlsDir, { recursive: true, force: true });
    await env.dispose();
  }
}
