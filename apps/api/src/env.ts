import {
  apiRateLimitEnv,
  commonEnv,
  dnsEnv,
  fileStoreEnv,
  httpServerEnv,
  portNumber,
  requireS3Bucket,
  templateRenderEnv,
  trustProxySetting,
  webhookReplayEnv,
  webhookSecretEnv,
  webhookUrlEnv,
} from "@svc/config";
import { BATCH_LIMITS, SEND_LIMITS } from "@svc/core";
import { z } from "zod";
import { BODY_MEMORY_FACTOR } from "./middleware/bodyBudget.ts";

const MB = 1024 * 1024;

/** The largest body any route takes: what a body of unknown length is charged. */
export const LARGEST_BODY_BYTES = Math.max(SEND_LIMITS.maxBodyBytes, BATCH_LIMITS.maxBodyBytes);

/** Room for two of the largest bodies at once (the memory they take while parsed), in MB. */
const DEFAULT_BODY_MEMORY_BUDGET_MB = Math.ceil((2 * LARGEST_BODY_BYTES * BODY_MEMORY_FACTOR) / MB);

/** The api process's configuration (parsed once at start by main.ts; tests pass their own). */
export const apiEnvSchema = z
  .object({
    ...commonEnv,
    ...httpServerEnv,
    ...fileStoreEnv,
    API_PORT: portNumber(3000),
    /**
     * Seconds between retention runs; 0 turns retention off in this instance (nothing is deleted;
     * partition upkeep still runs).
     */
    RETENTION_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .default(3600),
    /** Seconds between partition upkeep runs (creating the months ahead), whatever retention does. */
    PARTITION_UPKEEP_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(24 * 3600)
      .default(3600),
    /** Keys the object store's leftover sweep lists per retention run (it goes on from there the next run). */
    FILE_SWEEP_KEYS_PER_RUN: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    /** Deleted rows' files (entries of `file_deletions`) deleted per retention run; the rest wait for the next. */
    FILE_DELETIONS_PER_RUN: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    /**
     * How long a send waits for Redis to take its job before answering anyway (the row is already
     * committed; the sender's sweeper enqueues it later).
     */
    ENQUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
    ...apiRateLimitEnv,
    /**
     * Which X-Forwarded-For entries name the client (see trustProxySetting), for the source
     * networks a key may be bound to. Behind a load balancer this must name it, or every
     * request comes from the balancer's address.
     */
    API_TRUST_PROXY: trustProxySetting(),
    /**
     * Memory (MB) the process may spend on request bodies at once; a body is charged its size times
     * the memory a body takes while parsed. Over it, a request is answered 503 `server_busy`.
     */
    API_BODY_MEMORY_BUDGET_MB: z.coerce.number().int().min(1).max(1_048_576).default(DEFAULT_BODY_MEMORY_BUDGET_MB),
    /** The share of that budget one workspace may hold (one body of any allowed size always fits when it holds none). */
    API_BODY_BUDGET_WORKSPACE_SHARE: z.coerce.number().gt(0).max(1).default(0.5),
    /** Webhook subscriptions made over REST: their secrets are sealed with the same key, their URLs checked alike. */
    ...webhookSecretEnv,
    ...webhookUrlEnv,
    ...webhookReplayEnv,
    ...templateRenderEnv,
    ...dnsEnv,
    /** POST /templates/{id}/render calls one workspace may make per minute (each a render), in a burst of that size. */
    API_TEMPLATE_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    /** POST /webhooks/{id}/replays calls one workspace may make per minute, in a burst of that size. */
    API_REPLAYS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
    /** POST /erasures calls one workspace may make per minute, in a burst of that size. */
    API_ERASURES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Milliseconds between the erasure runner's looks for waiting erasures (a request wakes it at once). */
    ERASURE_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
    /** Rows an erasure examines or deletes per statement (each batch one short transaction). */
    ERASURE_BATCH_SIZE: z.coerce.number().int().min(10).max(10_000).default(1_000),
    /** An erasure whose runner has written nothing for this long is taken over by another (the runner stopped). */
    ERASURE_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    /** The share of the time an erasure works; it rests between batches the rest of the time. */
    ERASURE_WORK_SHARE: z.coerce.number().min(0.05).max(1).default(0.25),
  })
  .refine(...requireS3Bucket);

export type ApiEnv = z.infer<typeof apiEnvSchema>;
