import { z } from "zod";
import { sesRegionEndpoints, sesRegionList } from "./sesRegions";

/** Reusable env fragments. Defaults are the local single-machine setup. */

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .default(fallback ? "true" : "false")
    .transform((value) => value === "true" || value === "1" || value === "yes");

export const flag = booleanFlag;
export const portNumber = port;

export const databaseEnv = {
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
    .default("postgresql://postgres@127.0.0.1:5432/svc"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Taking a new connection fails after this long (the request answers 503). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * Postgres cancels any statement running longer (a lock wait included; the request answers
   * 503). Every hot statement is far below it, and the retention purge works in batches of short
   * statements; migrations do not use it. 0 turns it off.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * The hot statements are named (prepared once per connection, then run by name). A pooler in
   * transaction mode (PgBouncer before 1.21) hands each transaction a different server
   * connection, where the name is unknown: `false` sends every statement unnamed.
   */
  DATABASE_PREPARED_STATEMENTS: booleanFlag(true),
  /**
   * How long a grouped write (a send, a claim, a handoff's record, an event, a webhook attempt)
   * may wait for others to share its statement and commit, while others arrive that often: at
   * moderate load this is what groups them. Each stage adds at most this latency. Unset, it is
   * `groupCommitMsFor`'s, by how the stage's writes arrive and who waits for them (BENCHMARKS.md
   * has the trade-off).
   */
  DATABASE_GROUP_COMMIT_MS: z.coerce.number().int().min(0).max(100).optional(),
};

const DEFAULT_GROUP_COMMIT_MS = { independent: 40, "answer-driven": 0 } as const;

/**
 * The group-commit linger of a stage when DATABASE_GROUP_COMMIT_MS is unset, by how its items
 * arrive.
 * `independent` (40 ms): items that come whether or not earlier ones were answered, and that no
 * caller waits on one at a time: the sender's claims and its records of accepted handoffs (the job
 * queue hands many jobs out at once), the ingester's events (SNS posts many at once), the
 * dispatcher's records of attempts (written after the endpoint answered). At moderate load these
 * lingers also turn a smooth stream into bursts, which every later stage then handles together;
 * an email's path gains a few tens of milliseconds, far below its provider's own delays.
 * `answer-driven` (off): the API's clients may wait for each answer before sending the next, and
 * a subscription's next webhook starts only when one of its capped slots is answered; a wait
 * there slows the caller (or the subscription) down.
 */
export function groupCommitMsFor(
  arrivals: keyof typeof DEFAULT_GROUP_COMMIT_MS,
  env: { DATABASE_GROUP_COMMIT_MS?: number | undefined },
): number {
  return env.DATABASE_GROUP_COMMIT_MS ?? DEFAULT_GROUP_COMMIT_MS[arrivals];
}

/** createDb's options from an env parsed with databaseEnv. */
export function databaseOptions(env: {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
  DATABASE_CONNECT_TIMEOUT_MS: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_PREPARED_STATEMENTS: boolean;
}) {
  return {
    url: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
  };
}

export const redisEnv = {
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .default("redis://127.0.0.1:6379"),
  /** Key prefix for every queue; lets several installs (or test runs) share one Redis. */
  QUEUE_PREFIX: z.string().min(1).max(64).default("svc"),
  /**
   * Seed nodes of a Redis Cluster (`host:port,host:port`); empty: the single Redis of REDIS_URL.
   * The nodes take REDIS_URL's user, password and TLS (`rediss://`).
   */
  REDIS_CLUSTER_NODES: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((node) => node.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, "each node must be host:port")).max(64)),
  /**
   * The send and webhook queues are each split into this many queues under distinct hash tags,
   * so that a Redis Cluster spreads them over its primaries (docs/scaling.md). 1: one queue each.
   */
  QUEUE_SHARDS: z.coerce.number().int().min(1).max(64).default(1),
  /** The shards this process's workers take jobs from (`0,2`); empty: all of them. */
  QUEUE_SHARDS_CONSUMED: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((shard) => shard.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^\d{1,2}$/, "each must be a shard number")
          .transform(Number),
      ),
    ),
};

