import path from "node:path";
import { performance } from "node:perf_hooks";
import { webhookDispatchEnv } from "@svc/config";
import { startCpuMeter } from "../lib/cpu.ts";
import { createPendingDeliveries, deliveryStatuses, enqueueDeliveries } from "../lib/deliveries.ts";
import { createBenchEnvironment, type BenchEnvironment } from "../lib/environment.ts";
import { createBenchWorkspace, createSubscription, type BenchWorkspace } from "../lib/fixtures.ts";
import { BENCH_ROOT } from "../lib/paths.ts";
import { samplePgActivity } from "../lib/pgActivity.ts";
import { runScriptForJson, startApp, type App } from "../lib/processes.ts";
import { startReceiver, type Receiver } from "../lib/receiver.ts";
import { ratioOf, type BenchResult } from "../lib/result.ts";
import { round, sleep } from "../lib/stats.ts";

const CONCURRENCY = 50;
const THROUGHPUT_DELIVERIES = Number(process.env.BENCH_DISPATCH_DELIVERIES ?? 3000);
const ISOLATION_DELIVERIES = Number(process.env.BENCH_DISPATCH_ISOLATION_DELIVERIES ?? 1500);
/** The production default per-subscription cap: in the isolation phases the hanging subscription may hold this many slots. */
const DEFAULT_CAP = webhookDispatchEnv.WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY.parse(undefined);

interface Target {
  receiver: Receiver;
  subscriptionId: string;
  secret: string;
}

async function target(env: BenchEnvironment, workspace: BenchWorkspace, options: { hang?: boolean } = {}): Promise<Target> {
  const receiver = await startReceiver(options);
  const subscription = await createSubscription(env.db, env.webhookSecretKey, { workspaceId: workspace.workspaceId, url: receiver.url, events: ["delivered"] });
  receiver.setSecret(subscription.secret);
  return { receiver, subscriptionId: subscription.id, secret: subscription.secret };
}

interface Phase {
  deliveries: number;
  deliveriesPerSecond: number;
  elapsedS: number;
  statuses: Record<string, number>;
  cpu: Record<string, { cpuS: number; cpuMsPerItem: number }>;
  postgresBackends: Record<string, number>;
}

/**
 * Enqueues `count` fresh deliveries to `healthy` (after `hangingCount` to the hanging target,
 * so that those are taken first) and measures until every healthy one has arrived.
 */
async function phase(
  env: BenchEnvironment,
  workspace: BenchWorkspace,
  dispatcher: App,
  healthy: Target,
  count: number,
  hanging?: { target: Target; count: number },
): Promise<Phase> {
  const make = (subscriptionId: string, n: number) =>
    createPendingDeliveries(env.db, { workspaceId: workspace.workspaceId, apiKeyId: workspace.apiKeyId, subscriptionId, count: n });
  const hangingIds = hanging ? await make(hanging.target.subscriptionId, hanging.count) : [];
  const ids = await make(healthy.subscriptionId, count);
  const before = healthy.receiver.arrivals.size;
  const cpu = startCpuMeter([dispatcher]);
  const activity = samplePgActivity(env.databaseUrl);
  const started = performance.now();
  if (hangingIds.length > 0) {
    await enqueueDeliveries(env.redisUrl, env.queuePrefix, hangingIds);
    await sleep(200); // the hanging attempts are in flight before the healthy jobs arrive
  }
  const measuredFrom = hangingIds.length > 0 ? performance.now() : started;
  await enqueueDeliveries(env.redisUrl, env.queuePrefix, ids);
  await healthy.receiver.waitFor(before + count, 60_000);
  const elapsedS = (performance.now() - measuredFrom) / 1000;
  const used = cpu.stop(count);
  const postgres = await activity.stop();
  await sleep(300); // the last attempts' records commit
  return {
    deliveries: count,
    deliveriesPerSecond: round(count / elapsedS, 1),
    elapsedS: round(elapsedS, 2),
    statuses: await deliveryStatuses(env.db, ids),
    cpu: used,
    postgresBackends: postgres.averageBackends,
  };
}

