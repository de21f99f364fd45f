import { databaseOptions, loadEnvOrExit, logFormat } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { closeConnections, createProducerConnection, requireRedisVersion } from "@svc/queues";
import { runApp } from "@svc/runtime";
import { createDashboard } from "./dashboard.ts";
import { dashboardEnvSchema } from "./env.ts";

const env = loadEnvOrExit(dashboardEnvSchema);
const log = createLogger("dashboard", env.LOG_LEVEL, { format: logFormat(env) });
const db = createDb(databaseOptions(env));
const redis = createProducerConnection(env);
const dashboard = createDashboard(env, { db, redis, log });
await runApp(
  "dashboard",
  dashboard,
  log,
  [
    { name: "redis", run: () => closeConnections(redis) },
    { name: "postgres", run: () => db.close() },
  ],
  [() => requireRedisVersion(redis, log)],
);
