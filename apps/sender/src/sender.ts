import { groupCommitMsFor, renderPoolOptionsOf } from "@svc/config";
import {
  AttachmentBudget,
  ConfigurationSetChooser,
  cachedTemplateRenderer,
  createFileStore,
  createRenderPool,
  ErasureTokens,
  findAcceptedEmails,
  handoffRecords,
  sqlPool,
  UnsubscribeLinks,
  UnsubscribeTokens,
} from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { watchQueueDepth } from "@svc/metrics";
import { watchAccountQuota, watchRateLimiter, watchRenderPool } from "@svc/metrics/sender";
import {
  createProvider,
  createSesApiClients,
  type EmailProvider,
  readSesAccount,
  type SesAccountView,
  type SesApiClients,
  SesTenants,
} from "@svc/providers";
import { Producer, queueLayout, SendGate, SendQueue, UnrecordedAcceptances } from "@svc/queues";
import { type App, closeServer, createHealthServer, httpTimeoutsFrom, listen } from "@svc/runtime";
import type { Worker } from "bullmq";
import type { Redis } from "ioredis";
import { AccountWatch } from "./accountWatch.ts";
import { withConfigurationSets } from "./configurationSets.ts";
import { batchedHandoffWrites } from "./emails/batchedWrites.ts";
import type { SenderEnv } from "./env.ts";
import { createRegionalSending, type RegionalSending, usesRegions } from "./regions.ts";
import { Scheduler } from "./scheduler.ts";
import { resolveMaxSendRate } from "./sendRate.ts";
import { Sweeper } from "./sweeper.ts";
import { withTenants } from "./tenants.ts";
import { timedProvider } from "./timedProvider.ts";
import { createSendWorkers } from "./worker.ts";

/**
 * The longest a handoff sleeps for its turn at the send rate while holding its claim: well
 * inside the claim lease; a turn further ahead puts the email back in the queue until then.
 */
const MAX_RATE_WAIT_MS = 60_000;

/** What the sender is given and does not own: the caller closes these after its shutdown. */
export interface SenderResources {
  db: DbHandle;
  /** The worker's connection (createWorkerConnection): it blocks waiting for jobs. */
  workerRedis: Redis;
  /**
   * The sender's own enqueues (sweeps, webhook deliveries of a rejection) happen in the
   * background and may wait for Redis as well: a worker connection too, not a fail-fast one.
   */
  redis: Redis;
  log: Logger;
  /** Defaults to the one EMAIL_PROVIDER names, created at start and closed at shutdown. */
  provider?: EmailProvider;
}

export interface Sender extends App {
  /** One sweep now (tests, and operators via the logs); the timer keeps running as well. */
  sweepOnce(): Promise<number>;
  /** One pass of the scheduler now: queues the scheduled emails that are due. */
  queueDueOnce(): Promise<number>;
  /** The send workers, one per consumed shard; there are some once `start` has resolved. */
  readonly workers: readonly Worker[];
}

