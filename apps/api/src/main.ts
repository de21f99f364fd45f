import { databaseOptions, loadEnvOrExit, logFormat } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { closeConnections, createProducerConnection, requireRedisVersion } from "@svc/queues";
import { runApp } from "@svc/runtime";
import { createApi } from "./api.ts";
import { apiEnvSchema } from "./env.ts";

const env = loadEnvOrExit(apiEnvSchema);
const log = createLogger("api", env.LOG_LEVEL, { format: logFormat(env) });
const db = createDb(databaseOptions(env));
const redis = createProducerConnection(env);
const api = createApi(env, { db, redis, log });
await runApp(
  "api",
  api,
  log,
  [
    { name: "redis", run: () => closeConnections(redis) },
    { name: "postgres", run: () => db.close() },
  ],
  [() => requireRedisVersion(redis, log)],
);
