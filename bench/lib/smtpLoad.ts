import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { type BenchEnvironment, typedPool } from "./environment.ts";
import { type BenchWorkspace, emailBody } from "./fixtures.ts";
import { REPO_ROOT } from "./paths.ts";
import { cpuTimeOf, freePort, spawnScript } from "./processes.ts";
import { distribution, round, sleep } from "./stats.ts";

export interface SmtpLoadResult {
  messagesPerSecond: number;
  accepted: number;
  refused: number;
  latencyMs: ReturnType<typeof distribution>;
  durationS: number;
  /** The numbers `message` was called with for the messages answered 250, for a loss check. */
  acceptedNumbers: number[];
}

/**
 * `connections` nodemailer clients, each on one kept-open connection (pooled, one connection
 * each, as a pooled client keeps them), each sending its next message as soon as the last one is
 * answered. `message(n)` makes message number n (n counts up from `first` across all clients).
 */
export async function runSmtpLoad(options: {
  connections: number;
  durationS: number;
  first: number;
  transport: SMTPPool.Options;
  message: (n: number) => Mail.Options;
}): Promise<SmtpLoadResult> {
  const latencies: number[] = [];
  const acceptedNumbers: number[] = [];
  let refused = 0;
  let n = options.first;
  const started = Date.now();
  const until = started + options.durationS * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const client = nodemailer.createTransport({ ...options.transport, pool: true, maxConnections: 1, maxMessages: Infinity });
      try {
        while (Date.now() < until) {
          const i = n++;
          const message = options.message(i);
          const sent = Date.now();
          try {
            await client.sendMail(message);
            acceptedNumbers.push(i);
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
    messagesPerSecond: round(acceptedNumbers.length / durationS, 1),
    accepted: acceptedNumbers.length,
    refused,
    latencyMs: distribution(latencies),
    durationS: round(durationS, 2),
    acceptedNumbers,
  };
}

export interface RelayMeasurement {
  load: Omit<SmtpLoadResult, "acceptedNumbers">;
  cpuMsPerMessage: number;
  /** Rows in `emails` for the workspace once the relay has stopped (warm-up included). */
  rowsStored: number;
}

/**
 * The SMTP relay (apps/smtp, its own process) as the `smtp` benchmark measures it: STARTTLS, AUTH
 * once per connection with the workspace's key, the api benchmark's small message with its own
 * Message-ID, a warm-up and then `durationS`; the relay's CPU per accepted message.
 */
export async function measureSmtpRelay(
  env: BenchEnvironment,
  workspace: BenchWorkspace,
  options: { connections: number; durationS: number; warmupS: number },
): Promise<RelayMeasurement> {
  const tlsDir = mkdtempSync(path.join(os.tmpdir(), "svc-bench-smtp-"));
  try {
    const [smtpPort, healthPort] = [await freePort(), await freePort()];
    const relay = await spawnScript({
      label: "smtp",
      script: path.join(REPO_ROOT, "apps/smtp/src/main.ts"),
      env: env.appEnv({ SMTP_PORT: String(smtpPort), SMTPS_PORT: "0", SMTP_HEALTH_PORT: String(healthPort), SMTP_TLS_DIR: tlsDir }),
      healthUrl: `http://127.0.0.1:${healthPort}/healthz`,
    });
    let load: SmtpLoadResult;
    let cpuMs: number;
    try {
      const ca = readFileSync(path.join(tlsDir, "tls-localhost.pem"), "utf8");
      const started = Date.now();
      const run = (durationS: number, first: number) =>
        runSmtpLoad({
          connections: options.connections,
          durationS,
          first,
          transport: {
            host: "127.0.0.1",
            port: smtpPort,
            secure: false,
            requireTLS: true,
            tls: { ca, servername: "localhost" },
            auth: { user: "svc", pass: workspace.apiKey },
          },
          // The same small message as the API benchmark's body, with its own Message-ID.
          message: (i) => ({
            ...(JSON.parse(emailBody(workspace.domain, "someone@example.com", i)) as Record<string, string | string[]>),
            messageId: `<bench-${i}-${started}@${workspace.domain}>`,
          }),
        });
      await run(options.warmupS, 0);
      const cpuBefore = cpuTimeOf(relay.scriptPid());
      load = await run(options.durationS, 1_000_000);
      cpuMs = cpuTimeOf(relay.scriptPid()) - cpuBefore;
      await sleep(1000);
    } finally {
      await relay.stop();
    }
    const rowsStored = Number(
      (
        await typedPool(env.db).query<{ n: string }>(`SELECT count(*) AS n FROM emails WHERE "organizationId" = $1`, [
          workspace.workspaceId,
        ])
      ).rows[0]?.n,
    );
    const { acceptedNumbers: _, ...summary } = load;
    return { load: summary, cpuMsPerMessage: round(cpuMs / Math.max(1, load.accepted), 3), rowsStored };
  } finally {
    rmSync(tlsDir, { recursive: true, force: true });
  }
}
