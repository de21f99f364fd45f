import { groupCommitMsFor } from "@svc/config";
import { createFileStore, listSesSetups, UnsubscribeTokens } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { createReceivedObjectReader } from "@svc/providers";
import { Producer, queueLayout, type Redis } from "@svc/queues";
import { type App, ByteBudget, ClientRateLimit, closeServer, createHttpServer, httpTimeoutsFrom, listen } from "@svc/runtime";
import { createIngestApp } from "./app.ts";
import type { IngestEnv } from "./env.ts";
import { AcceptedTopics } from "./sns/acceptedTopics.ts";
import { NotificationClock } from "./sns/notificationClock.ts";
import type { ConfirmSubscription } from "./sns/subscription.ts";
import { createSnsVerifier, listedTopicArns, trustsSimulator } from "./sns/verification.ts";

/** What the ingester is given and does not own: the caller closes these after its shutdown. */
export interface IngestResources {
  db: DbHandle;
  /** A fail-fast producer connection (createProducerConnection) for the webhook queue. */
  redis: Redis;
  log: Logger;
  /** Defaults to a GET of SubscribeURL. */
  confirmSubscription?: ConfirmSubscription;
}

/** The ingester process: POST /sns/ses and the public /unsubscribe/<token> on INGEST_PORT. */
export function createIngest(env: IngestEnv, { db, redis, log, confirmSubscription }: IngestResources): App {
  const deliveries = new Producer("webhookDelivery", redis, queueLayout(env));
  const topics = new AcceptedTopics({
    provider: env.EMAIL_PROVIDER,
    listed: listedTopicArns(env),
    configurationSetOverride: env.SES_CONFIGURATION_SET,
    loadSetups: () => listSesSetups(db.prisma),
  });
  const files = env.SES_INBOUND_BUCKET ? createFileStore(env, db) : null;
  const receiving = env.SES_INBOUND_BUCKET
    ? {
        bucket: env.SES_INBOUND_BUCKET,
        reader: createReceivedObjectReader(env, env.SES_INBOUND_MAX_BYTES, new ByteBudget(env.INGEST_RECEIVING_BUDGET_MB * 1024 * 1024)),
        ...(files ? { files } : {}),
      }
    : null;
  const app = createIngestApp({
    db,
    verifier: createSnsVerifier(env, topics),
    topics,
    notificationClock: new NotificationClock(db, log),
    deliveries,
    receiving,
    log,
    metricsToken: env.METRICS_TOKEN,
    groupCommitMs: groupCommitMsFor("independent", env),
    unsubscribe: { tokens: new UnsubscribeTokens(env.WEBHOOK_SECRET_KEY), rateLimit: new ClientRateLimit(env.UNSUBSCRIBE_RATE_PER_MINUTE) },
    ...(confirmSubscription ? { confirmSubscription } : {}),
    readiness: [{ name: "redis", check: () => redis.ping() }],
  });
  const server = createHttpServer(app, httpTimeoutsFrom(env));

  return {
    async start() {
      // Before listening: with SES and no accepted topic there is nothing this process may accept.
      await topics.start();
      const port = await listen(server, env.INGEST_PORT);
      return { port, trustsSimulator: trustsSimulator(env), acceptedTopics: topics.describe() };
    },
    shutdown: [
      { name: "http server", run: () => closeServer(server) },
      { name: "webhook queue", run: () => deliveries.close() },
      { name: "s3 client", run: () => receiving?.reader.close() },
      { name: "file store", run: () => files?.close() },
    ],
  };
}
