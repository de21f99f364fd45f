import { createBenchEnvironment } from "../lib/environment.ts";
import { createBenchWorkspace, emailBody } from "../lib/fixtures.ts";
import { runHttpLoad } from "../lib/load.ts";
import { cpuTimeOf, startApp } from "../lib/processes.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";
import { measureSmtpRelay } from "../lib/smtpLoad.ts";
import { round, sleep } from "../lib/stats.ts";

const CONNECTIONS = Number(process.env.BENCH_SMTP_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_SMTP_DURATION_S ?? 20);
const WARMUP_S = 3;

/**
 * Messages per second through the SMTP relay (10 connections of a real SMTP client, STARTTLS,
 * AUTH once per connection) against POST /emails at the same concurrency, in the same run,
 * with the same message and the same database.
 */
export default async function smtpBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("smtp");
  try {
    const workspace = await createBenchWorkspace(env.db);
    const relay = await measureSmtpRelay(env, workspace, { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S });
    const smtp = relay.load;

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
        smtp: { ...smtp, cpuMsPerMessage: relay.cpuMsPerMessage, rowsStored: relay.rowsStored },
        rest: { ...rest, cpuMsPerRequest: round(restCpuMs / Math.max(1, rest.completed), 3) },
        connections: CONNECTIONS,
        loadGenerator: "both in the bench process: nodemailer (pooled, one connection per client) and autocannon",
      },
    };
  } finally {
    await env.dispose();
  }
}
