import path from "node:path";
import { startDnsServer } from "../../test/support/dns-server.ts";
import { createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { createBenchReceivingDomain, createBenchWorkspace, createSubscription } from "../lib/fixtures.ts";
import { buildSignedReply } from "../lib/inboundMessage.ts";
import { REPO_ROOT } from "../lib/paths.ts";
import { cpuTimeOf, freePort, spawnScript } from "../lib/processes.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";
import { measureSmtpRelay, runSmtpLoad, type SmtpLoadResult } from "../lib/smtpLoad.ts";
import { round, sleep } from "../lib/stats.ts";

const CONNECTIONS = Number(process.env.BENCH_INBOUND_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_INBOUND_DURATION_S ?? 20);
const MESSAGE_BYTES = Number(process.env.BENCH_INBOUND_MESSAGE_BYTES ?? 50 * 1024);
const WARMUP_S = 3;
const MX_HOST = "mx.bench.example.com";
const SENDER = "bounces@customer.bench.example.org";

interface StoredCheck {
  rows: number;
  /** Accepted messages with no row. */
  lost: number;
  /** Rows beyond one per accepted message (stored twice, or stored though refused). */
  extra: number;
  /** Rows whose SPF, DKIM and DMARC verdicts all pass. */
  authenticated: number;
  /** `received` deliveries written for the stored rows (one subscription). */
  deliveries: number;
}

/**
 * Messages per second through the built-in MX receiver (apps/inbound, its own process): 10
 * connections of a real SMTP client (opportunistic STARTTLS, as mail servers deliver), each
 * sending a DKIM-signed 50 KB reply to a routed address of a verified receiving domain back to
 * back. SPF, DKIM and DMARC are checked for real against a DNS server in the bench process that
 * publishes the sender's records, so no lookup leaves the machine. Compared with the SMTP relay's
 * outbound rate measured as the `smtp` benchmark does, in the same run and database.
 */
export default async function inboundBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("inbound");
  const dns = await startDnsServer();
  try {
    const workspace = await createBenchWorkspace(env.db);
    const receivingDomain = await createBenchReceivingDomain(env.db, workspace, MX_HOST);
    // Deliveries are written and queued as in production; no dispatcher runs, so they stay pending.
    await createSubscription(env.db, env.webhookSecretKey, {
      workspaceId: workspace.workspaceId,
      url: "http://127.0.0.1:9/received",
      events: ["received"],
    });
    const recipient = `support@${receivingDomain}`;
    const reply = await buildSignedReply({ from: SENDER, to: `Support <${recipient}>`, targetBytes: MESSAGE_BYTES });
    for (const record of reply.txtRecords) dns.setTxt(record.name, [record.value]);

    const [smtpPort, healthPort] = [await freePort(), await freePort()];
    const inbound = await spawnScript({
      label: "inbound",
      script: path.join(REPO_ROOT, "apps/inbound/src/main.ts"),
      env: env.appEnv({
        INBOUND_PORT: String(smtpPort),
        INBOUND_HEALTH_PORT: String(healthPort),
        INBOUND_HOSTNAME: MX_HOST,
        DNS_SERVERS: dns.address,
        DNS_TIMEOUT_MS: "1000",
        // Every client is 127.0.0.1: the per-address limit would measure itself.
        INBOUND_RATE_PER_MINUTE: "1000000",
      }),
      healthUrl: `http://127.0.0.1:${healthPort}/healthz`,
    });
    let warmup: SmtpLoadResult;
    let load: SmtpLoadResult;
    let cpuMs: number;
    let dnsQueries: number;
    try {
      const run = (durationS: number, first: number) =>
        runSmtpLoad({
          connections: CONNECTIONS,
          durationS,
          first,
          transport: {
            host: "127.0.0.1",
            port: smtpPort,
            secure: false,
            name: "mta.customer.bench.example.org",
            // Mail servers deliver with opportunistic TLS and accept any certificate; the
            // receiver presents smtp-server's built-in one.
            requireTLS: true,
            tls: { rejectUnauthorized: false },
          },
          message: (n) => ({ envelope: { from: SENDER, to: [recipient] }, raw: reply.copy(n) }),
        });
      warmup = await run(WARMUP_S, 0);
      const cpuBefore = cpuTimeOf(inbound.scriptPid());
      const queriesBefore = dns.queries.length;
      load = await run(DURATION_S, 1_000_000);
      cpuMs = cpuTimeOf(inbound.scriptPid()) - cpuBefore;
      dnsQueries = dns.queries.length - queriesBefore;
      await sleep(1000);
    } finally {
      await inbound.stop();
    }
    const stored = await checkStored(env.db, workspace.workspaceId, [...warmup.acceptedNumbers, ...load.acceptedNumbers], reply.numberIn);

    const relay = await measureSmtpRelay(env, workspace, { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S });

    const refused = warmup.refused + load.refused;
    const { acceptedNumbers: _, ...inboundLoad } = load;
    return {
      name: "inbound",
      figure: {
        value: load.messagesPerSecond,
        unit: "messages/s",
        what: `built-in MX receiver, ${CONNECTIONS} connections (STARTTLS), DKIM-signed ${round(reply.bytes / 1024)} KB replies, SPF/DKIM/DMARC checked, ${DURATION_S} s`,
      },
      baseline: {
        value: relay.load.messagesPerSecond,
        unit: "messages/s",
        what: `SMTP relay outbound as the smtp benchmark measures it (${CONNECTIONS} connections, STARTTLS, AUTH, its small message), same run`,
      },
      ratio: ratioOf(load.messagesPerSecond, relay.load.messagesPerSecond),
      target: { description: "reported, no target", met: true },
      checks: {
        passed:
          refused === 0 &&
          stored.lost === 0 &&
          stored.extra === 0 &&
          stored.authenticated === stored.rows &&
          stored.deliveries === stored.rows &&
          relay.load.refused === 0,
        inboundRefused: refused,
        lost: stored.lost,
        extraRows: stored.extra,
        notAuthenticated: stored.rows - stored.authenticated,
        missingDeliveries: stored.rows - stored.deliveries,
        relayRefused: relay.load.refused,
      },
      details: {
        inbound: {
          ...inboundLoad,
          cpuMsPerMessage: round(cpuMs / Math.max(1, load.accepted), 3),
          messageBytes: reply.bytes,
          dnsQueriesPerMessage: round(dnsQueries / Math.max(1, load.accepted + load.refused), 2),
          warmupAccepted: warmup.accepted,
          stored,
        },
        relay: { ...relay.load, cpuMsPerMessage: relay.cpuMsPerMessage, rowsStored: relay.rowsStored },
        connections: CONNECTIONS,
        loadGenerator:
          "the bench process: nodemailer (pooled, one connection per client), copies of one signed message; the DNS server answering mailauth",
      },
    };
  } finally {
    await dns.close();
    await env.dispose();
  }
}

