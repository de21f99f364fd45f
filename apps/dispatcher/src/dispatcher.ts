import type { Server } from "node:http";
import { Worker } from "bullmq";
import { SecretBox } from "@svc/core";
import { createDb, type DbHandle } from "@svc/db";
import { createLogger, type Logger } from "@svc/logger";
import { Producer, QUEUES, createProducerConnection, createWorkerConnection, type JobPayload } from "@svc/queues";
import { closeServer, createHealthServer, listen } from "@svc/runtime";
import type { DispatcherEnv } from "./env.ts";
import { DeliveryClaimer } from "./claims.ts";
import { createWebhookPoster } from "./poster.ts";
import { RetryScheduled, createDeliveryProcessor } from "./processor.ts";
import { AttemptRecorder } from "./record.ts";
import { SubscriptionSlots } from "./slots.ts";
import { DeliverySweeper } from "./sweeper.ts";

/** Margin on top of the attempt deadline for a claim or a concurrency slot to be held. */
const LEASE_MARGIN_MS = 30_000;
/**
 * Claim and record statements of each kind in flight at once (each holds a pooled connection).
 * One: the jobs whose claim or record comes due while a statement runs (its commit waits for the
 * WAL flush) leave together in the next one, instead of each taking a connection of its own.
 */
const STATEMENTS_IN_FLIGHT = 1;
/** Delay before a job that failed for a reason other than its attempt (database down…) runs again. */
const INFRASTRUCTURE_RETRY_MS = 5_000;

export interface Dispatcher {
  /** Starts the health server, the worker and the sweeper; resolves with the health port. */
  start(): Promise<{ port: number }>;
  /** Server, then worker (letting in-flight attempts finish), then sweeper, then connections. */
  shutdownSteps(): Array<{ name: string; run: () => Promise<unknown> }>;
  stop(): Promise<void>;
  readonly sweeper: DeliverySweeper;
  readonly worker: Worker<JobPayload<"webhookDelivery">>;
  readonly db: DbHandle;
}

/**
 * The webhook dispatcher: a BullMQ worker on the webhook queue that signs and POSTs each
 * delivery, retries it on the 24-hour schedule (BullMQ backoff, custom strategy), records
 * every attempt, caps concurrency per subscription, and sweeps up deliveries whose job Redis
 * lost. Takes the parsed env so tests can run it in-process with their own settings.
 */
export function createDispatcher(env: DispatcherEnv, options: { log?: Logger } = {}): Dispatcher {
  const log = options.log ?? createLogger("dispatcher", env.LOG_LEVEL);
  const db = createDb({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
  const workerRedis = createWorkerConnection(env.REDIS_URL);
  // Auto-pipelined: the jobs that a batched claim or record wakes together take and give back
  // their slots in one socket write (nothing on this connection blocks).
  const redis = createWorkerConnection(env.REDIS_URL, { enableAutoPipelining: true });
  const producerRedis = createProducerConnection(env.REDIS_URL);
  const producer = new Producer("webhookDelivery", producerRedis, env.QUEUE_PREFIX);
  const leaseMs = env.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS;
  const retrySchedule = { baseMs: env.WEBHOOK_RETRY_BASE_MS, windowMs: env.WEBHOOK_RETRY_WINDOW_MS };
  const poster = createWebhookPoster({ timeoutMs: env.WEBHOOK_TIMEOUT_MS, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS });

  const batching = { maxBatch: env.DISPATCHER_CONCURRENCY, maxConcurrent: Math.min(STATEMENTS_IN_FLIGHT, env.DATABASE_POOL_SIZE) };
  const processor = createDeliveryProcessor({
    db,
    box: new SecretBox(env.WEBHOOK_SECRET_KEY),
    poster,
    slots: new SubscriptionSlots(
      redis,
      env.QUEUE_PREFIX,
      env.WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY,
      leaseMs,
      // Jobs of one subscription waiting for its slots hold at most a quarter of the worker's.
      Math.min(env.WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY, Math.floor(env.DISPATCHER_CONCURRENCY / 4)),
    ),
    claims: new DeliveryClaimer(db, { leaseMs, ...batching }),
    recorder: new AttemptRecorder(db, retrySchedule, batching),
    log,
  });

  const worker = new Worker<JobPayload<"webhookDelivery">>(QUEUES.webhookDelivery.name, processor, {
    connection: workerRedis,
    prefix: env.QUEUE_PREFIX,
    concurrency: env.DISPATCHER_CONCURRENCY,
    autorun: false,
    settings: {
      // The delay is decided by the attempt (and already stored on the delivery row); any
      // other failure is retried soon, and the row again says when an attempt is really due.
      backoffStrategy: (_attemptsMade, _type, error) =>
        error instanceof RetryScheduled ? Math.max(0, error.retryAt.getTime() - Date.now()) : Math.min(INFRASTRUCTURE_RETRY_MS, env.WEBHOOK_RETRY_BASE_MS),
    },
  });
  worker.on("error", (error) => log.error({ err: error }, "webhook worker error"));
  worker.on("failed", (job, error) => {
    if (error instanceof RetryScheduled) return;
    log.warn({ jobId: job?.id, err: error }, "webhook job failed");
  });

  const sweeper = new DeliverySweeper({
    db,
    producer,
    redis,
    prefix: env.QUEUE_PREFIX,
    intervalMs: env.WEBHOOK_SWEEP_INTERVAL_MS,
    log,
  });

  let server: Server | null = null;

  const shutdownSteps = () => [
    { name: "health server", run: async () => (server ? closeServer(server) : undefined) },
    { name: "webhook worker", run: () => worker.close() },
    { name: "sweeper", run: () => sweeper.stop() },
    { name: "http agents", run: async () => poster.close() },
    { name: "webhook queue", run: () => producer.close() },
    { name: "redis", run: () => Promise.all([redis.quit(), producerRedis.quit(), workerRedis.quit()].map((p) => p.catch(() => {}))) },
    { name: "postgres", run: () => db.close() },
  ];

  return {
    worker,
    sweeper,
    db,
    async start() {
      server = createHealthServer([
        { name: "postgres", check: () => db.prisma.$queryRaw`SELECT 1` },
        { name: "redis", check: () => redis.ping() },
      ]);
      const port = await listen(server, env.DISPATCHER_PORT);
      void worker.run().catch((error) => log.error({ err: error }, "webhook worker stopped"));
      await worker.waitUntilReady();
      sweeper.start();
      void sweeper.sweepOnce().catch((error) => log.warn({ err: error }, "webhook sweep failed"));
      return { port };
    },
    shutdownSteps,
    async stop() {
      for (const step of shutdownSteps()) {
        try {
          await step.run();
        } catch (error) {
          log.warn({ step: step.name, err: error }, "dispatcher shutdown step failed");
        }
      }
    },
  };
}
