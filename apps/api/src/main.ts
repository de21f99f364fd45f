import { createServer } from "node:http";
import { exitOnConfigError, loadEnv } from "@svc/config";
import { scheduleRetention } from "@svc/core";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { Producer, createProducerConnection } from "@svc/queues";
import { Shutdown, closeServer, listen } from "@svc/runtime";
import { createApiApp } from "./app.ts";
import { apiEnvSchema, type ApiEnv } from "./env.ts";

let env: ApiEnv;
try {
  env = loadEnv(apiEnvSchema);
} catch (error) {
  exitOnConfigError(error);
}

const logger = createLogger("api", env.LOG_LEVEL);
const db = createDb({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
const redis = createProducerConnection(env.REDIS_URL);
const producer = new Producer("sendEmail", redis, env.QUEUE_PREFIX);

const server = createServer(createApiApp({ db, producer, logger, config: env }));
const retention =
  env.RETENTION_INTERVAL_SECONDS > 0 ? scheduleRetention(db, logger, { intervalMs: env.RETENTION_INTERVAL_SECONDS * 1000 }) : null;

// Servers first (stop taking requests, finish in-flight ones), then background work, then connections.
new Shutdown(logger)
  .add("http server", () => closeServer(server))
  .add("retention job", () => retention?.stop())
  .add("send queue", () => producer.close())
  .add("redis", () => redis.quit())
  .add("postgres", () => db.close())
  .installSignalHandlers();

const port = await listen(server, env.API_PORT);
logger.info({ port }, "api listening");
