/**
 * The chaos stack: the whole service on a PostgreSQL cluster and a Redis of its own (never the
 * shared ones), every app its own process, the simulator as the provider, a DNS server for the MX
 * receiver's look-ups, and a loopback webhook receiver that checks every signature. Shared by the
 * chaos suite (run.ts) and the soak (soak.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { createWebhookSubscription, EVENT_TYPES, SecretBox, utcDay } from "@svc/core";
import { createDb, type DbHandle } from "@svc/db";
import { HEADERS, verifyWebhook } from "@svc/webhooks";
import { prepareDatabase } from "../infra/scripts/database.ts";
import { startDnsServer, type TestDnsServer } from "../test/support/dns-server.ts";
import { createWorkspaceFixture, type WorkspaceFixture } from "../test/support/fixtures.ts";
import { type AppName, AppProcess, freePort, PORT_VARIABLE, PrivatePostgres, PrivateRedis, ROOT } from "./infra.ts";

/**
 * The MX receiver's memory budget for messages in flight (INBOUND_MESSAGE_BUDGET_MB), set here so
 * that the attacks hold the receiver to the figure it runs with (its default): two messages of the
 * 40 MB limit at six bytes of memory per byte (INBOUND_MEMORY_PER_BYTE).
 */
export const INBOUND_MESSAGE_BUDGET_MB = 480;

export interface Receiver {
  server: Server;
  url: string;
  /** Delivery id → times received with a valid signature. */
  deliveries: Map<string, number>;
  /** When each validly signed webhook arrived, in order. */
  receivedAt: number[];
  /** Email id → when its first validly signed webhook arrived (the latency probes' end). */
  firstByEmail: Map<string, number>;
  invalidSignatures: number;
}

function emailIdOf(body: Buffer): string | null {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { data?: { emailId?: unknown } };
    return typeof parsed.data?.emailId === "string" ? parsed.data.emailId : null;
  } catch {
    return null;
  }
}

