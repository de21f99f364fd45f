import { setWorkspaceRegions } from "@svc/core";
import { startCpuMeter } from "./cpu.ts";
import { postEmails } from "./emailPoster.ts";
import type { BenchEnvironment } from "./environment.ts";
import { type BenchWorkspace, createBenchWorkspace, createSubscription } from "./fixtures.ts";
import { fillHistory } from "./history.ts";
import { startPgBackendCpu } from "./pgBackendCpu.ts";
import { type StatementTotals, startPgStatements } from "./pgStatements.ts";
import { type App, freePort, type Process, startApp } from "./processes.ts";
import { type Receiver, startReceiver } from "./receiver.ts";
import { type RedisCommandCost, startRedisCommands } from "./redisCommands.ts";
import { runSesSetup, type SesStandIn, startSesStandIn } from "./sesStandIn.ts";
import { type Distribution, distribution, round } from "./stats.ts";

/**
 * The whole pipeline, every app its own process: api → send queue → sender → signed SNS →
 * ingest → webhook queue → dispatcher → a receiver on loopback subscribed to `delivered`. The
 * sender's provider is the simulator (in the sender, signing SES's notifications itself), or SES:
 * aws-local as its own process (`sesStandIn.ts`), set up with `svc ses setup`, which the sender
 * calls through the AWS SDK and which publishes the notifications to the ingester.
 */
/** The history the database holds before the run, as an install in use does (history.ts says why). */
const HISTORY_EMAILS = Number(process.env.BENCH_HISTORY_EMAILS ?? 100_000);
const HISTORY_DAYS = 30;

/**
 * `ses-2regions`: SES in two regions (SES_REGIONS), each an aws-local process of its own, the
 * workspace sending from the first with the second as its failover: what the regional path
 * (circuits, per-region quotas, the workspace's regions) costs beside one region.
 */
export type PipelineProvider = "simulator" | "ses" | "ses-2regions";

const TWO_REGIONS = ["us-east-1", "eu-west-1"] as const;

/** One stand-in per region; the first is the one the workspace's domain is created in. */
async function startStandIns(provider: PipelineProvider): Promise<SesStandIn[]> {
  if (provider === "simulator") return [];
  if (provider === "ses") return [await startSesStandIn()];
  const standIns: SesStandIn[] = [];
  for (const region of TWO_REGIONS) standIns.push(await startSesStandIn(region, `aws-local ${region}`));
  return standIns;
}

/** The apps' settings to talk to the stand-ins as to SES, in one region or several. */
function sesSettings(standIns: SesStandIn[]): Record<string, string> {
  if (standIns.length <= 1) return standIns[0]?.settings ?? {};
  return {
    ...standIns[0]!.settings,
    SES_REGIONS: standIns.map((standIn) => standIn.settings.AWS_REGION).join(","),
    SES_REGION_ENDPOINTS: standIns.map((standIn) => `${standIn.settings.AWS_REGION}=${standIn.url}`).join(","),
    // Each region's SNS signs with a certificate of its own, on its own port.
    SNS_CERT_URL_PATTERN: "^http://127\\.0\\.0\\.1:[0-9]+/SimpleNotificationService-[A-Za-z0-9]+\\.pem$",
  };
}

