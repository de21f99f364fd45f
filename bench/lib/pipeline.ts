import { startCpuMeter } from "./cpu.ts";
import { postEmails } from "./emailPoster.ts";
import type { BenchEnvironment } from "./environment.ts";
import { type BenchWorkspace, createBenchWorkspace, createSubscription } from "./fixtures.ts";
import { type App, freePort, startApp } from "./processes.ts";
import { type Receiver, startReceiver } from "./receiver.ts";
import { type Distribution, distribution, round } from "./stats.ts";

/**
 * The whole pipeline on the simulator, every app its own process: api → send queue → sender
 * (simulator) → signed SNS → ingest → webhook queue → dispatcher → a receiver on loopback
 * subscribed to `delivered`.
 */
export interface PipelineStack {
  workspace: BenchWorkspace;
  receiver: Receiver;
  api: App;
  apps: App[];
  /** Settings the apps were started with beyond the environment's defaults. */
  settings: Record<string, string>;
  stop(): Promise<void>;
}

export async function startPipeline(
  env: BenchEnvironment,
  options: { senders?: number; settings?: Record<string, string> } = {},
): Promise<PipelineStack> {
  const workspace = await createBenchWorkspace(env.db);
  const receiver = await startReceiver();
  const subscription = await createSubscription(env.db, env.webhookSecretKey, {
    workspaceId: workspace.workspaceId,
    url: receiver.url,
    events: ["delivered"],
  });
  receiver.setSecret(subscription.secret);

  const certPort = await freePort();
  const settings = {
    EMAIL_PROVIDER: "simulator",
    SES_MAX_SEND_RATE: "0",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    RETENTION_INTERVAL_SECONDS: "0",
    ...options.settings,
  };
  const apps: App[] = [];
  const stop = async () => {
    // Producers first, so that nothing new enters while the workers finish.
    for (const app of [...apps].reverse()) await app.stop();
    await receiver.close();
  };
  try {
    const ingest = await startApp("ingest", env.appEnv({ ...settings, SIMULATOR_CERT_URL: certUrl(certPort) }));
    apps.push(ingest);
    const senderEnv = env.appEnv({
      ...settings,
      SIMULATOR_SNS_URL: `${ingest.url}/sns/ses`,
      SIMULATOR_CERT_PORT: String(certPort),
      SIMULATOR_CERT_URL: certUrl(certPort),
    });
    for (let i = 0; i < (options.senders ?? 1); i++) apps.push(await startApp("sender", senderEnv, `sender-${i + 1}`));
    apps.push(await startApp("dispatcher", env.appEnv(settings)));
    const api = await startApp("api", env.appEnv(settings));
    apps.push(api);
    return { workspace, receiver, api, apps, settings, stop };
  } catch (error) {
    await stop();
    throw error;
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
  const cpu = startCpuMeter(stack.apps);
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
  };
}

/** What a run says, without the raw sample. */
export function summary(run: PipelineRun): Omit<PipelineRun, "latencies"> {
  const { latencies: _latencies, ...rest } = run;
  return rest;
}
