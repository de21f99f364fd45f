import { groupCommitMsFor } from "@svc/config";
import { createWebhookAttempt, postgresDeliveryRows, SecretBox } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { countWorkerJobs, watchQueueDepth } from "@svc/metrics";
import { createShardWorkers, Producer, queueLayout, SubscriptionRateLimiter, workerErrorListener } from "@svc/queues";
import { type App, closeServer, createHealthServer, httpTimeoutsFrom, listen, type PeriodicTask, Permits } from "@svc/runtime";
import type { Redis } from "ioredis";
import { startAutoDisable } from "./autoDisable.ts";
import { DeliveryClaimer } from "./claims.ts";
import type { DispatcherEnv } from "./env.ts";
import { createWebhookPoster } from "./poster.ts";
import { createDeliveryProcessor, RetryScheduled } from "./processor.ts";
import { AttemptRecorder } from "./record.ts";
import { SubscriptionSlots } from "./slots.ts";
import { DeliverySweeper } from "./sweeper.ts";
import { WorkspaceShare, workspaceShareLimit } from "./workspaceShare.ts";

/** Margin on top of the attempt deadline for a claim or a concurrency slot to be held. */
const LEASE_MARGIN_MS = 30_000;
/**
 * Claim and record statements of each kind in flight at once (each holds a pooled connection).
 * One: the jobs whose claim or record comes due while a statement runs (its commit waits for the
 * WAL flush) leave together in the next one, instead of each taking a connection of its own.
 */
const STATEMENTS_IN_FLIGHT = 1;
/**
 * A released subscription slot is kept this long for the process's next attempt to the
 * subscription (SubscriptionSlots), and reused while its lease outlasts a whole attempt. Short:
 * the other dispatcher processes see a kept slot as taken.
 */
const SLOT_KEEPING = { holdMs: 250, reuseWithinMs: LEASE_MARGIN_MS / 2 };
/** Delay before a job that failed for a reason other than its attempt (database down…) runs again. */
const INFRASTRUCTURE_RETRY_MS = 5_000;

/** What the dispatcher is given and does not own: the caller closes these after its shutdown. */
export interface DispatcherResources {
  db: DbHandle;
  /** The worker's connection (createWorkerConnection): it blocks waiting for jobs. */
  workerRedis: Redis;
  /**
   * Subscription slots and the sweeper's lock: a worker connection with `enableAutoPipelining`,
   * so that the jobs a batched claim or record wakes together take and give back their slots in
   * one socket write (nothing on this connection blocks).
   */
  redis: Redis;
  /** A fail-fast producer connection (createProducerConnection) for the sweeper's re-enqueues. */
  producerRedis: Redis;
  log: Logger;
}

/**
 * The webhook dispatcher: a BullMQ worker on the webhook queue that signs and POSTs each
 * delivery, retries it on the 24-hour schedule (BullMQ backoff, custom strategy), records
 * every attempt, caps concurrency per subscription, and sweeps up deliveries whose job Redis
 * lost. Serves only /healthz and /readyz, on DISPATCHER_PORT.
 */
