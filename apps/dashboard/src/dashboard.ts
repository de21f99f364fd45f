import { renderPoolOptionsOf } from "@svc/config";
import { createDnsResolver, createRenderPool, installationId, MailboxProviders, SecretBox, scheduleDomainRecheck } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { createSendingIdentities } from "@svc/providers";
import { Producer, queueLayout, RedisRateLimiter, SendQueue } from "@svc/queues";
import { type App, closeServer, createHttpServer, httpTimeoutsFrom, listen, type PeriodicTask } from "@svc/runtime";
import type { Redis } from "ioredis";
import { createDashboardApp } from "./app.ts";
import type { DashboardDeps } from "./deps.ts";
import { startDisabledWebhookNotices } from "./disabledWebhookNotices.ts";
import type { DashboardEnv } from "./env.ts";
import { invitationMailer } from "./mail/invitationMailer.ts";
import { noSystemMailer, PipelineMailer } from "./mail/pipelineMailer.ts";
import { startSessionSweeper } from "./sessionSweeper.ts";
import { createTenantStatusReader } from "./tenantStatus.ts";

/** What the dashboard is given and does not own: the caller closes these after its shutdown. */
export interface DashboardResources {
  db: DbHandle;
  /** A fail-fast producer connection (createProducerConnection): a login must not hang on Redis. */
  redis: Redis;
  log: Logger;
}

/** The dashboard process: the web app for people on DASHBOARD_PORT, and the session sweeper. */
export function createDashboard(env: DashboardEnv, { db, redis, log }: DashboardResources): App {
  const layout = queueLayout(env);
  const sendQueue = new SendQueue(redis, layout);
  const webhookProducer = new Producer("webhookDelivery", redis, layout);
  const mailer = env.DASHBOARD_SYSTEM_API_KEY
    ? new PipelineMailer(db, sendQueue, { systemApiKey: env.DASHBOARD_SYSTEM_API_KEY, from: env.DASHBOARD_INVITE_FROM, log })
    : noSystemMailer;
  const invitations = invitationMailer(mailer);
  const secrets = new SecretBox(env.WEBHOOK_SECRET_KEY);
  const identities = createSendingIdentities(env, () => installationId(db.prisma));
  const resolver = createDnsResolver({ servers: env.DNS_SERVERS, timeoutMs: env.DNS_TIMEOUT_MS });
  const deps: DashboardDeps = {
    env,
    prisma: db.prisma,
    db,
    redis,
    log,
    resolver,
    mailboxProviders: new MailboxProviders(resolver),
    secrets,
    domains: { secrets, identities, region: env.AWS_REGION, claimTtlMs: env.DOMAIN_CLAIM_TTL_HOURS * 3_600_000 },
    sendQueue,
    sendProducer: sendQueue.producer,
    webhookProducer,
    invitations,
    mailer: mailer === noSystemMailer ? null : mailer,
    tenantStatus: createTenantStatusReader(env),
    renderPool: createRenderPool(renderPoolOptionsOf(env), log),
    previewLimiter: new RedisRateLimiter(redis, env.QUEUE_PREFIX, log),
  };
  const server = createHttpServer(createDashboardApp(deps), httpTimeoutsFrom(env));
  let sessionSweeper: PeriodicTask | null = null;
  let domainRecheck: PeriodicTask | null = null;
  let webhookNotices: PeriodicTask | null = null;

  return {
    async start() {
      const port = await listen(server, env.DASHBOARD_PORT);
      sessionSweeper = startSessionSweeper(deps.prisma, log);
      // Every dashboard schedules it; an advisory lock lets one run it at a time.
      if (env.DOMAIN_RECHECK_INTERVAL_HOURS > 0) {
        domainRecheck = scheduleDomainRecheck(
          db,
          log.child({ component: "domain-recheck" }),
          { intervalMs: env.DOMAIN_RECHECK_INTERVAL_HOURS * 3_600_000, resolver: deps.resolver, deliveries: webhookProducer },
          deps.domains,
        );
      }
      if (env.DASHBOARD_SIGNUP && !deps.mailer) {
        log.warn(
          "sign-up is open with no system sender (DASHBOARD_SYSTEM_API_KEY): addresses are not confirmed by email; fine for local development, not for a public server",
        );
      }
      if (mailer !== noSystemMailer) {
        webhookNotices = startDisabledWebhookNotices(deps.prisma, mailer, {
          dashboardBaseUrl: env.DASHBOARD_BASE_URL,
          intervalMs: env.DASHBOARD_NOTICE_INTERVAL_MS,
          log,
        });
      }
      return { port, signup: env.DASHBOARD_SIGNUP, invitationEmails: Boolean(env.DASHBOARD_SYSTEM_API_KEY) };
    },
    // The server first (finish in-flight requests), then background work and queues.
    shutdown: [
      { name: "http server", run: () => closeServer(server) },
      { name: "session sweeper", run: () => sessionSweeper?.stop() },
      { name: "domain re-check", run: () => domainRecheck?.stop() },
      { name: "disabled webhook notices", run: () => webhookNotices?.stop() },
      { name: "queues", run: () => Promise.all([sendQueue.close(), webhookProducer.close()]) },
      { name: "ses client", run: () => identities?.close() },
      { name: "ses tenant status", run: () => deps.tenantStatus?.close() },
      { name: "render pool", run: () => deps.renderPool.close() },
    ],
  };
}
