import type { DomainContext, MailboxProviders, RenderPool, SecretBox, TxtResolver } from "@svc/core";
import type { Db, DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { Producer, RedisRateLimiter, SendQueue } from "@svc/queues";
import type { Redis } from "ioredis";
import type { DashboardEnv } from "./env.ts";
import type { InvitationMailer } from "./mail/invitationMailer.ts";
import type { SystemMailer } from "./mail/pipelineMailer.ts";
import type { TenantStatusReader } from "./tenantStatus.ts";

/** What the dashboard's routes need, built once per process (or per test). */
export interface DashboardDeps {
  env: DashboardEnv;
  /** The Prisma client, for the admin services that take one. */
  prisma: Db;
  /** The connection pool the Prisma client runs on, for the services that take a DbHandle. */
  db: DbHandle;
  /** For the failed-login throttle (fail-fast connection: a login must not hang on Redis). */
  redis: Redis;
  log: Logger;
  /** DNS lookups for domain verification (DNS_SERVERS). */
  resolver: TxtResolver;
  /** Recipient domains' mailbox providers (by MX through `resolver`), cached install-wide. */
  mailboxProviders: MailboxProviders;
  /** Webhook signing secrets are sealed with WEBHOOK_SECRET_KEY. */
  secrets: SecretBox;
  /** DKIM keys sealing, and with SES its identities: what domain and test-recipient changes need. */
  domains: DomainContext;
  /** The send queue: asked why an email waits (the email page). */
  sendProducer: Producer<"sendEmail">;
  /** Template test sends are enqueued here, as the API enqueues its sends. */
  sendQueue: SendQueue;
  /** "Retry now" and "Send test event" hand work to the real dispatcher through this queue. */
  webhookProducer: Producer<"webhookDelivery">;
  invitations: InvitationMailer;
  /** The dashboard's own mail (sign-up links); null without a system sender (DASHBOARD_SYSTEM_API_KEY). */
  mailer: SystemMailer | null;
  /** With SES: the workspace's SES tenant status (its overview); null with the simulator. */
  tenantStatus: TenantStatusReader | null;
  /** Template previews and test sends render here, in worker threads. */
  renderPool: RenderPool;
  /** Token buckets in Redis: the template preview's rate per workspace (DASHBOARD_TEMPLATE_PREVIEWS_PER_MINUTE), passwordless challenges per network. */
  previewLimiter: RedisRateLimiter;
}