export function createDispatcher(env: DispatcherEnv, { db, workerRedis, redis, producerRedis, log }: DispatcherResources): App {
  const layout = queueLayout(env);
  const producer = new Producer("webhookDelivery", producerRedis, layout);
  const leaseMs = env.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS;
  const retrySchedule = { baseMs: env.WEBHOOK_RETRY_BASE_MS, windowMs: env.WEBHOOK_RETRY_WINDOW_MS };
  const poster = createWebhookPoster({ timeoutMs: env.WEBHOOK_TIMEOUT_MS, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS });

  const batching = {
    maxBatch: env.DISPATCHER_CONCURRENCY,
    maxConcurrent: Math.min(STATEMENTS_IN_FLIGHT, env.DATABASE_POOL_SIZE),
    lingerMs: groupCommitMsFor("answer-driven", env),
  };
  const slots = new SubscriptionSlots(
    redis,
    env.QUEUE_PREFIX,
    env.WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY,
    leaseMs,
    // Jobs of one subscription waiting for its slots hold at most a quarter of the worker's.
    Math.min(env.WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY, Math.floor(env.DISPATCHER_CONCURRENCY / 4)),
    SLOT_KEEPING,
  );
  const attempt = createWebhookAttempt({
    claims: new DeliveryClaimer(db, { leaseMs, ...batching }),
    records: new AttemptRecorder(db, { ...batching, lingerMs: groupCommitMsFor("independent", env) }),
    rows: postgresDeliveryRows(db),
    poster,
    slots,
    share: new WorkspaceShare(workspaceShareLimit(env)),
    rate: new SubscriptionRateLimiter(redis, env.QUEUE_PREFIX),
    secrets: new SecretBox(env.WEBHOOK_SECRET_KEY),
    clock: Date,
    schedule: retrySchedule,
  });
  const infrastructureRetryMs = Math.min(INFRASTRUCTURE_RETRY_MS, env.WEBHOOK_RETRY_BASE_MS);
  const processor = createDeliveryProcessor({
    attempt,
    permits: new Permits(env.DISPATCHER_CONCURRENCY),
    followUps: producer,
    infrastructureRetryMs,
    log,
  });

  // One worker per consumed shard, sharing the process's concurrency. A job may carry several
  // deliveries: the permits, not the job count, bound the attempts in flight.
  const workers = createShardWorkers("webhookDelivery", layout, processor, {
    connection: workerRedis,
    concurrency: env.DISPATCHER_CONCURRENCY,
    autorun: false,
    settings: {
      // The delay is decided by the attempt (and already stored on the delivery row); any
      // other failure is retried soon, and the row again says when an attempt is really due.
      backoffStrategy: (_attemptsMade, _type, error) =>
        error instanceof RetryScheduled ? Math.max(0, error.retryAt.getTime() - Date.now()) : infrastructureRetryMs,
    },
  });
  // One listener for all of the process's shard workers: one warning per outage, not one per shard.
  const onWorkerError = workerErrorListener(log, "webhook worker");
  for (const worker of workers) {
    worker.on("error", onWorkerError);
    countWorkerJobs(worker);
    worker.on("failed", (job, error) => {
      if (error instanceof RetryScheduled) return;
      log.warn({ jobId: job?.id, err: error }, "webhook job failed");
    });
  }

  const sweeper = new DeliverySweeper({
    db,
    producer,
    redis,
    prefix: env.QUEUE_PREFIX,
    intervalMs: env.WEBHOOK_SWEEP_INTERVAL_MS,
    log,
  });

  const server = createHealthServer(
    [
      { name: "postgres", check: () => db.ping() },
      { name: "redis", check: () => redis.ping() },
    ],
    httpTimeoutsFrom(env),
    env.METRICS_TOKEN,
  );
  // This process reports its own queue's depth on /metrics.
  const unwatchQueue = watchQueueDepth(producer.queues, redis);
  let autoDisable: PeriodicTask | null = null;

  return {
    async start() {
      const port = await listen(server, env.DISPATCHER_PORT);
      await slots.start(log);
      for (const worker of workers) void worker.run().catch((error) => log.error({ err: error }, "webhook worker stopped"));
      await Promise.all(workers.map((worker) => worker.waitUntilReady()));
      sweeper.start();
      if (env.WEBHOOK_AUTO_DISABLE_DAYS > 0) {
        autoDisable = startAutoDisable(db, {
          failingDays: env.WEBHOOK_AUTO_DISABLE_DAYS,
          intervalMs: env.WEBHOOK_AUTO_DISABLE_CHECK_MS,
          log,
        });
      }
      return { port, concurrency: env.DISPATCHER_CONCURRENCY };
    },
    // The server, then the worker (letting in-flight attempts finish), then background work.
    shutdown: [
      { name: "health server", run: () => closeServer(server) },
      { name: "queue metrics", run: () => unwatchQueue() },
      { name: "webhook workers", run: () => Promise.all(workers.map((worker) => worker.close())) },
      { name: "slot liveness", run: () => slots.stop() },
      { name: "sweeper", run: () => sweeper.stop() },
      { name: "auto-disable", run: () => autoDisable?.stop() },
      { name: "http agents", run: () => poster.close() },
      { name: "webhook queue", run: () => producer.close() },
    ],
    // In-flight attempts may take up to the attempt deadline to finish; the shutdown waits for them.
    shutdownDeadlineMs: env.WEBHOOK_TIMEOUT_MS + 10_000,
  };
}