async function withDispatcher<T>(env: BenchEnvironment, label: string, settings: Record<string, string>, work: (app: App) => Promise<T>): Promise<T> {
  const app = await startApp("dispatcher", env.appEnv({ WEBHOOK_ALLOW_PRIVATE_URLS: "true", DISPATCHER_CONCURRENCY: String(CONCURRENCY), ...settings }), label);
  try {
    return await work(app);
  } finally {
    await app.stop();
  }
}

/**
 * Webhook deliveries per second from the dispatcher process to a loopback receiver, against a
 * signed got POST loop at the same concurrency; then a healthy subscription's rate alone and
 * beside a subscription whose endpoint hangs until the attempt deadline.
 */
export default async function dispatchBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("dispatch");
  const targets: Target[] = [];
  try {
    const workspace = await createBenchWorkspace(env.db);
    const healthy = await target(env, workspace);
    const hanging = await target(env, workspace, { hang: true });
    targets.push(healthy, hanging);

    // 1. Throughput, with the per-subscription cap as high as the worker's concurrency, so that
    //    one subscription can use every slot: the dispatcher's own cost is what is measured.
    const throughput = await withDispatcher(env, "dispatcher-throughput", { WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY: String(CONCURRENCY) }, async (app) => {
      await phase(env, workspace, app, healthy, 200); // warm-up
      return phase(env, workspace, app, healthy, THROUGHPUT_DELIVERIES);
    });

    const baseline = await runScriptForJson<{ perSecond: number; failures: number; cpuMsPerItem: number; elapsedMs: number }>(
      "dispatch-baseline",
      path.join(BENCH_ROOT, "baselines/dispatchBaseline.ts"),
      { RECEIVER_URL: healthy.receiver.url, SECRET: healthy.secret, COUNT: String(THROUGHPUT_DELIVERIES), CONCURRENCY: String(CONCURRENCY) },
    );

    // 2. Isolation, at the production settings (default per-subscription cap): the healthy
    //    subscription's rate alone, then with a hanging subscription beside it.
    const isolation = await withDispatcher(env, "dispatcher-isolation", {}, async (app) => {
      await phase(env, workspace, app, healthy, 200); // warm-up
      const alone = await phase(env, workspace, app, healthy, ISOLATION_DELIVERIES);
      const besideHanging = await phase(env, workspace, app, healthy, ISOLATION_DELIVERIES, { target: hanging, count: 100 });
      return { alone, besideHanging, hangingRequests: hanging.receiver.requests };
    });

    const ratio = ratioOf(throughput.deliveriesPerSecond, baseline.perSecond);
    const isolationRatio = ratioOf(isolation.besideHanging.deliveriesPerSecond, isolation.alone.deliveriesPerSecond);
    const notSucceeded = [throughput, isolation.alone, isolation.besideHanging].reduce(
      (sum, p) => sum + p.deliveries - (p.statuses.succeeded ?? 0),
      0,
    );
    const invalid = healthy.receiver.invalid;
    return {
      name: "dispatch",
      figure: { value: throughput.deliveriesPerSecond, unit: "deliveries/s", what: `${THROUGHPUT_DELIVERIES} deliveries, one subscription, concurrency ${CONCURRENCY}` },
      baseline: { value: round(baseline.perSecond, 1), unit: "deliveries/s", what: `got POST loop, freshly signed, new connection each, concurrency ${CONCURRENCY}` },
      ratio,
      target: { description: "dispatch >= 0.6 x baseline; beside a hanging endpoint within 10% of alone", met: ratio >= 0.6 && isolationRatio >= 0.9 },
      checks: {
        passed: notSucceeded === 0 && invalid === 0 && baseline.failures === 0,
        deliveriesNotSucceeded: notSucceeded,
        invalidSignatures: invalid,
        baselineFailures: baseline.failures,
      },
      details: {
        throughput,
        baseline,
        isolation: { cap: DEFAULT_CAP, ...isolation, ratio: isolationRatio },
        duplicates: healthy.receiver.duplicates,
      },
    };
  } finally {
    for (const t of targets) await t.receiver.close();
    await env.dispose();
  }
}
