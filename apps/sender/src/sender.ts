import type { Server } from "node:http";
import type { Worker } from "bullmq";
import type { Redis } from "ioredis";
import { createDb, type DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { createProvider, type EmailProvider } from "@svc/providers";
import { Producer, createWorkerConnection } from "@svc/queues";
import { Shutdown, closeServer, createHealthServer, listen } from "@svc/runtime";
import type { SenderEnv } from "./env.ts";
import { batchedHandoffWrites } from "./emails/batchedWrites.ts";
import type { HandoffDeps } from "./handoff.ts";
import { Sweeper } from "./sweeper.ts";
import { createSendWorker } from "./worker.ts";

export interface SenderDeps {
  env: SenderEnv;
  log: Logger;
  /** Defaults to the one EMAIL_PROVIDER names. */
  provider?: EmailProvider;
}

export interface Sender {
  /** Starts the health server, the worker and the sweeper; resolves with the health port. */
  start(): Promise<{ port: number }>;
  /** One sweep now (tests, and operators via the logs); the timer keeps running as well. */
  sweepOnce(): Promise<number>;
  readonly worker: Worker;
  /** Health server first, then the worker (in-flight handoffs finish), then connections. */
  readonly shutdown: Shutdown;
  close(): Promise<void>;
}

/** Builds a sender from parsed settings. main.ts and the tests both start it this way. */
export async function createSender({ env, log, provider: givenProvider }: SenderDeps): Promise<Sender> {
  // First, so that a provider that cannot start leaves no connections behind.
  const provider = givenProvider ?? (await createProvider(env, log));
  const db: DbHandle = createDb({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
  // Workers block on Redis and must wait for it forever; the sender's own enqueues (sweeps,
  // webhook deliveries of a rejection) happen in the background and can wait as well.
  const workerRedis: Redis = createWorkerConnection(env.REDIS_URL);
  const producerRedis: Redis = createWorkerConnection(env.REDIS_URL);
  const sendQueue = new Producer("sendEmail", producerRedis, env.QUEUE_PREFIX);
  const deliveries = new Producer("webhookDelivery", producerRedis, env.QUEUE_PREFIX);

  const claimLeaseMs = env.SEND_CLAIM_LEASE_MS;
  const handoff: HandoffDeps = {
    db,
    provider,
    deliveries,
    writes: batchedHandoffWrites(db, claimLeaseMs),
    retry: {
      windowMs: env.SEND_RETRY_WINDOW_HOURS * 3_600_000,
      baseDelayMs: env.SEND_RETRY_BASE_DELAY_MS,
      maxDelayMs: env.SEND_RETRY_MAX_DELAY_MS,
    },
  };
  const worker = createSendWorker(
    handoff,
    {
      connection: workerRedis,
      prefix: env.QUEUE_PREFIX,
      concurrency: env.SENDER_CONCURRENCY,
      maxSendRate: env.SES_MAX_SEND_RATE,
    },
    log,
  );
  const sweeper = new Sweeper(
    db.prisma,
    sendQueue,
    {
      intervalMs: env.SWEEP_INTERVAL_MS,
      minAgeMs: env.SWEEP_MIN_AGE_MS,
      claimLeaseMs,
      batchSize: env.SWEEP_BATCH_SIZE,
    },
    log.child({ component: "sweeper" }),
  );
  const server: Server = createHealthServer([
    { name: "postgres", check: () => db.prisma.$queryRaw`SELECT 1` },
    { name: "redis", check: () => producerRedis.ping() },
    { name: "worker", check: async () => (worker.isRunning() ? true : Promise.reject(new Error("stopped"))) },
  ]);

  const shutdown = new Shutdown(log)
    .add("health server", () => (server.listening ? closeServer(server) : undefined))
    .add("send worker", () => worker.close())
    .add("sweeper", () => sweeper.stop())
    .add("queues", () => Promise.all([sendQueue.close(), deliveries.close()]))
    .add("provider", () => provider.close())
    .add("redis", () => Promise.all([workerRedis.quit(), producerRedis.quit()]))
    .add("database", () => db.close());

  return {
    worker,
    shutdown,
    async start() {
      const port = await listen(server, env.SENDER_PORT);
      void worker.run().catch((error: unknown) => log.error({ err: error }, "send worker stopped"));
      sweeper.start();
      log.info({ port, provider: provider.name, concurrency: env.SENDER_CONCURRENCY, maxSendRate: env.SES_MAX_SEND_RATE }, "sender started");
      return { port };
    },
    sweepOnce: () => sweeper.sweepOnce(),
    close: () => shutdown.run(),
  };
}