export interface PipelineStack {
  workspace: BenchWorkspace;
  receiver: Receiver;
  api: App;
  apps: App[];
  /** Processes standing in for others' services (aws-local for SES): measured apart from ours. */
  standIns: Process[];
  /** Settings the apps were started with beyond the environment's defaults. */
  settings: Record<string, string>;
  databaseUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

export async function startPipeline(
  env: BenchEnvironment,
  options: { senders?: number; settings?: Record<string, string>; provider?: PipelineProvider } = {},
): Promise<PipelineStack> {
  const provider = options.provider ?? "simulator";
  const receiver = await startReceiver();
  const apps: App[] = [];
  const standIns: Process[] = [];
  const stop = async () => {
    // Producers first, so that nothing new enters while the workers finish; SES last.
    for (const app of [...apps].reverse()) await app.stop();
    for (const standIn of standIns) await standIn.stop();
    await receiver.close();
  };
  try {
    const sesStandIns = await startStandIns(provider);
    const ses = sesStandIns[0] ?? null;
    for (const standIn of sesStandIns) standIns.push(standIn.proc);
    const workspace = await createWorkspace(env, ses);
    if (sesStandIns.length > 1) {
      const regions = sesStandIns.map((standIn) => standIn.settings.AWS_REGION!);
      const by = { actor: { type: "operator" as const, id: "bench" }, source: null };
      await setWorkspaceRegions(env.db, workspace.workspaceId, { failover: regions.slice(1) }, regions, by);
    }
    const subscription = await createSubscription(env.db, env.webhookSecretKey, {
      workspaceId: workspace.workspaceId,
      url: receiver.url,
      events: ["delivered"],
    });
    receiver.setSecret(subscription.secret);
    await fillHistory(env.db.pool, workspace, {
      count: HISTORY_EMAILS,
      from: new Date(Date.now() - HISTORY_DAYS * 86_400_000),
      to: new Date(Date.now() - 60_000),
      tag: "pipeline",
      subscriptionId: subscription.id,
    });
    const settings = {
      EMAIL_PROVIDER: "simulator",
      SES_MAX_SEND_RATE: "0",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      RETENTION_INTERVAL_SECONDS: "0",
      ...sesSettings(sesStandIns),
      ...options.settings,
    };
    let ingestEnv: Record<string, string>;
    let senderEnv: Record<string, string>;
    const ingestPort = await freePort();
    if (ses) {
      // As an operator moves an install to SES: `svc ses setup` against the account, with the
      // ingester's subscription, which the ingester confirms once it runs (here the stand-in
      // confirms it: SubscribeURL names SNS's public host).
      const ingestUrl = `http://127.0.0.1:${ingestPort}/sns/ses`;
      await runSesSetup(env.appEnv(settings), ingestUrl);
      for (const standIn of sesStandIns) await standIn.confirmSubscription(ingestUrl);
      ingestEnv = env.appEnv(settings);
      senderEnv = env.appEnv(settings);
    } else {
      const certPort = await freePort();
      ingestEnv = env.appEnv({ ...settings, SIMULATOR_CERT_URL: certUrl(certPort) });
      senderEnv = env.appEnv({
        ...settings,
        SIMULATOR_SNS_URL: `http://127.0.0.1:${ingestPort}/sns/ses`,
        SIMULATOR_CERT_PORT: String(certPort),
        SIMULATOR_CERT_URL: certUrl(certPort),
      });
    }
    apps.push(await startApp("ingest", ingestEnv, "ingest", ingestPort));
    for (let i = 0; i < (options.senders ?? 1); i++) apps.push(await startApp("sender", senderEnv, `sender-${i + 1}`));
    apps.push(await startApp("dispatcher", env.appEnv(settings)));
    const api = await startApp("api", env.appEnv(settings));
    apps.push(api);
    return { workspace, receiver, api, apps, standIns, settings, databaseUrl: env.databaseUrl, redisUrl: env.redisUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The bench workspace; with SES, its domain's identity is created on the stand-in and verified there, as SES would once DNS is in place. */
async function createWorkspace(env: BenchEnvironment, ses: SesStandIn | null): Promise<BenchWorkspace> {
  if (!ses) return createBenchWorkspace(env.db);
  const identities = ses.identities(env);
  try {
    const workspace = await createBenchWorkspace(env.db, "Bench", identities);
    await ses.verifyIdentity(workspace.domain);
    return workspace;
  } finally {
    identities.close();
  }
}

const certUrl = (port: number) => `http://127.0.0.1:${port}/simulator/SimpleNotificationService-simulator.pem`;

export interface PipelineRun {
  emails: number;
  /** POSTs answered 202, and webhooks that arrived for them. */
  accepted: number;
  delivered: number;
  lost: number;
  postFailures: number;
  firstPostFailure: string | null;
  invalidWebhooks: number;
  duplicateWebhooks: number;
  /** From the first POST to the last delivered webhook. */
  elapsedS: number;
  emailsPerSecond: number;
  /** How fast the API took the POSTs (it is part of the pipeline). */
  postsPerSecond: number;
  latencyMs: Distribution;
  latencies: number[];
  cpu: Record<string, { cpuS: number; cpuMsPerItem: number }>;
  /** PostgreSQL's CPU per email (ms) by the app its backends served, or the background worker. */
  postgresByClient: Record<string, number>;
  /** The phase's costliest statements (BENCH_PG_STATEMENTS=1 on a cluster that has pg_stat_statements). */
  statements?: StatementTotals;
  /** Redis's commands per email (`INFO commandstats`, the whole server's). */
  redis: RedisCommandCost;
}

/**
 * Sends `count` emails (as fast as the API answers with `concurrency` in flight, or paced at
 * `ratePerSecond`) and waits for every one's `delivered` webhook. Latency per email is from just
 * before its POST to its webhook's arrival.
 */
export async function runPipeline(
  stack: PipelineStack,
  plan: { count: number; concurrency?: number; ratePerSecond?: number; offset?: number },
): Promise<PipelineRun> {
  const already = stack.receiver.arrivals.size;
  const cpu = startCpuMeter([...stack.apps, ...stack.standIns]);
  const postgresCpu = startPgBackendCpu(stack.databaseUrl);
  const statements = await startPgStatements(stack.databaseUrl);
  const redisCommands = await startRedisCommands(stack.redisUrl);
  const posted = await postEmails({
    apiUrl: stack.api.url,
    apiKey: stack.workspace.apiKey,
    domain: stack.workspace.domain,
    count: plan.count,
    ...(plan.ratePerSecond ? { ratePerSecond: plan.ratePerSecond } : { concurrency: plan.concurrency ?? 32 }),
    offset: plan.offset ?? 0,
  });
  const accepted = posted.sentAt.size;
  let waitError: string | null = null;
  try {
    await stack.receiver.waitFor(already + accepted, 60_000);
  } catch (error) {
    waitError = (error as Error).message;
  }
  const cpuUsed = cpu.stop(accepted);
  const postgresByClient = await postgresCpu.stop(accepted);
  const statementCosts = await statements.stop(accepted);
  const redis = await redisCommands.stop(accepted);

  const latencies: number[] = [];
  let lastArrival = posted.startedAt;
  for (const arrival of stack.receiver.arrivals.values()) {
    const sent = posted.sentAt.get(arrival.emailId);
    if (sent === undefined) continue;
    latencies.push(arrival.at - sent);
    lastArrival = Math.max(lastArrival, arrival.at);
  }
  const delivered = latencies.length;
  const elapsedS = (lastArrival - posted.startedAt) / 1000;
  if (waitError && delivered === accepted) waitError = null;
  return {
    emails: plan.count,
    accepted,
    delivered,
    lost: accepted - delivered,
    postFailures: posted.failures,
    firstPostFailure: posted.firstFailure ?? waitError,
    invalidWebhooks: stack.receiver.invalid,
    duplicateWebhooks: stack.receiver.duplicates,
    elapsedS: round(elapsedS, 2),
    emailsPerSecond: round(delivered / Math.max(elapsedS, 1e-3), 1),
    postsPerSecond: round(accepted / ((posted.finishedAt - posted.startedAt) / 1000), 1),
    latencyMs: distribution(latencies),
    latencies,
    cpu: cpuUsed,
    postgresByClient,
    redis,
    ...(statementCosts ? { statements: statementCosts } : {}),
  };
}

/** What a run says, without the raw sample. */
export function summary(run: PipelineRun): Omit<PipelineRun, "latencies"> {
  const { latencies: _latencies, ...rest } = run;
  return rest;
}