/** The sender process: hands queued email to the provider. Scale it by running more of them. */
export function createSender(env: SenderEnv, { db, workerRedis, redis, log, provider: givenProvider }: SenderResources): Sender {
  const layout = queueLayout(env);
  const sendQueue = new SendQueue(redis, layout);
  const files = createFileStore(env, db);
  const deliveries = new Producer("webhookDelivery", redis, layout);
  const claimLeaseMs = env.SEND_CLAIM_LEASE_MS;
  const retryWindowMs = env.SEND_RETRY_WINDOW_HOURS * 3_600_000;
  const sweeper = new Sweeper(
    db,
    sendQueue,
    {
      intervalMs: env.SWEEP_INTERVAL_MS,
      minAgeMs: env.SWEEP_MIN_AGE_MS,
      claimLeaseMs,
      batchSize: env.SWEEP_BATCH_SIZE,
    },
    log.child({ component: "sweeper" }),
  );
  const scheduler = new Scheduler(
    db,
    sendQueue,
    { intervalMs: env.SCHEDULE_POLL_INTERVAL_MS, batchSize: env.SCHEDULE_BATCH_SIZE },
    log.child({ component: "scheduler" }),
  );
  let provider: EmailProvider | null = null;
  let workers: Worker[] = [];
  let sesApi: SesApiClients | null = null;
  let accountWatch: AccountWatch | null = null;
  let regional: RegionalSending | null = null;
  const server = createHealthServer(
    [
      { name: "postgres", check: () => db.ping() },
      { name: "redis", check: () => redis.ping() },
      {
        name: "worker",
        check: async () =>
          workers.length > 0 && workers.every((worker) => worker.isRunning()) ? true : Promise.reject(new Error("stopped")),
      },
    ],
    httpTimeoutsFrom(env),
    env.METRICS_TOKEN,
  );
  // This process reports its own queue's depth and the shared rate limiter on /metrics.
  const unwatch = [watchQueueDepth(sendQueue.producer.queues, redis)];
  const renderPool = createRenderPool(renderPoolOptionsOf(env), log);
  unwatch.push(watchRenderPool(renderPool));

  return {
    async start() {
      // Several SES regions: one provider over all of them, each with its circuit (see RegionalProvider).
      regional = !givenProvider && usesRegions(env) ? createRegionalSending(env, db, log.child({ component: "regions" })) : null;
      provider =
        givenProvider ??
        regional?.provider ??
        (await createProvider(env, log, { requestTimeoutMs: env.SES_REQUEST_TIMEOUT_MS }, { findAccepted: findAcceptedEmails(db) }));
      if (env.EMAIL_PROVIDER === "ses" && !regional) sesApi = createSesApiClients(env);
      const sesClient = sesApi?.ses;
      // The account's quota and pause, shared through the gate: read before the first handoff. With
      // several regions each region's account is its circuit's (a pause there moves its mail), and
      // the first region's account gives the send rate.
      const readAccount: (() => Promise<SesAccountView>) | null = sesClient ? () => readSesAccount(sesClient) : null;
      const readRateAccount = regional ? regional.readFirstAccount : readAccount;
      const firstAccount = readRateAccount
        ? await readRateAccount().catch((error: unknown) => {
            log.warn({ err: error }, "could not read the SES account (GetAccount) at start");
            return null;
          })
        : null;
      const maxSendRate = resolveMaxSendRate(env, firstAccount, log);
      const gate = new SendGate(redis, env.QUEUE_PREFIX, {
        recipientsPerSecond: maxSendRate,
        maxWaitMs: Math.min(MAX_RATE_WAIT_MS, Math.floor(claimLeaseMs / 3)),
        holdMs: env.SES_TENANT_HOLD_MS,
        quotaWindowMs: env.SES_QUOTA_WINDOW_MS,
        accountRefreshMs: env.SES_ACCOUNT_REFRESH_MS,
      });
      if (maxSendRate > 0) unwatch.push(watchRateLimiter(gate, maxSendRate));
      if (readAccount) {
        accountWatch = new AccountWatch(readAccount, gate, env.SES_ACCOUNT_REFRESH_MS, log.child({ component: "account" }));
        await accountWatch.start(firstAccount);
        unwatch.push(watchAccountQuota(gate));
      }
      const chooser = new ConfigurationSetChooser(db, { region: env.AWS_REGION, override: env.SES_CONFIGURATION_SET });
      let sesProvider = provider;
      if (provider.name === "ses" && env.SES_TENANTS === "on" && !regional) {
        sesApi ??= createSesApiClients(env);
        sesProvider = withTenants(provider, new SesTenants(sesApi.ses), log.child({ component: "tenants" }));
      }
      workers = createSendWorkers(
        {
          // Configuration sets and tenants are SES's; the simulator keeps its own set (SES_CONFIGURATION_SET).
          // With regions, each region's provider already has its sets and tenants.
          provider: timedProvider(provider.name === "ses" && !regional ? withConfigurationSets(sesProvider, chooser) : provider),
          deliveries,
          writes: batchedHandoffWrites(db, claimLeaseMs, groupCommitMsFor("independent", env), new ErasureTokens(env.WEBHOOK_SECRET_KEY)),
          records: handoffRecords(db, files),
          unrecordedAcceptances: new UnrecordedAcceptances(redis, env.QUEUE_PREFIX, retryWindowMs),
          gate,
          // Read once per published version, which never changes; the least recently used go first.
          templates: cachedTemplateRenderer(sqlPool(db), renderPool, { maxCached: 500 }),
          unsubscribe: new UnsubscribeLinks(new UnsubscribeTokens(env.WEBHOOK_SECRET_KEY), env.UNSUBSCRIBE_BASE_URL),
          clock: { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
          attachmentBudget: new AttachmentBudget(env.SENDER_ATTACHMENT_BUDGET_BYTES, env.SENDER_ATTACHMENT_WAIT_MS),
          retry: {
            windowMs: retryWindowMs,
            baseDelayMs: env.SEND_RETRY_BASE_DELAY_MS,
            maxDelayMs: env.SEND_RETRY_MAX_DELAY_MS,
          },
        },
        { connection: workerRedis, layout, concurrency: env.SENDER_CONCURRENCY, sendQueue: sendQueue.producer },
        log,
      );
      // Templated emails are the sender's daily work: its render threads load before the first one.
      renderPool.start();
      const port = await listen(server, env.SENDER_PORT);
      for (const worker of workers) void worker.run().catch((error: unknown) => log.error({ err: error }, "send worker stopped"));
      sweeper.start();
      scheduler.start();
      regional?.start();
      return { port, provider: provider.name, concurrency: env.SENDER_CONCURRENCY, maxSendRate };
    },
    // The health server first, then the worker (in-flight handoffs finish), then background work.
    shutdown: [
      { name: "health server", run: () => closeServer(server) },
      {
        name: "queue metrics",
        run: () => {
          for (const stop of unwatch) stop();
        },
      },
      { name: "send workers", run: () => Promise.all(workers.map((worker) => worker.close())) },
      { name: "account watch", run: () => accountWatch?.stop() },
      { name: "region probes", run: () => regional?.stop() },
      { name: "sweeper", run: () => sweeper.stop() },
      { name: "scheduler", run: () => scheduler.stop() },
      { name: "render pool", run: () => renderPool.close() },
      { name: "queues", run: () => Promise.all([sendQueue.close(), deliveries.close()]) },
      { name: "provider", run: () => provider?.close() },
      { name: "SES API clients", run: () => sesApi?.close() },
      { name: "file store", run: () => files.close() },
    ],
    sweepOnce: () => sweeper.sweepOnce(),
    queueDueOnce: () => scheduler.queueDueOnce(),
    get workers() {
      if (workers.length === 0) throw new Error("The sender has not been started.");
      return workers;
    },
  };
}
