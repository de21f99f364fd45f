import { createServer } from "node:http";
import { exitOnConfigError, loadEnv } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { createProducerConnection, Producer } from "@svc/queues";
import { closeServer, listen, Shutdown } from "@svc/runtime";
import { createIngestApp } from "./app.ts";
import { ingestEnvSchema, type IngestEnv } from "./env.ts";
import { createSnsVerifier, trustsSimulator } from "./sns/verification.ts";

/** The ingester process: POST /sns/ses on INGEST_PORT. */
async function main(env: IngestEnv): Promise<void> {
  const log = createLogger("ingest", env.LOG_LEVEL);
  const database = createDb({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
  const redis = createProducerConnection(env.REDIS_URL);
  const deliveries = new Producer("webhookDelivery", redis, env.QUEUE_PREFIX);

  const app = createIngestApp({
    db: database,
    verifier: createSnsVerifier(env),
    deliveries,
    log,
    readiness: [{ name: "redis", check: () => redis.ping() }],
  });
  const server = createServer(app);
  server.requestTimeout = 30_000;

  const shutdown = new Shutdown(log)
    .add("http server", () => closeServer(server))
    .add("webhook queue", () => deliveries.close())
    .add("redis", () => redis.quit())
    .add("database", () => database.close())
    .installSignalHandlers();

  try {
    const port = await listen(server, env.INGEST_PORT);
    log.info({ port, trustsSimulator: trustsSimulator(env), topicAllowList: env.SNS_TOPIC_ARNS !== "" }, "ingest listening on /sns/ses");
  } catch (error) {
    log.fatal({ err: error }, "could not start");
    await shutdown.run();
    process.exit(1);
  }
}

let env: IngestEnv;
try {
  env = loadEnv(ingestEnvSchema);
} catch (error) {
  exitOnConfigError(error);
}
await main(env);
