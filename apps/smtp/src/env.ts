import { isIP } from "node:net";
import { apiRateLimitEnv, commonEnv, fileStoreEnv, flag, httpServerEnv, portNumber, requireS3Bucket, smtpPublicEnv } from "@svc/config";
import { z } from "zod";
import { MEMORY_PER_MESSAGE_BYTE } from "./message/budget.ts";
import { MAX_MESSAGE_BYTES } from "./relay.ts";

const MIB = 1024 * 1024;

/** Settings only the relay reads. */
const smtpOnlyEnv = {
  /** The relay's health server (/healthz, /readyz); SMTP itself listens on SMTP_PORT and SMTPS_PORT. */
  SMTP_HEALTH_PORT: portNumber(3006),
  /**
   * PEM files of the TLS certificate (with its chain) and key. Both or neither: without them a
   * self-signed certificate for SMTP_HOSTNAME is created in SMTP_TLS_DIR on first start and kept,
   * which suits local development only (clients must be told to trust it).
   */
  SMTP_TLS_CERT_FILE: z.string().min(1).optional(),
  SMTP_TLS_KEY_FILE: z.string().min(1).optional(),
  SMTP_TLS_DIR: z.string().min(1).default(".data/smtp"),
  /**
   * Lets clients authenticate before STARTTLS, sending the API key in the clear: for local
   * development only.
   */
  SMTP_ALLOW_INSECURE_AUTH: flag(false),
  /**
   * Failed AUTH attempts allowed per client address, and per API key (once the presented key is
   * known to be that key), within the window.
   */
  SMTP_AUTH_MAX_FAILURES: z.coerce.number().int().min(1).max(10_000).default(10),
  SMTP_AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Connections one relay process serves at once. */
  SMTP_MAX_CLIENTS: z.coerce.number().int().min(1).max(10_000).default(100),
  /**
   * Memory one relay process may hold for messages being received, parsed and stored, in MiB
   * (see MessageBudget: about three times a message's size). A message that finds it full is
   * answered 451 4.3.1 and its client retries. At least the share of one message of the 40 MB
   * limit, so that every message can be taken on its own; size the container's memory limit as
   * this plus about 200 MiB for the process itself.
   */
  SMTP_MESSAGE_BUDGET_MB: z.coerce
    .number()
    .int()
    .min(Math.ceil((MAX_MESSAGE_BYTES * MEMORY_PER_MESSAGE_BYTE) / MIB))
    .max(64 * 1024)
    .default(256),
  /**
   * PROXY protocol (v1, as HAProxy's `send-proxy` writes it) in front of the relay: empty for none
   * (the default), `*` to expect the header from every peer, or the comma-separated addresses of
   * the load balancers that send it. The client address it carries is the one AUTH failures are
   * counted for; without it, behind a load balancer that hides client addresses, every client
   * shares the balancer's address. A peer that is expected to send the header and does not is
   * disconnected, so enable it only where every connection passes through such a balancer.
   */
  SMTP_PROXY_PROTOCOL: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length === 0) return false;
      if (entries.includes("*")) return true;
      for (const entry of entries) {
        if (isIP(entry) === 0)
          ctx.addIssue({ code: "custom", message: `${entry} is not an IP address (give load balancer addresses, or * for every peer)` });
      }
      return entries;
    }),
  /** An idle connection is closed after this long. */
  SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /**
   * How long shutdown waits for messages being received or stored to finish before closing the
   * remaining connections (their clients retry the unfinished transactions).
   */
  SMTP_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /**
   * How long an accepted message waits for Redis to take its send job before the relay answers
   * anyway (the row is committed; the sender's sweeper enqueues it later).
   */
  ENQUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
};

export const smtpEnvSchema = z
  .object({
    ...commonEnv,
    ...fileStoreEnv,
    ...httpServerEnv,
    ...smtpPublicEnv,
    ...smtpOnlyEnv,
    // A message counts as one request against its key's limit, as over REST.
    ...apiRateLimitEnv,
  })
  .refine((env) => (env.SMTP_TLS_CERT_FILE === undefined) === (env.SMTP_TLS_KEY_FILE === undefined), {
    path: ["SMTP_TLS_CERT_FILE"],
    message: "SMTP_TLS_CERT_FILE and SMTP_TLS_KEY_FILE must be set together",
  })
  .refine(...requireS3Bucket);

export type SmtpEnv = z.output<typeof smtpEnvSchema>;
