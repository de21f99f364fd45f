import { databaseOptions, loadEnvOrExit, logFormat } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { closeConnections, createProducerConnection, requireRedisVersion } from "@svc/queues";
import { runApp } from "@svc/runtime";
import { smtpEnvSchema } from "./env.ts";
import { createSmtp } from "./smtp.ts";

const env = loadEnvOrExit(smtpEnvSchema);
const log = createLogger("smtp", env.LOG_LEVEL, { format: logFormat(env) });
const db = createDb(databaseOptions(env));
const redis = createProducerConnection(env);
const smtp = createSmtp(env, { db, redis, log });
await runApp(
  "smtp",
  smtp,
  log,
  [
    { name: "redis", run: () => closeConnections(redis) },
    { name: "postgres", run: () => db.close() },
  ],
  [() => requireRedisVersion(redis, log)],
);