async function startReceiver(secretOf: () => string): Promise<Receiver> {
  const receiver: Receiver = {
    server: createServer(),
    url: "",
    deliveries: new Map(),
    receivedAt: [],
    firstByEmail: new Map(),
    invalidSignatures: 0,
  };
  receiver.server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks);
      const result = verifyWebhook({ rawBody, headers: req.headers, secret: secretOf() });
      if (!result.ok) {
        receiver.invalidSignatures += 1;
        res.writeHead(400).end("bad signature");
        return;
      }
      const id = String(req.headers[HEADERS.deliveryId] ?? "");
      receiver.deliveries.set(id, (receiver.deliveries.get(id) ?? 0) + 1);
      const now = Date.now();
      receiver.receivedAt.push(now);
      const emailId = emailIdOf(rawBody);
      if (emailId && !receiver.firstByEmail.has(emailId)) receiver.firstByEmail.set(emailId, now);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.server.listen(0, "127.0.0.1", r));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}/hooks`;
  return receiver;
}

export interface Stack {
  pg: PrivatePostgres;
  redis: PrivateRedis;
  db: DbHandle;
  apps: Record<AppName, AppProcess>;
  fx: WorkspaceFixture;
  receiver: Receiver;
  keyDir: string;
  /** The workspace of the dashboard's system sender (Free plan, today's limit used up). */
  systemWorkspaceId: string;
  /** Answers the MX receiver's SPF/DKIM/DMARC look-ups, so none leaves the machine. */
  dns: TestDnsServer;
  /** The MX receiver's SMTP port (its health server is `apps.inbound`'s port). */
  inboundSmtpPort: number;
  /** The webhook secrets' key, for subscriptions made later (attacks, soak). */
  webhookSecretKey: string;
  /** The main workspace's subscription (every event type, to `receiver`). */
  subscriptionId: string;
}

export interface StackOptions {
  /** Settings beyond the stack's own, e.g. SES in several regions instead of the simulator. */
  env?: Record<string, string>;
  /** Runs once the database and the fixtures exist, before any app starts (e.g. `svc ses setup`). */
  beforeApps?(env: Readonly<Record<string, string>>, db: DbHandle, fx: WorkspaceFixture): Promise<void>;
}

export async function startStack(log: (message: string) => void, options: StackOptions = {}): Promise<Stack> {
  log("starting a private PostgreSQL cluster and redis-server");
  const pg = await PrivatePostgres.start();
  const redis = await PrivateRedis.start();
  const databaseUrl = pg.url("svc_chaos");
  await prepareDatabase(databaseUrl);
  const db = createDb({ url: databaseUrl, poolSize: 5 });
  const keyDir = mkdtempSync(path.join(os.tmpdir(), "svc-chaos-sim-"));
  const ports: Record<string, string> = {};
  for (const variable of Object.values(PORT_VARIABLE)) ports[variable] = String(await freePort());
  const certPort = String(await freePort());
  const inboundSmtpPort = await freePort();
  const dns = await startDnsServer();
  const secretKey = randomBytes(32).toString("hex");
  const env: Record<string, string> = {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url(0),
    QUEUE_PREFIX: "chaos",
    ...ports,
    EMAIL_PROVIDER: "simulator",
    SIMULATOR_SNS_URL: `http://127.0.0.1:${ports.INGEST_PORT}/sns/ses`,
    SIMULATOR_KEY_DIR: keyDir,
    SIMULATOR_CERT_PORT: certPort,
    SIMULATOR_CERT_URL: `http://127.0.0.1:${certPort}/simulator/SimpleNotificationService-simulator.pem`,
    SIMULATOR_RECOVERY_GRACE_MS: "10000",
    SIMULATOR_RECOVERY_INTERVAL_MS: "5000",
    SES_MAX_SEND_RATE: "0",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    WEBHOOK_SECRET_KEY: secretKey,
    WEBHOOK_RETRY_BASE_MS: "1000",
    WEBHOOK_SWEEP_INTERVAL_MS: "5000",
    SWEEP_INTERVAL_MS: "3000",
    SWEEP_MIN_AGE_MS: "3000",
    SEND_CLAIM_LEASE_MS: "10000",
    DASHBOARD_COOKIE_SECURE: "false",
    // The fixtures' domains are verified without DNS records: a scheduled re-check would fail
    // them (and every send). The re-check has suites of its own; this stack runs none.
    DOMAIN_RECHECK_INTERVAL_HOURS: "0",
    // The load and the bad-input run use one key well past the default request rate.
    API_RATE_LIMIT_PER_SECOND: "100000",
    API_RATE_LIMIT_BURST: "1000000",
    INBOUND_PORT: String(inboundSmtpPort),
    INBOUND_HOSTNAME: "mx.chaos.example",
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: "1000",
    // Every client is 127.0.0.1: the per-address limit would refuse the attacks' own traffic.
    INBOUND_RATE_PER_MINUTE: "1000000",
    INBOUND_MESSAGE_BUDGET_MB: String(INBOUND_MESSAGE_BUDGET_MB),
    ...options.env,
  };
  const fx = await createWorkspaceFixture(db, { plan: "unlimited" });
  // The dashboard mails through a system sender whose daily limit is already used up: its own
  // mail (sign-up links, invitations) must go all the same (the sign-up flood checks it).
  const system = await createWorkspaceFixture(db, { plan: "free" });
  await db.prisma.dailyUsage.create({ data: { workspaceId: system.workspaceId, day: utcDay(), count: 100 } });
  env.DASHBOARD_SYSTEM_API_KEY = system.keys["send-only"];
  env.DASHBOARD_INVITE_FROM = `Chaos <accounts@${system.domain}>`;
  let secret = "";
  const receiver = await startReceiver(() => secret);
  const subscription = await createWebhookSubscription(
    db.prisma,
    new SecretBox(secretKey),
    { workspaceId: fx.workspaceId, url: receiver.url, events: [...EVENT_TYPES] },
    { allowPrivate: true },
  );
  secret = subscription.secret;
  await options.beforeApps?.(env, db, fx);
  const apps = Object.fromEntries((Object.keys(PORT_VARIABLE) as AppName[]).map((name) => [name, new AppProcess(name, env)])) as Record<
    AppName,
    AppProcess
  >;
  for (const app of Object.values(apps)) await app.start();
  log(
    `stack up: pg :${pg.port}, redis :${redis.port}, api :${apps.api.port}, ingest :${apps.ingest.port}, dashboard :${apps.dashboard.port}, MX :${inboundSmtpPort}`,
  );
  return {
    pg,
    redis,
    db,
    apps,
    fx,
    receiver,
    keyDir,
    systemWorkspaceId: system.workspaceId,
    dns,
    inboundSmtpPort,
    webhookSecretKey: secretKey,
    subscriptionId: subscription.id,
  };
}

export async function stopStack(stack: Stack): Promise<void> {
  await Promise.all(Object.values(stack.apps).map((app) => app.stop().catch(() => {})));
  // The end of each app's output, for reading what a failed check does not say.
  const logs = path.join(ROOT, "chaos/results/logs");
  mkdirSync(logs, { recursive: true });
  for (const [name, app] of Object.entries(stack.apps)) writeFileSync(path.join(logs, `${name}.log`), app.output);
  await stack.db.close().catch(() => {});
  await new Promise((r) => stack.receiver.server.close(r));
  await stack.dns.close().catch(() => {});
  stack.redis.stop();
  stack.pg.stop();
  rmSync(stack.keyDir, { recursive: true, force: true });
}
