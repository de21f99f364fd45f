import { apiRateLimitEnv, commonEnv, flag, httpServerEnv, portNumber, smtpPublicEnv } from "@svc/config";
import { z } from "zod";

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
  /** Failed AUTH attempts allowed per client address, and per key prefix, within the window. */
  SMTP_AUTH_MAX_FAILURES: z.coerce.number().int().min(1).max(10_000).default(10),
  SMTP_AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * Connections one relay process serves at once. Each message is held in memory while it is
   * parsed (up to the 40 MB limit), so this also bounds the process's memory.
   */
  SMTP_MAX_CLIENTS: z.coerce.number().int().min(1).max(10_000).default(100),
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
    ...httpServerEnv,
    ...smtpPublicEnv,
    ...smtpOnlyEnv,
    // A message counts as one request against its key's limit, as over REST.
    ...apiRateLimitEnv,
  })
  .refine((env) => (env.SMTP_TLS_CERT_FILE === undefined) === (env.SMTP_TLS_KEY_FILE === undefined), {
    path: ["SMTP_TLS_CERT_FILE"],
    message: "SMTP_TLS_CERT_FILE and SMTP_TLS_KEY_FILE must be set together",
  });

export type SmtpEnv = z.output<typeof smtpEnvSchema>;
