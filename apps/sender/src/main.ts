import { databaseOptions, loadEnvOrExit, logFormat } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { closeConnections, createWorkerConnection, requireRedisVersion } from "@svc/queues";
import { runApp } from "@svc/runtime";
import { senderEnvSchema } from "./env.ts";
import { createSender } from "./sender.ts";

const env = loadEnvOrExit(senderEnvSchema);
const log = createLogger("sender", env.LOG_LEVEL, { format: logFormat(env) });
const db = createDb(databaseOptions(env));
const workerRedis = createWorkerConnection(env);
const redis = createWorkerConnection(env);
const sender = createSender(env, { db, workerRedis, redis, log });
await runApp(
  "sender",
  sender,
  log,
  [
    { name: "redis", run: () => closeConnections(workerRedis, redis) },
    { name: "postgres", run: () => db.close() },
  ],
  [() => requireRedisVersion(redis, log)],
);