export const logEnv = {
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** `pretty` for people, `json` for log collectors; unset: see `logFormat`. */
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
};

/**
 * Log lines as people read them in a terminal or in development, as JSON anywhere else (a
 * container, a log collector, a test): LOG_FORMAT decides when it is set.
 */
export function logFormat(env: { LOG_FORMAT?: "pretty" | "json" | undefined; NODE_ENV: string }): "pretty" | "json" {
  if (env.LOG_FORMAT) return env.LOG_FORMAT;
  return process.stdout.isTTY || env.NODE_ENV === "development" ? "pretty" : "json";
}

/** Shared by every process that creates or reads webhook signing secrets. */
export const webhookSecretEnv = {
  /**
   * 32 bytes, hex or base64, for AES-256-GCM encryption of webhook signing secrets at rest.
   * The default is for local development only; production sets its own.
   */
  WEBHOOK_SECRET_KEY: z
    .string()
    .min(32, "must be 32 bytes as hex (64 chars) or base64 (44 chars)")
    .default("6c6f63616c2d6465762d6f6e6c792d6b65792d6368616e67652d6d6521212121"),
};

/**
 * Where the public one-click unsubscribe endpoint (served by the ingester, /unsubscribe/<token>)
 * is reached from the internet: the sender writes it into List-Unsubscribe headers. Its tokens are
 * signed with keys derived from WEBHOOK_SECRET_KEY, the install's secret key.
 */
export const unsubscribeEnv = {
  UNSUBSCRIBE_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://mail.example.com" })
    .max(200)
    .default("http://localhost:3001"),
};

/**
 * Deadlines of every HTTP server (the apps and the workers' health servers): the request's
 * headers must arrive within HTTP_HEADERS_TIMEOUT_MS, and the whole request, body included,
 * within HTTP_REQUEST_TIMEOUT_MS, or the connection is closed (408). Without them a client
 * trickling a body holds a connection and its buffers for minutes. The headers deadline never
 * exceeds the request deadline (the smaller wins).
 */
export const httpServerEnv = {
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
};

/**
 * Every process serves Prometheus metrics on its health port. With a token, a scrape must send
 * `Authorization: Bearer <token>`; empty leaves /metrics open (a private network, a sidecar).
 */
export const metricsEnv = {
  METRICS_TOKEN: z.string().max(256).default(""),
};

export const commonEnv = { ...databaseEnv, ...redisEnv, ...logEnv, ...metricsEnv };

/**
 * Requests per second each API key may make, across every API process (0: no limit), and how
 * many may come at once; an SMTP message counts as one request. A workspace may have its own
 * (svc workspace set-rate-limit).
 */
export const apiRateLimitEnv = {
  API_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(50),
  API_RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).default(100),
};

/**
 * Template renders, in worker threads (the render pool of every process that renders: api,
 * sender, dashboard). A render past its budget fails (`rendering_failed` at a send) and is not
 * tried again; one workspace runs at most its concurrency of renders at once and has its render
 * time per minute, past which its renders are refused for a while (a send is deferred, the API
 * answers 429) instead of queued longer than the wait bound.
 */
export const templateRenderEnv = {
  TEMPLATE_RENDER_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  TEMPLATE_RENDER_BUDGET_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  TEMPLATE_RENDER_WORKSPACE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  TEMPLATE_RENDER_WORKSPACE_CPU_MS_PER_MINUTE: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  TEMPLATE_RENDER_WORKSPACE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
};

