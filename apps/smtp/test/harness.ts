import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { databaseOptions, loadEnv } from "@svc/config";
import { createDb } from "@svc/db";
import { createLogger } from "@svc/logger";
import { createProducerConnection, Producer } from "@svc/queues";
import { Shutdown } from "@svc/runtime";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { testEnv } from "../../../test/support/env.ts";
import { freePort } from "../../../test/support/stack.ts";
import { createSmtp, type Smtp, smtpEnvSchema } from "../src/index.ts";

/** One relay process's worth, in this process, on ephemeral ports, with its own TLS directory. */
export interface RelayInstance {
  smtpPort: number;
  smtpsPort: number;
  healthUrl: string;
  /** The relay's self-signed certificate, for clients to trust. */
  certPem: string;
  app: Smtp;
  /** A producer on the relay's send queue, to look at the jobs it enqueued. */
  producer: Producer<"sendEmail">;
  /** Runs the relay's shutdown steps (SMTP drain first); the connections stay open. */
  shutdown(): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(overrides: Record<string, string> = {}): Promise<RelayInstance> {
  const tlsDir = await mkdtemp(path.join(os.tmpdir(), "svc-smtp-"));
  const config = loadEnv(
    smtpEnvSchema,
    testEnv({
      SMTP_PORT: "0",
      SMTPS_PORT: String(await freePort()),
      SMTP_HEALTH_PORT: "0",
      SMTP_TLS_DIR: tlsDir,
      SMTP_SHUTDOWN_GRACE_MS: "5000",
      ...overrides,
    }),
  );
  const log = createLogger("smtp-test", config.LOG_LEVEL);
  const db = createDb(databaseOptions(config));
  const redis = createProducerConnection(config.REDIS_URL, { disconnectTimeout: 100 });
  const app = createSmtp(config, { db, redis, log });
  const started = await app.start();
  const producer = new Producer("sendEmail", redis, config.QUEUE_PREFIX);
  const certPem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(
    await readFile(path.join(tlsDir, "tls-localhost.pem"), "utf8"),
  )![0];
  let shutdownDone: Promise<void> | null = null;
  const shutdown = () => (shutdownDone ??= new Shutdown(log, 30_000).addAll(app.shutdown).run());
  return {
    smtpPort: started.smtpPort as number,
    smtpsPort: started.smtpsPort as number,
    healthUrl: `http://127.0.0.1:${started.port}`,
    certPem,
    app,
    producer,
    shutdown,
    async close() {
      await shutdown();
      if (redis.status === "ready") await producer.queue.obliterate({ force: true }).catch(() => {});
      await producer.close().catch(() => {});
      redis.disconnect();
      await db.close();
      await rm(tlsDir, { recursive: true, force: true });
    },
  };
}

/**
 * A nodemailer transport to the relay over STARTTLS (required), trusting the relay's certificate
 * for the name `localhost`, as a client configured for a development relay would.
 */
export function transport(relay: RelayInstance, password: string, options: Partial<SMTPTransport.Options> = {}) {
  return nodemailer.createTransport({
    host: "127.0.0.1",
    port: relay.smtpPort,
    secure: false,
    requireTLS: true,
    tls: { ca: relay.certPem, servername: "localhost" },
    auth: { user: "svc", pass: password },
    ...options,
  } satisfies SMTPTransport.Options);
}

/**
 * A nodemailer `getSocket` that connects as a load balancer would and announces `origin` as the
 * client's address in a PROXY protocol (v1) header, for a relay started with SMTP_PROXY_PROTOCOL.
 */
export function throughProxy(relay: RelayInstance, origin: string): SMTPTransport.Options["getSocket"] {
  return (_options, callback) => {
    const socket = net.connect(relay.smtpPort, "127.0.0.1", () => {
      socket.write(`PROXY TCP4 ${origin} 127.0.0.1 ${40_000 + Math.floor(Math.random() * 20_000)} ${relay.smtpPort}\r\n`);
      callback(null, { connection: socket });
    });
    socket.once("error", (error) => callback(error, false));
  };
}

/** The refusal nodemailer reports: the reply code and the reply line. */
export interface SmtpFailure {
  responseCode?: number;
  response?: string;
  code?: string;
}

export async function refusalOf(promise: Promise<unknown>): Promise<SmtpFailure> {
  try {
    await promise;
  } catch (error) {
    return error as SmtpFailure;
  }
  throw new Error("expected the relay to refuse");
}

/** The email id of a `250 … queued as email_…` line. */
export function queuedId(response: string): string {
  const match = /^250 2\.0\.0 Ok: queued as (email_[A-Za-z0-9]+)$/.exec(response.trim());
  if (!match) throw new Error(`not a queued answer: ${response}`);
  return match[1]!;
}
