import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDnsResolver, createFileStore, type MailauthResolver } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { Producer, queueLayout, type Redis } from "@svc/queues";
import { type App, ByteBudget, ClientRateLimit, closeServer, createHealthServer, httpTimeoutsFrom, listen } from "@svc/runtime";
import type { SMTPServer } from "smtp-server";
import type { InboundEnv } from "./env.ts";
import { RcptThrottle } from "./rcptThrottle.ts";
import { createReceiver } from "./receiver.ts";

export interface InboundResources {
  db: DbHandle;
  /** A fail-fast producer connection: the webhook delivery queue. */
  redis: Redis;
  log: Logger;
}

const SHUTDOWN_MARGIN_MS = 10_000;

/** The built-in MX receiver process: SMTP on INBOUND_PORT, health on INBOUND_HEALTH_PORT. */
export function createInbound(env: InboundEnv, { db, redis, log }: InboundResources): App {
  const deliveries = new Producer("webhookDelivery", redis, queueLayout(env));
  const files = createFileStore(env, db);
  const resolver = createDnsResolver({ servers: env.DNS_SERVERS, timeoutMs: env.DNS_TIMEOUT_MS }) as unknown as MailauthResolver;
  const budget = new ByteBudget(env.INBOUND_MESSAGE_BUDGET_MB * 1024 * 1024, env.INBOUND_BUDGET_CLIENT_SHARE);
  const rcptThrottle = new RcptThrottle(redis, {
    prefix: env.QUEUE_PREFIX,
    maxFailures: env.INBOUND_FAILED_RCPTS_PER_CLIENT,
    windowSeconds: env.INBOUND_FAILED_RCPT_WINDOW_SECONDS,
    log,
  });
  let server: SMTPServer | null = null;
  let spoolDir: string | null = null;
  const health = createHealthServer(
    [
      { name: "postgres", check: () => db.ping() },
      { name: "redis", check: () => redis.ping() },
      { name: "smtp", check: async () => (server?.server.listening ? true : Promise.reject(new Error("not listening"))) },
    ],
    httpTimeoutsFrom(env),
  );
  return {
    async start() {
      // A directory of this process's own, so that files a crash left behind are never read.
      if (env.INBOUND_SPOOL_DIR) await mkdir(env.INBOUND_SPOOL_DIR, { recursive: true, mode: 0o700 });
      spoolDir = await mkdtemp(path.join(env.INBOUND_SPOOL_DIR ?? os.tmpdir(), "svc-inbound-"));
      server = createReceiver(
        {
          hostname: env.INBOUND_HOSTNAME,
          maxMessageBytes: env.INBOUND_MAX_MESSAGE_BYTES,
          maxRecipients: env.INBOUND_MAX_RECIPIENTS,
          maxFailedRecipients: env.INBOUND_MAX_FAILED_RCPTS,
          maxClients: env.INBOUND_MAX_CLIENTS,
          socketTimeoutMs: env.INBOUND_SOCKET_TIMEOUT_MS,
          closeTimeoutMs: env.INBOUND_SHUTDOWN_GRACE_MS,
        },
        {
          db,
          deliveries,
          resolver,
          rateLimit: new ClientRateLimit(env.INBOUND_RATE_PER_MINUTE),
          rcptThrottle,
          budget,
          spoolDir,
          log,
          files,
        },
      );
      const smtpPort = await listen(server.server, env.INBOUND_PORT);
      const port = await listen(health, env.INBOUND_HEALTH_PORT);
      return { port, smtpPort };
    },
    shutdownDeadlineMs: env.INBOUND_SHUTDOWN_GRACE_MS + SHUTDOWN_MARGIN_MS,
    shutdown: [
      { name: "smtp server", run: () => server && new Promise<void>((resolve) => server!.close(() => resolve())) },
      { name: "health server", run: () => closeServer(health) },
      { name: "spool", run: () => spoolDir && rm(spoolDir, { recursive: true, force: true }) },
      { name: "delivery queue", run: () => deliveries.close() },
      { name: "file store", run: () => files.close() },
    ],
  };
}