/** The render pool's options (core's createRenderPool) from templateRenderEnv. */
export function renderPoolOptionsOf(env: { [K in keyof typeof templateRenderEnv]: number }) {
  return {
    threads: env.TEMPLATE_RENDER_THREADS,
    budgetMs: env.TEMPLATE_RENDER_BUDGET_MS,
    workspaceConcurrency: env.TEMPLATE_RENDER_WORKSPACE_CONCURRENCY,
    workspaceCpuMsPerMinute: env.TEMPLATE_RENDER_WORKSPACE_CPU_MS_PER_MINUTE,
    workspaceMaxWaitMs: env.TEMPLATE_RENDER_WORKSPACE_MAX_WAIT_MS,
  };
}

/** Which provider the sender hands mail to. */
export const providerEnv = {
  EMAIL_PROVIDER: z.enum(["simulator", "ses"]).default("simulator"),
};

/** `schema.refine(...requireS3Bucket)`: FILE_STORE=s3 names its bucket (refused at start otherwise). */
export const requireS3Bucket: [
  (env: { FILE_STORE: "postgres" | "s3"; S3_BUCKET?: string | undefined }) => boolean,
  { path: string[]; message: string },
] = [
  (env) => env.FILE_STORE !== "s3" || env.S3_BUCKET !== undefined,
  { path: ["S3_BUCKET"], message: "FILE_STORE=s3 needs S3_BUCKET (the bucket that holds attachment bytes)" },
];

/** Amazon SES v2. Credentials come from the AWS SDK's default chain, never from here. */
export const sesEnv = {
  AWS_REGION: z.string().min(1).default("us-east-1"),
  /** Another endpoint for SES (aws-ses-v2-local in tests, a VPC endpoint in production). */
  SES_ENDPOINT: z.string().url().optional(),
  /** Another endpoint for SNS (`svc ses setup` and `svc ses status` create and read the topic). */
  SNS_ENDPOINT: z.string().url().optional(),
  /**
   * Send every email through this configuration set, overriding the ones `svc ses setup`
   * recorded (and with them per-domain tracking).
   */
  SES_CONFIGURATION_SET: z.string().min(1).optional(),
  /**
   * The SES regions the install sends from (`us-east-1,eu-west-1`); the first is every
   * workspace's primary unless it chose another. Unset: AWS_REGION alone.
   */
  SES_REGIONS: sesRegionList,
  /** An endpoint per region for SES and SNS (`eu-west-1=https://…,…`): VPC endpoints, or aws-local in tests. */
  SES_REGION_ENDPOINTS: sesRegionEndpoints,
};

/**
 * SES receiving: receipt rules store each message in this bucket under the prefix (`svc ses setup
 * --inbound` creates them) and the ingester reads it from there. No bucket: receiving through SES
 * is off and the ingester ignores receipt notifications.
 */
export const sesInboundEnv = {
  SES_INBOUND_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")
    .optional(),
  SES_INBOUND_PREFIX: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "letters, digits and ! _ . * ' ( ) / - only")
    .default("inbound/"),
  /** The largest received message the ingester reads (SES receives at most 40 MB). */
  SES_INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(150 * 1024 * 1024)
    .default(40 * 1024 * 1024),
};

/**
 * The public host name of the built-in MX receiver, shown as the MX of new receiving domains.
 * Unset: SES's inbound endpoint of AWS_REGION with EMAIL_PROVIDER=ses, else localhost.
 */
export const inboundMxEnv = {
  INBOUND_MX_HOST: z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$/, "must be a host name")
    .optional(),
};

/** S3 (or an S3-compatible store): another endpoint, and path-style addressing that most of them need. */
export const s3Env = {
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag(false),
};

/**
 * Where attachment bytes live: PostgreSQL (the default, nothing more to run) or an S3-compatible
 * object store (AWS S3, MinIO, …). Credentials come from the AWS SDK's default chain.
 */
export const fileStoreEnv = {
  FILE_STORE: z.enum(["postgres", "s3"]).default("postgres"),
  /** The bucket (it must exist); required with FILE_STORE=s3. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** S3_ENDPOINT (MinIO, a VPC endpoint, aws-local in tests) and S3_FORCE_PATH_STYLE, as SES receiving reads them. */
  ...s3Env,
  /** Prepended to every object key, for installs sharing a bucket. */
  S3_KEY_PREFIX: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9._/-]*$/)
    .default(""),
};

