import { createServer, type Server } from "node:http";
import { SecretBox, createDnsResolver } from "@svc/core";
import { createDb, type DbHandle } from "@svc/db";
import { createLogger, type Logger } from "@svc/logger";
import { Producer, createProducerConnection } from "@svc/queues";
import { closeServer, listen } from "@svc/runtime";
import type { Redis } from "ioredis";
import { createDashboardApp } from "./app.ts";
import type { DashboardDeps } from "./deps.ts";
import type { DashboardEnv } from "./env.ts";
import { noInvitationMailer } from "./mail/invitationMailer.ts";
import { PipelineInvitationMailer } from "./mail/pipelineInvitationMailer.ts";
import { startSessionSweeper } from "./sessionSweeper.ts";

export interface DashboardResources {
  deps: DashboardDeps;
  handle: DbHandle;
  redis: Redis;
  sendProducer: Producer<"sendEmail">;
  webhookProducer: Producer<"webhookDelivery">;
}

/** Connections and domain helpers for one dashboard process, from its parsed env. */
export function createDashboardResources(env: DashboardEnv, log: Logger = createLogger("dashboard", env.LOG_LEVEL)): DashboardResources {
  const handle = createDb({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
  const redis = createProducerConnection(env.REDIS_URL);
  const sendProducer = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
  const webhookProducer = new Producer("webhookDelivery", redis, env.QUEUE_PREFIX);
  const invitations = env.DASHBOARD_SYSTEM_API_KEY
    ? new PipelineInvitationMailer(handle, sendProducer, { systemApiKey: env.DASHBOARD_SYSTEM_API_KEY, from: env.DASHBOARD_INVITE_FROM, log })
    : noInvitationMailer;
  const deps: DashboardDeps = {
    env,
    db: handle.prisma,
    handle,
    redis,
    log,
    resolver: createDnsResolver({ servers: env.DNS_SERVERS, timeoutMs: env.DNS_TIMEOUT_MS }),
    secrets: new SecretBox(env.WEBHOOK_SECRET_KEY),
    webhookProducer,
    invitations,
  };
  return { deps, handle, redis, sendProducer, webhookProducer };
}

export interface RunningDashboard {
  server: Server;
  port: number;
  resources: DashboardResources;
  stopBackgroundWork(): void;
  /** Server first, then background work and queues, then connections. */
  close(): Promise<void>;
}

/** Starts the dashboard on `port` (DASHBOARD_PORT by default; 0 picks a free one, for tests). */
export async function startDashboard(env: DashboardEnv, options: { port?: number; host?: string; log?: Logger } = {}): Promise<RunningDashboard> {
  const resources = createDashboardResources(env, options.log);
  const server = createServer(createDashboardApp(resources.deps));
  const port = await listen(server, options.port ?? env.DASHBOARD_PORT, options.host);
  const sweeper = startSessionSweeper(resources.deps.db, resources.deps.log);
  return {
    server,
    port,
    resources,
    stopBackgroundWork: () => sweeper.stop(),
    async close() {
      await closeServer(server).catch(() => {});
      sweeper.stop();
      await resources.sendProducer.close().catch(() => {});
      await resources.webhookProducer.close().catch(() => {});
      await resources.redis.quit().catch(() => {});
      await resources.handle.close();
    },
  };
}
