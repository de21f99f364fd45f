import { ApiKeyAuthenticator, type ApiKeyRecord, createFileStore, SourceRefusalRecorder, sqlPool } from "@svc/core";
import { lookUpApiKeys } from "@svc/core/batched";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { watchMessageBudget } from "@svc/metrics";
import { queueLayout, type Redis, RedisRateLimiter, SendQueue } from "@svc/queues";
import { type App, Batcher, closeServer, createHealthServer, httpTimeoutsFrom, listen } from "@svc/runtime";
import { SmtpAuthenticator } from "./auth/authenticate.ts";
import { AuthThrottle } from "./auth/throttle.ts";
import type { SmtpEnv } from "./env.ts";
import { MessageBudget } from "./message/budget.ts";
import { createRelay, type Relay } from "./relay.ts";
import { loadTlsIdentity } from "./tls.ts";

/** What the relay is given and does not own: the caller closes these after its shutdown. */
export interface SmtpResources {
  db: DbHandle;
  /** A fail-fast producer connection (createProducerConnection): the send queue and the AUTH throttle. */
  redis: Redis;
  log: Logger;
}

export interface Smtp extends App {
  /** Messages being received or stored right now (tests watch a shutdown wait for them). */
  messagesInFlight(): number;
  /** Bytes the message budget holds now (tests see it given back). */
  budgetInUse(): number;
}

/** Time the health endpoints and the shutdown steps after the relay's grace period may take. */
const SHUTDOWN_MARGIN_MS = 10_000;

/**
 * The SMTP relay process: SMTP submission with STARTTLS on SMTP_PORT and implicit TLS on
 * SMTPS_PORT, each accepted message queued through the same service as `POST /emails`; health on
 * SMTP_HEALTH_PORT. It keeps nothing but open connections in memory (the AUTH throttle is in
 * Redis, emails and idempotency in Postgres), so any number of relays can run side by side.
 */
export function createSmtp(env: SmtpEnv, { db, redis, log }: SmtpResources): Smtp {
  const sendQueue = new SendQueue(redis, queueLayout(env));
  const files = createFileStore(env, db);
  const rateLimiter = new RedisRateLimiter(redis, env.QUEUE_PREFIX, log);
  const throttle = new AuthThrottle(redis, {
    prefix: env.QUEUE_PREFIX,
    maxFailures: env.SMTP_AUTH_MAX_FAILURES,
    windowSeconds: env.SMTP_AUTH_WINDOW_SECONDS,
    log,
  });
  // Every message looks its connection's key up again; the look-ups of connections arriving
  // together share one statement, as the REST API's do (each still reads the current row).
  const keyLookups = new Batcher<string, ApiKeyRecord | null>({
    maxSize: 100,
    maxConcurrent: 2,
    run: (keyHashes) => lookUpApiKeys(sqlPool(db), keyHashes),
  });
  const keys = new ApiKeyAuthenticator(db, { lookUp: (keyHash) => keyLookups.submit(keyHash) });
  const authenticator = new SmtpAuthenticator(keys, throttle, new SourceRefusalRecorder(sqlPool(db), log));
  const budget = new MessageBudget(env.SMTP_MESSAGE_BUDGET_MB * 1024 * 1024);
  const unwatchBudget = watchMessageBudget(budget);
  let relay: Relay | null = null;
  const health = createHealthServer(
    [
      { name: "postgres", check: () => db.ping() },
      { name: "redis", check: () => redis.ping() },
      { name: "smtp", check: async () => (relay?.submission.server.listening ? true : Promise.reject(new Error("not listening"))) },
    ],
    httpTimeoutsFrom(env),
    env.METRICS_TOKEN,
  );

  return {
    async start() {
      const tls = await loadTlsIdentity({
        certFile: env.SMTP_TLS_CERT_FILE,
        keyFile: env.SMTP_TLS_KEY_FILE,
        dir: env.SMTP_TLS_DIR,
        hostname: env.SMTP_HOSTNAME,
      });
      relay = createRelay(
        {
          hostname: env.SMTP_HOSTNAME,
          tls,
          allowInsecureAuth: env.SMTP_ALLOW_INSECURE_AUTH,
          maxClients: env.SMTP_MAX_CLIENTS,
          socketTimeoutMs: env.SMTP_SOCKET_TIMEOUT_MS,
          closeTimeoutMs: env.SMTP_SHUTDOWN_GRACE_MS + SHUTDOWN_MARGIN_MS / 2,
          budget,
          useProxy: env.SMTP_PROXY_PROTOCOL,
        },
        authenticator,
        {
          db,
          sendQueue,
          log,
          enqueueTimeoutMs: env.ENQUEUE_TIMEOUT_MS,
          rateLimiter,
          rateLimit: { perSecond: env.API_RATE_LIMIT_PER_SECOND, burst: env.API_RATE_LIMIT_BURST },
          files,
        },
        log,
      );
      const smtpPort = await listen(relay.submission.server, env.SMTP_PORT);
      const smtpsPort = env.SMTPS_PORT > 0 ? await listen(relay.implicitTls.server, env.SMTPS_PORT) : null;
      const port = await listen(health, env.SMTP_HEALTH_PORT);
      if (env.SMTP_ALLOW_INSECURE_AUTH)
        log.warn("SMTP_ALLOW_INSECURE_AUTH=true: clients may send their API key before STARTTLS (local development only)");
      return { port, smtpPort, smtpsPort, smtpHostname: env.SMTP_HOSTNAME };
    },
    shutdownDeadlineMs: env.SMTP_SHUTDOWN_GRACE_MS + SHUTDOWN_MARGIN_MS,
    // SMTP first (no new connections; messages in flight finish; the rest are told to reconnect),
    // then the health server, then the queue.
    shutdown: [
      { name: "smtp servers", run: () => relay && closeRelay(relay, env.SMTP_SHUTDOWN_GRACE_MS, log) },
      { name: "health server", run: () => closeServer(health) },
      { name: "send queue", run: () => sendQueue.close() },
      { name: "file store", run: () => files.close() },
      { name: "metrics", run: () => unwatchBudget() },
    ],
    messagesInFlight: () => relay?.inFlight.size ?? 0,
    budgetInUse: () => budget.inUse,
  };
}

/**
 * Stops accepting connections, lets the messages being received or stored finish (their clients
 * get their 250), then tells every connection still open to come back later (421), which closes
 * it: an idle pooled client must not hold a deploy for the whole grace period.
 */
async function closeRelay(relay: Relay, graceMs: number, log: Logger): Promise<void> {
  const servers = [relay.submission, relay.implicitTls].filter((server) => server.server.listening);
  const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
  if (!(await relay.inFlight.drained(graceMs))) {
    log.warn({ inFlight: relay.inFlight.size }, "smtp messages still in flight at the end of the grace period; closing their connections");
  }
  for (const server of servers) {
    for (const connection of server.connections) connection.send(421, "4.3.2 Server shutting down; please reconnect.");
  }
  await Promise.all(closed);
}
