import { performance } from "node:perf_hooks";
import { CertificateCache, certUrlPolicy, SnsVerifier } from "@svc/sns";
import { startCpuMeter } from "../lib/cpu.ts";
import { type BenchEnvironment, createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { type BenchWorkspace, createBenchWorkspace, createSubscription } from "../lib/fixtures.ts";
import { runHttpLoad } from "../lib/load.ts";
import { samplePgActivity } from "../lib/pgActivity.ts";
import { startApp } from "../lib/processes.ts";
import { queuedRows } from "../lib/queues.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";
import { type CertificateHost, serveSigningCertificate, signedDeliveryNotification } from "../lib/sns.ts";
import { round } from "../lib/stats.ts";

const NOTIFICATIONS = Number(process.env.BENCH_INGEST_NOTIFICATIONS ?? 6000);
const WARMUP = 300;
const CONNECTIONS = 32;

/**
 * `count` sent emails (with provider message ids) and one signed Delivery notification for each.
 * Their ids are time ids of now, as the service mints them, with the one-character `tag` first
 * in the tail (the 15th character of the id).
 */
async function emailsWithNotifications(
  env: BenchEnvironment,
  workspace: BenchWorkspace,
  host: CertificateHost,
  tag: string,
  count: number,
): Promise<string[]> {
  const inserted = await typedPool(env.db).query<{ id: string; pmid: string }>(
    `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, text, status, provider, "providerMessageId", "sentAt")
     SELECT 'email_' || svc_id_time_part(now()) || $3 || lpad(i::text, 15, '0'), $1, $2, 'live', 'Bench <bench@bench.example.com>', ARRAY['someone@example.com'],
            'Ingest bench ' || i, 'Hello', 'sent', 'simulator', 'pm-' || $3 || '-' || i, now()
     FROM generate_series(1, $4::int) AS i
     RETURNING id, "providerMessageId" AS pmid`,
    [workspace.workspaceId, workspace.apiKeyId, tag, count],
  );
  return inserted.rows.map((row) =>
    signedDeliveryNotification(host, { emailId: row.id, providerMessageId: row.pmid, recipient: "someone@example.com" }),
  );
}

/**
 * Signed SNS notifications per second through the ingest process: signature verification,
 * the event row, one webhook delivery row (a subscription on `delivered`) and its job. The
 * baseline is the verification alone (parse, checks, RSA-SHA256 verify with the cached
 * certificate) in a loop in one process.
 */
export default async function ingestBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("ingest");
  const host = await serveSigningCertificate();
  try {
    const workspace = await createBenchWorkspace(env.db);
    // The deliveries' target is never called: no dispatcher runs in this benchmark.
    await createSubscription(env.db, env.webhookSecretKey, {
      workspaceId: workspace.workspaceId,
      url: "http://127.0.0.1:9/webhooks",
      events: ["delivered"],
    });
    const warmupBodies = await emailsWithNotifications(env, workspace, host, "w", WARMUP);
    const bodies = await emailsWithNotifications(env, workspace, host, "m", NOTIFICATIONS);

    const ingest = await startApp(
      "ingest",
      env.appEnv({ EMAIL_PROVIDER: "simulator", SNS_TRUST_SIMULATOR: "true", SIMULATOR_CERT_URL: host.certUrl }),
    );
    const post = (list: string[]) =>
      runHttpLoad({
        url: `${ingest.url}/sns/ses`,
        method: "POST",
        headers: { "content-type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification" },
        connections: CONNECTIONS,
        amount: list.length,
        body: (n) => list[n % list.length]!,
      });
    let measured;
    let cpu;
    let postgres;
    let startedMs;
    try {
      await post(warmupBodies);
      const meter = startCpuMeter([ingest]);
      const activity = samplePgActivity(env.databaseUrl);
      startedMs = Date.now();
      measured = await post(bodies);
      cpu = meter.stop(NOTIFICATIONS);
      postgres = await activity.stop();
    } finally {
      await ingest.stop();
    }

    const baseline = await verificationLoop(host, bodies);
    const stored = await typedPool(env.db).query<{ events: string; deliveries: string }>(
      `SELECT (SELECT count(*) FROM email_events) AS events, (SELECT count(*) FROM webhook_deliveries) AS deliveries`,
    );
    const events = Number(stored.rows[0]?.events);
    const deliveries = Number(stored.rows[0]?.deliveries);
    const queued = await queuedRows(env.redisUrl, env.queuePrefix, "webhookDelivery");
    const expected = WARMUP + NOTIFICATIONS;
    // autocannon notices that an `amount` run is over only at its next one-second tick, so its
    // duration overstates the run by up to a second (rates came out as 6,000 / 5.02, 6.02 or
    // 7.02 s). The run ends with the last measured notification's statement, whose start
    // Postgres recorded (same clock); the few milliseconds until its answer are not counted.
    const lastStored = await typedPool(env.db).query<{ lastMs: string }>(
      `SELECT extract(epoch FROM max("createdAt")) * 1000 AS "lastMs" FROM email_events WHERE substr("emailId", 15, 1) = 'm'`,
    );
    const durationS = Math.min(measured.durationS, (Number(lastStored.rows[0]?.lastMs) - startedMs) / 1000);
    const perSecond = round(measured.completed / durationS, 1);
    return {
      name: "ingest",
      figure: {
        value: perSecond,
        unit: "notifications/s",
        what: `${NOTIFICATIONS} signed SNS Delivery notifications, ${CONNECTIONS} connections`,
      },
      baseline: {
        value: baseline,
        unit: "verifications/s",
        what: "SnsVerifier.verify (parse, checks, RSA-SHA256 with the cached certificate) in a loop, one process",
      },
      ratio: ratioOf(perSecond, baseline),
      target: { description: ">= 1,000 notifications/s", met: perSecond >= 1000 },
      checks: {
        passed: measured.non2xx + measured.errors === 0 && events === expected && deliveries === expected && queued.rows === expected,
        failedRequests: measured.non2xx + measured.errors,
        eventsMissing: expected - events,
        deliveriesMissing: expected - deliveries,
        queuedDeliveriesMissing: expected - queued.rows,
      },
      details: {
        load: { ...measured, requestsPerSecond: perSecond, durationS: round(durationS, 3), autocannonDurationS: measured.durationS },
        cpu,
        postgresBackends: postgres.averageBackends,
        stored: { events, deliveries, jobsQueued: queued.jobs, deliveriesQueued: queued.rows },
      },
    };
  } finally {
    await host.close();
    await env.dispose();
  }
}

/** Verifications per second of the same messages, with the certificate already cached. */
async function verificationLoop(host: CertificateHost, bodies: string[]): Promise<number> {
  const verifier = new SnsVerifier({
    certUrls: certUrlPolicy("^$", [host.certUrl]),
    topicArns: [],
    certificates: new CertificateCache({ fetchText: async () => host.identity.certificatePem }),
  });
  for (const body of bodies.slice(0, 200)) await verifier.verify(JSON.parse(body)); // warm-up, and the cache
  const started = performance.now();
  let ok = 0;
  for (const body of bodies) if ((await verifier.verify(JSON.parse(body))).ok) ok += 1;
  const elapsed = performance.now() - started;
  if (ok !== bodies.length) throw new Error(`baseline: ${bodies.length - ok} messages did not verify`);
  return round((bodies.length / elapsed) * 1000, 1);
}
