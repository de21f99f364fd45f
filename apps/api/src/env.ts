import { apiRateLimitEnv, commonEnv, httpServerEnv, portNumber, webhookReplayEnv, webhookSecretEnv, webhookUrlEnv } from "@svc/config";
import { z } from "zod";

/** The api process's configuration (parsed once at start by main.ts; tests pass their own). */
export const apiEnvSchema = z.object({
  ...commonEnv,
  ...httpServerEnv,
  API_PORT: portNumber(3000),
  /** Seconds between retention runs; 0 turns the job off in this instance. */
  RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(7 * 24 * 3600).default(3600),
  /**
   * How long a send waits for Redis to take its job before answering anyway (the row is already
   * committed; the sender's sweeper enqueues it later).
   */
  ENQUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
  ...apiRateLimitEnv,
  /** Webhook subscriptions made over REST: their secrets are sealed with the same key, their URLs checked alike. */
  ...webhookSecretEnv,
  ...webhookUrlEnv,
  ...webhookReplayEnv,
});

export type ApiEnv = z.infer<typeof apiEnvSchema>;
