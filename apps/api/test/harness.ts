import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { databaseOptions, loadEnv } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger, type Logger } from "@svc/logger";
import { createProducerConnection, Producer } from "@svc/queues";
import { Shutdown } from "@svc/runtime";
import { testEnv } from "../../../test/support/env.ts";
import { apiEnvSchema, createApi } from "../src/index.ts";
import { watchApi } from "./contract.ts";

/** One running API instance on an ephemeral port, with its own pool and Redis connection. */
export interface ApiInstance {
  url: string;
  /** A producer on the instance's send queue, to look at the jobs it enqueued. */
  producer: Producer<"sendEmail">;
  /** Requests waiting for one of the instance's pooled connections right now. */
  poolWaiting(): number;
  close(): Promise<void>;
}

export async function startApi(overrides: Record<string, string> = {}, options: { log?: Logger } = {}): Promise<ApiInstance> {
  const config = loadEnv(apiEnvSchema, testEnv({ RETENTION_INTERVAL_SECONDS: "0", API_PORT: "0", ...overrides }));
  const log = options.log ?? createLogger("api-test", config.LOG_LEVEL);
  const db = createDb(databaseOptions(config));
  // The outage tests point at a closed port; after a failed connect, ioredis's disconnect waits
  // `disconnectTimeout` (2 s by default) for a close that never comes, holding Jest open.
  const redis = createProducerConnection(config.REDIS_URL, { disconnectTimeout: 100 });
  const api = createApi(config, { db, redis, log });
  const { port } = await api.start();
  const producer = new Producer("sendEmail", redis, config.QUEUE_PREFIX);
  const url = `http://127.0.0.1:${port}`;
  // Every answer of this instance that a test receives is checked against the OpenAPI document.
  const unwatch = watchApi(url);
  return {
    url,
    producer,
    poolWaiting: () => db.pool.waitingCount,
    async close() {
      unwatch();
      await new Shutdown(log).addAll(api.shutdown).run();
      // This file's queue prefix is unique; remove its keys so the Redis db stays clean.
      if (redis.status === "ready") await producer.queue.obliterate({ force: true }).catch(() => {});
      await producer.close().catch(() => {});
      redis.disconnect();
      await db.close();
    },
  };
}

/** A TCP port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A valid send request from the fixture's verified domain. */
export function sendBody(domain: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    from: `Acme <hello@${domain}>`,
    to: ["someone@example.org"],
    subject: "Hello",
    text: "Hi there",
    ...overrides,
  };
}

/** A logger that keeps what is logged (level and message) instead of printing it. */
export function capturingLogger(): { log: Logger; lines: Array<{ level: number; message: string; fields: Record<string, unknown> }> } {
  const lines: Array<{ level: number; message: string; fields: Record<string, unknown> }> = [];
  const log = createLogger("api-test", "info", {
    hooks: {
      logMethod(args, _method, level) {
        const [first, second] = args as unknown[];
        const fields = typeof first === "object" && first !== null ? (first as Record<string, unknown>) : {};
        const message = typeof first === "string" ? first : typeof second === "string" ? second : "";
        lines.push({ level, message, fields });
      },
    },
  });
  return { log, lines };
}
