import { databaseOptions, loadEnvOrExit, logFormat } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { closeConnections, createProducerConnection, requireRedisVersion } from "@svc/queues";
import { runApp } from "@svc/runtime";
import { ingestEnvSchema } from "./env.ts";
import { createIngest } from "./ingest.ts";

const env = loadEnvOrExit(ingestEnvSchema);
const log = createLogger("ingest", env.LOG_LEVEL, { format: logFormat(env) });
const db = createDb(databaseOptions(env));
const redis = createProducerConnection(env);
const ingest = createIngest(env, { db, redis, log });
await runApp(
  "ingest",
  ingest,
  log,
  [
    { name: "redis", run: () => closeConnections(redis) },
    { name: "postgres", run: () => db.close() },
  ],
  [() => requireRedisVersion(redis, log)],
);