/**
 * The built-in provider simulator: plays SES and reports SES-shaped events as signed SNS
 * notifications to the ingester, so the whole pipeline runs on one machine.
 */
export const simulatorEnv = {
  SIMULATOR_SNS_URL: z.string().url().default("http://127.0.0.1:3001/sns/ses"),
  /** Where the simulator keeps its signing key pair, so every sender process signs alike. */
  SIMULATOR_KEY_DIR: z.string().min(1).default(".data/simulator"),
  /** The simulator serves its certificate here; the ingester trusts it only by configuration. */
  SIMULATOR_CERT_PORT: port(3004),
  SIMULATOR_CERT_URL: z.string().url().default("http://127.0.0.1:3004/simulator/SimpleNotificationService-simulator.pem"),
  SIMULATOR_TOPIC_ARN: z.string().min(1).default("arn:aws:sns:us-east-1:000000000000:svc-simulator"),
  /**
   * The simulator's pending events live in the sender's memory: on start and then every interval
   * it reports again the events of emails it accepted more than the grace period ago that still
   * lack some (a sender that died before posting them). Longer than the poster's retries last.
   */
  SIMULATOR_RECOVERY_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
  SIMULATOR_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
};

/** The SNS ingester's trust settings. */
export const snsEnv = {
  /** Regex the SigningCertURL must match: SNS's own HTTPS hosts and certificate path by default. */
  SNS_CERT_URL_PATTERN: z
    .string()
    .default("^https://sns\\.[a-z0-9-]+\\.amazonaws\\.com(\\.cn)?/SimpleNotificationService-[A-Za-z0-9]+\\.pem$"),
  /** Comma-separated TopicArn allow-list; empty accepts any topic. */
  SNS_TOPIC_ARNS: z.string().default(""),
  /**
   * Trust the simulator's certificate URL (SIMULATOR_CERT_URL) as well. Only honoured when
   * EMAIL_PROVIDER=simulator: a production install on SES never trusts it.
   */
  SNS_TRUST_SIMULATOR: booleanFlag(true),
};

/**
 * DNS lookups for domain verification. `DNS_SERVERS` is a comma-separated list of resolvers as
 * `host:port` (IP addresses: `1.1.1.1:53`, `[::1]:5353`; the port may be left out); empty uses the
 * system's resolvers.
 */
export const dnsEnv = {
  DNS_SERVERS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((servers) => servers.every(isDnsServerAddress), "must be a comma-separated list of IP:port (e.g. 1.1.1.1:53,[::1]:5353)"),
  /** Per-attempt timeout of each lookup; two attempts are made per server. */
  DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30000).default(3000),
};

function isDnsServerAddress(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (bracketed) return isIPv6(bracketed[1]!) && validPort(bracketed[2]);
  if (isIPv6(entry)) return true;
  const [host, port, ...rest] = entry.split(":");
  return rest.length === 0 && isIPv4(host ?? "") && validPort(port);
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of Express's named ranges. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  const v4 = isIPv4(address);
  if (!v4 && !isIPv6(address)) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}

const isIPv4 = (value: string) => z.ipv4().safeParse(value).success;
const isIPv6 = (value: string) => z.ipv6().safeParse(value).success;

/**
 * Which X-Forwarded-For entries name the client (Express `trust proxy`): `false` (default, the
 * socket's address); a hop count (`1`: one proxy of ours in front, so the entry it appended is
 * the client); or a comma-separated list of proxy addresses/CIDRs (and Express's names
 * `loopback`, `linklocal`, `uniquelocal`). `true` trusts every entry, including the ones a client
 * writes itself: unsafe, kept for compatibility.
 */