/** Matches the stored rows to the accepted messages by the number in each Message-ID. */
async function checkStored(
  db: Parameters<typeof typedPool>[0],
  workspaceId: string,
  accepted: readonly number[],
  numberIn: (messageId: string) => number | null,
): Promise<StoredCheck> {
  const { rows } = await typedPool(db).query<{ messageId: string | null; authenticated: boolean; deliveries: string }>(
    `SELECT e."messageId",
            (e.verdicts->'spf'->>'result' = 'pass' AND e.verdicts->'dkim'->>'result' = 'pass'
              AND e.verdicts->'dmarc'->>'result' = 'pass') AS authenticated,
            (SELECT count(*) FROM webhook_deliveries d WHERE d."inboundEmailId" = e.id AND d."eventType" = 'received') AS deliveries
       FROM inbound_emails e WHERE e."workspaceId" = $1`,
    [workspaceId],
  );
  const storedNumbers = new Map<number, number>();
  for (const row of rows) {
    const n = row.messageId === null ? null : numberIn(row.messageId);
    if (n !== null) storedNumbers.set(n, (storedNumbers.get(n) ?? 0) + 1);
  }
  const lost = accepted.filter((n) => !storedNumbers.has(n)).length;
  return {
    rows: rows.length,
    lost,
    extra: rows.length - (accepted.length - lost),
    authenticated: rows.filter((row) => row.authenticated).length,
    deliveries: rows.reduce((sum, row) => sum + Number(row.deliveries), 0),
  };
}
