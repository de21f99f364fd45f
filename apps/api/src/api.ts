import { renderPoolOptionsOf } from "@svc/config";
import {
  createDnsResolver,
  createFileStore,
  createRenderPool,
  ErasureRunner,
  ErasureTokens,
  MailboxProviders,
  schedulePartitionUpkeep,
  scheduleRetention,
} from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { setBodyBudget } from "@svc/metrics/api";
import { Producer, queueLayout, type Redis, RedisRateLimiter, SendQueue } from "@svc/queues";
import { type App, ByteBudget, closeServer, createHttpServer, httpTimeoutsFrom, listen, type PeriodicTask } from "@svc/runtime";
import { createApiApp } from "./app.ts";
import type { ApiEnv } from "./env.ts";

/** What the api is given and does not own: the caller closes these after the api's shutdown. */
export interface ApiResources {
  db: DbHandle;
  /** A fail-fast producer connection (createProducerConnection): a send never waits on Redis. */
  redis: Redis;
  log: Logger;
}

/** The api process: the REST API on API_PORT, the erasure runner, partition upkeep, and the retention job unless it is turned off. */
export function createApi(env: ApiEnv, { db, redis, log }: ApiResources): App {
  const layout = queueLayout(env);
  const sendQueue = new SendQueue(redis, layout);
  const webhookQueue = new Producer("webhookDelivery", redis, layout);
  const rateLimiter = new RedisRateLimiter(redis, env.QUEUE_PREFIX, log);
  const bodyBudget = new ByteBudget(env.API_BODY_MEMORY_BUDGET_MB * 1024 * 1024, env.API_BODY_BUDGET_WORKSPACE_SHARE);
  setBodyBudget(bodyBudget.maxBytes);
  const files = createFileStore(env, db);
  const renderPool = createRenderPool(renderPoolOptionsOf(env), log);
  const mailboxProviders = new MailboxProviders(createDnsResolver({ servers: env.DNS_SERVERS, timeoutMs: env.DNS_TIMEOUT_MS }));
  const erasures = new ErasureRunner(db, log, {
    files,
    tokens: new ErasureTokens(env.WEBHOOK_SECRET_KEY),
    intervalMs: env.ERASURE_POLL_INTERVAL_MS,
    batchSize: env.ERASURE_BATCH_SIZE,
    leaseMs: env.ERASURE_LEASE_MS,
    workShare: env.ERASURE_WORK_SHARE,
  });
  const server = createHttpServer(
    createApiApp({
      db,
      sendQueue,
      webhookQueue,
      logger: log,
      config: env,
      rateLimiter,
      bodyBudget,
      files,
      renderPool,
      mailboxProviders,
      wakeErasureRunner: () => erasures.wake(),
    }),
    httpTimeoutsFrom(env),
  );
  let retention: PeriodicTask | null = null;
  let partitionUpkeep: PeriodicTask | null = null;

  return {
    async start() {
      const port = await listen(server, env.API_PORT);
      erasures.start();
      partitionUpkeep = schedulePartitionUpkeep(db, log, { intervalMs: env.PARTITION_UPKEEP_INTERVAL_SECONDS * 1000 });
      if (env.RETENTION_INTERVAL_SECONDS > 0)
        retention = scheduleRetention(db, log, {
          intervalMs: env.RETENTION_INTERVAL_SECONDS * 1000,
          files,
          budget: { sweepKeys: env.FILE_SWEEP_KEYS_PER_RUN, deletions: env.FILE_DELETIONS_PER_RUN },
        });
      return { port };
    },
    // The server first (stop taking requests, finish in-flight ones), then background work.
    shutdown: [
      { name: "http server", run: () => closeServer(server) },
      { name: "retention job", run: () => retention?.stop() },
      { name: "erasure runner", run: () => erasures.stop() },
      { name: "partition upkeep", run: () => partitionUpkeep?.stop() },
      { name: "send queue", run: () => sendQueue.close() },
      { name: "webhook queue", run: () => webhookQueue.close() },
      { name: "file store", run: () => files.close() },
      { name: "render pool", run: () => renderPool.close() },
    ],
  };
}