export function trustProxySetting() {
  return z
    .string()
    .default("false")
    .transform((value, ctx): boolean | number | string[] => {
      const text = value.trim().toLowerCase();
      if (["true", "yes"].includes(text)) return true;
      if (["false", "no", "0", ""].includes(text)) return false;
      if (/^\d{1,2}$/.test(text)) return Number(text);
      const entries = text
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length > 0 && entries.every(isProxyEntry)) return entries;
      ctx.addIssue({ code: "custom", message: "must be false, true, a hop count, or a comma-separated list of proxy addresses/CIDRs" });
      return z.NEVER;
    });
}

function validPort(port: string | undefined): boolean {
  return port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535);
}

/**
 * Claims of a domain name: several workspaces may claim a name, the first whose DNS proves it owns
 * it; a claim not proven within this many hours of being added ends `failed`.
 */
export const domainClaimEnv = {
  DOMAIN_CLAIM_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
};

/** The scheduled re-check of every sending domain (DNS records and, with SES, the identity's states). */
export const domainRecheckEnv = {
  /** Each domain is re-checked this often; 0 turns the re-check off in this process. */
  DOMAIN_RECHECK_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
};

/**
 * Which webhook URLs are allowed. By default only https URLs whose addresses are public (checked
 * when a subscription is saved and again at connect time by the dispatcher). `true` also allows
 * http and private/loopback addresses: for local development and tests only.
 */
export const webhookUrlEnv = {
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag(false),
};

/**
 * The pace of a webhook replay (deliveries per second) when its request names none: every
 * process that starts replays (api, dashboard, CLI) reads it.
 */
export const webhookReplayEnv = {
  WEBHOOK_REPLAY_PER_SECOND: z.coerce.number().int().min(1).max(100).default(10),
  /** Replays of one subscription pacing their deliveries in at once; another is refused (409) until one ends. */
  WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION: z.coerce.number().int().min(1).max(10).default(1),
  /** Deliveries a workspace may replay per UTC day, all its subscriptions together; past it, 429 until the next day. */
  WEBHOOK_REPLAYED_DELIVERIES_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
};

/** The webhook dispatcher: per-attempt deadline, retry schedule and concurrency. */
export const webhookDispatchEnv = {
  ...webhookUrlEnv,
  /** Total deadline of one attempt (connect plus answer). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(10_000),
  /** First retry delay; each further retry waits twice as long as the one before. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(60_000),
  /** Retries stop this long after the first attempt; the last one is made at the window's end. */
  WEBHOOK_RETRY_WINDOW_MS: z.coerce.number().int().min(0).default(86_400_000),
  /**
   * Attempts in flight at once per subscription, across every dispatcher process. High enough
   * that one busy workspace's webhooks keep up with its mail (at 50 ms per answer, 10 slots carry
   * 200 deliveries/s); low enough that a hanging endpoint holds only 10 of the fleet's slots.
   */
  WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(10),
  /** Jobs one dispatcher process works on at once. */
  DISPATCHER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
  /**
   * The share of DISPATCHER_CONCURRENCY one workspace's attempts may hold at once, so that a
   * workspace with several hanging endpoints leaves the rest to everyone else: enough for one
   * other busy subscription's slots and the jobs waiting for them. At least one slot.
   */
  WEBHOOK_WORKSPACE_SHARE: z.coerce.number().gt(0).max(1).default(0.6),
  /**
   * A subscription whose every automatic attempt failed for this many days is disabled (its
   * owners are told by the dashboard); 0 never disables. Checked every WEBHOOK_AUTO_DISABLE_CHECK_MS.
   */
  WEBHOOK_AUTO_DISABLE_DAYS: z.coerce.number().min(0).max(365).default(5),
  WEBHOOK_AUTO_DISABLE_CHECK_MS: z.coerce.number().int().min(50).default(3_600_000),
  /** How often pending deliveries whose job is gone are re-enqueued. */
  WEBHOOK_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).default(30_000),
  DISPATCHER_PORT: port(3005),
};

