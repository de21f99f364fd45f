import { loadEnvOrExit, logFormat } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { closeConnections, createProducerConnection, createWorkerConnection, requireRedisVersion } from "@svc/queues";
import { runApp } from "@svc/runtime";
import { createDispatcher } from "./dispatcher.ts";
import { dispatcherEnvSchema } from "./env.ts";

const env = loadEnvOrExit(dispatcherEnvSchema);
const log = createLogger("dispatcher", env.LOG_LEVEL, { format: logFormat(env) });
const db = createDb({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, preparedStatements: env.DATABASE_PREPARED_STATEMENTS });
const workerRedis = createWorkerConnection(env);
const redis = createWorkerConnection(env, { enableAutoPipelining: true });
const producerRedis = createProducerConnection(env);
const dispatcher = createDispatcher(env, { db, workerRedis, redis, producerRedis, log });
await runApp(
  "dispatcher",
  dispatcher,
  log,
  [
    { name: "redis", run: () => closeConnections(workerRedis, redis, producerRedis) },
    { name: "postgres", run: () => db.close() },
  ],
  [() => requireRedisVersion(redis, log)],
);
