import { databaseOptions, loadEnvOrExit, logFormat } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { closeConnections, createProducerConnection } from "@svc/queues";
import { runApp } from "@svc/runtime";
import { inboundEnvSchema } from "./env.ts";
import { createInbound } from "./inbound.ts";

const env = loadEnvOrExit(inboundEnvSchema);
const log = createLogger("inbound", env.LOG_LEVEL, { format: logFormat(env) });
const db = createDb(databaseOptions(env));
const redis = createProducerConnection(env);
const inbound = createInbound(env, { db, redis, log });
await runApp("inbound", inbound, log, [
  { name: "redis", run: () => closeConnections(redis) },
  { name: "postgres", run: () => db.close() },
]);