/** The dashboard: the web app for people (sessions, sign-up, invitations). */
export const dashboardEnv = {
  DASHBOARD_PORT: port(3002),
  /** Where people reach the dashboard; invitation links are built from it. */
  DASHBOARD_BASE_URL: z.string().url().default("http://localhost:3002"),
  /** `false` for a private install: people are then added with `svc user create` or invited. */
  DASHBOARD_SIGNUP: booleanFlag(true),
  /** `auto`: the session cookie is `Secure` unless NODE_ENV=development. */
  DASHBOARD_COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  DASHBOARD_SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** Failed logins allowed per account and client network (an IPv6 client by its /64) within the window, before a pause. */
  DASHBOARD_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** Failed logins allowed per account within the window from networks it has not signed in from. */
  DASHBOARD_LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Days a network an account signed in from skips the per-account count. */
  DASHBOARD_LOGIN_KNOWN_NETWORK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  DASHBOARD_LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * Longest life of a session signed in through OIDC: then the identity provider is asked again,
   * so a person it disabled loses the dashboard within this time.
   */
  DASHBOARD_OIDC_SESSION_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /**
   * Sign-up requests per client address (an IPv6 client by its /64) per hour, and for the whole
   * install per hour; each may come in a burst of that size. Every request may hash a password and
   * mail a stranger from the system sender. 0 turns a throttle off.
   */
  DASHBOARD_SIGNUPS_PER_ORIGIN_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(10),
  DASHBOARD_SIGNUPS_PER_HOUR: z.coerce.number().int().min(0).max(10_000_000).default(300),
  /** New test recipients one workspace may add per UTC day with SES (each is mailed a verification link by the install's AWS account). */
  DASHBOARD_TEST_RECIPIENT_VERIFICATIONS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Invitations (re-invites included) one workspace may make per UTC day. */
  DASHBOARD_INVITATIONS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Minutes before the same address may be invited to the same workspace again. */
  DASHBOARD_REINVITE_COOLDOWN_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(10),
  /** How often owners are mailed about webhook subscriptions the service disabled. */
  DASHBOARD_NOTICE_INTERVAL_MS: z.coerce.number().int().min(50).default(60_000),
  /** Template "Send a test" emails one workspace may send from the dashboard in any hour (test mode, to its test recipients). */
  DASHBOARD_TEMPLATE_TEST_SENDS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Template editor previews (each a render) one workspace may ask for per minute, in a burst of that size. */
  DASHBOARD_TEMPLATE_PREVIEWS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Erasures one workspace may ask for per minute from the dashboard, in a burst of that size (the API's counter, shared). */
  DASHBOARD_ERASURES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** "Send test event" deliveries one workspace may create per UTC day. */
  WEBHOOK_TEST_EVENTS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Sender of invitation emails; its domain must be verified in the system workspace. */
  DASHBOARD_INVITE_FROM: z.string().max(320).default("Svc <no-reply@localhost>"),
  /**
   * A send-capable API key of the workspace that sends the dashboard's own mail (invitations),
   * through the same pipeline as any customer's. Empty: invitations are created and their link
   * is shown to the inviter, but no email is sent.
   */
  DASHBOARD_SYSTEM_API_KEY: z
    .string()
    .default("")
    .refine(
      (value) => value === "" || /^svc_(live|test)_[A-Za-z0-9]{32}$/.test(value),
      "must be an API key (svc_live_… or svc_test_…) or empty",
    ),
  /** Which X-Forwarded-For entries name the client, for the login throttle (see trustProxySetting). */
  DASHBOARD_TRUST_PROXY: trustProxySetting(),
};

/**
 * Where clients reach the SMTP relay: read by the relay (its ports) and by the dashboard, which
 * shows them on its SMTP page.
 */
export const smtpPublicEnv = {
  /** STARTTLS submission port. */
  SMTP_PORT: port(2587),
  /** Implicit-TLS port; 0 turns it off. */
  SMTPS_PORT: port(2465),
  /** The host name clients connect to; also the name the relay greets with. */
  SMTP_HOSTNAME: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$/, "must be a host name")
    .default("localhost"),
};
