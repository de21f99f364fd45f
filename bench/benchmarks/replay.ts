import { performance } from "node:perf_hooks";
import { replayWebhookDeliveries } from "@svc/core";
import { createProducerConnection, Producer } from "@svc/queues";
import { createPendingDeliveries, deliveryStatuses } from "../lib/deliveries.ts";
import { type BenchEnvironment, createBenchEnvironment, typedPool } from "../lib/environment.ts";
import { type BenchWorkspace, createBenchWorkspace, createSubscription } from "../lib/fixtures.ts";
import { type App, startApp } from "../lib/processes.ts";
import { type Receiver, startReceiver } from "../lib/receiver.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";
import { distribution, round, sleep } from "../lib/stats.ts";

/** Failed deliveries the replay sends again ("recover since T" after an outage). */
const REPLAYED = Number(process.env.BENCH_REPLAY_DELIVERIES ?? 5000);
/** The replay's pace (deliveries per second). */
const REPLAY_RATE = Number(process.env.BENCH_REPLAY_RATE ?? 100);
/** Live deliveries of another subscription, paced, measured without and then during the replay. */
const LIVE_PER_SECOND = Number(process.env.BENCH_REPLAY_LIVE_PER_SECOND ?? 20);
const LIVE_SECONDS = Number(process.env.BENCH_REPLAY_LIVE_SECONDS ?? 15);

interface Target {
  receiver: Receiver;
  workspace: BenchWorkspace;
  subscriptionId: string;
}

async function target(env: BenchEnvironment, workspace: BenchWorkspace): Promise<Target> {
  const receiver = await startReceiver();
  const subscription = await createSubscription(env.db, env.webhookSecretKey, {
    workspaceId: workspace.workspaceId,
    url: receiver.url,
    events: ["delivered"],
  });
  receiver.setSecret(subscription.secret);
  return { receiver, workspace, subscriptionId: subscription.id };
}

/**
 * `count` live deliveries to `live`, one job every 1 / LIVE_PER_SECOND s as the ingester would
 * enqueue them; the latency of each is from its enqueue to its arrival at the receiver.
 */
async function liveTraffic(
  env: BenchEnvironment,
  producer: Producer<"webhookDelivery">,
  live: Target,
): Promise<{ latenciesMs: number[]; ids: string[] }> {
  const count = LIVE_PER_SECOND * LIVE_SECONDS;
  const ids = await createPendingDeliveries(env.db, {
    workspaceId: live.workspace.workspaceId,
    apiKeyId: live.workspace.apiKeyId,
    subscriptionId: live.subscriptionId,
    count,
  });
  const enqueuedAt = new Map<string, number>();
  const started = performance.now();
  for (const [i, id] of ids.entries()) {
    const due = started + (i * 1000) / LIVE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    enqueuedAt.set(id, performance.now());
    await producer.enqueue(id, { deliveryId: id });
  }
  const deadline = performance.now() + 30_000;
  while (ids.some((id) => !live.receiver.arrivals.has(id)) && performance.now() < deadline) await sleep(20);
  const latenciesMs = ids.flatMap((id) => {
    const arrival = live.receiver.arrivals.get(id);
    return arrival ? [arrival.at - enqueuedAt.get(id)!] : [];
  });
  return { latenciesMs, ids };
}

/**
 * A second subscription's live webhook latency (p99) while a 5,000-delivery "recover since T"
 * replay runs at its pace, against the same live traffic with no replay. Both in one dispatcher
 * process at the production settings.
 */
export default async function replayBenchmark(): Promise<BenchResult> {
  const env = await createBenchEnvironment("replay");
  const targets: Target[] = [];
  let dispatcher: App | null = null;
  const redis = createProducerConnection(env.redisUrl);
  const producer = new Producer("webhookDelivery", redis, env.queuePrefix);
  try {
    const replayed = await target(env, await createBenchWorkspace(env.db, "Replayed"));
    const live = await target(env, await createBenchWorkspace(env.db, "Live"));
    targets.push(replayed, live);

    // The outage: REPLAYED deliveries that ended failed.
    const outageStart = new Date(Date.now() - 60_000);
    const failedIds = await createPendingDeliveries(env.db, {
      workspaceId: replayed.workspace.workspaceId,
      apiKeyId: replayed.workspace.apiKeyId,
      subscriptionId: replayed.subscriptionId,
      count: REPLAYED,
    });
    await typedPool(env.db).query(
      `UPDATE webhook_deliveries SET status = 'failed', "nextAttemptAt" = NULL, "completedAt" = now(), "firstAttemptAt" = now(), "attemptCount" = 1 WHERE id = ANY($1::text[])`,
      [failedIds],
    );

    dispatcher = await startApp("dispatcher", env.appEnv({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" }), "dispatcher-replay");
    await liveTraffic(env, producer, live); // warm-up
    const without = await liveTraffic(env, producer, live);

    const replayStarted = performance.now();
    const replay = await replayWebhookDeliveries(env.db, producer, replayed.subscriptionId, {
      kind: "failed_since",
      since: outageStart,
      perSecond: REPLAY_RATE,
    });
    const during = await liveTraffic(env, producer, live);
    await replayed.receiver.waitFor(REPLAYED, 60_000);
    const replaySeconds = (performance.now() - replayStarted) / 1000;
    await sleep(300); // the last records commit

    const withoutDistribution = distribution(without.latenciesMs);
    const duringDistribution = distribution(during.latenciesMs);
    const replayedStatuses = await deliveryStatuses(env.db, failedIds);
    const liveStatuses = await deliveryStatuses(env.db, [...without.ids, ...during.ids]);
    const achievedRate = round(REPLAYED / replaySeconds, 1);
    const liveLost = without.ids.length + during.ids.length - without.latenciesMs.length - during.latenciesMs.length;
    return {
      name: "replay",
      figure: {
        value: duringDistribution.p99,
        unit: "ms",
        what: `live p99, ${LIVE_PER_SECOND}/s to another subscription, during a ${REPLAYED}-delivery replay paced at ${REPLAY_RATE}/s`,
      },
      baseline: { value: withoutDistribution.p99, unit: "ms", what: "the same live traffic with no replay running, same dispatcher" },
      ratio: ratioOf(duringDistribution.p99, withoutDistribution.p99),
      target: {
        description: "live p99 during the replay within 1.5 x (or 50 ms of) without; the replay keeps its pace (at most 10% over)",
        met:
          (duringDistribution.p99 <= withoutDistribution.p99 * 1.5 || duringDistribution.p99 - withoutDistribution.p99 <= 50) &&
          achievedRate <= REPLAY_RATE * 1.1,
      },
      checks: {
        passed:
          replay.rearmed === REPLAYED &&
          (replayedStatuses.succeeded ?? 0) === REPLAYED &&
          replayed.receiver.duplicates === 0 &&
          replayed.receiver.invalid === 0 &&
          live.receiver.invalid === 0 &&
          liveLost === 0,
        rearmed: replay.rearmed,
        replayedSucceeded: replayedStatuses.succeeded ?? 0,
        replayedDuplicates: replayed.receiver.duplicates,
        invalidSignatures: replayed.receiver.invalid + live.receiver.invalid,
        liveLost,
      },
      details: {
        without: withoutDistribution,
        during: duringDistribution,
        replaySeconds: round(replaySeconds, 1),
        achievedRate,
        replay,
        liveStatuses,
      },
    };
  } finally {
    await dispatcher?.stop();
    await producer.close().catch(() => {});
    redis.disconnect();
    for (const t of targets) await t.receiver.close();
    await env.dispose();
  }
}
