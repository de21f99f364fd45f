import {
  commonEnv,
  fileStoreEnv,
  httpServerEnv,
  portNumber,
  providerEnv,
  requireS3Bucket,
  sesEnv,
  simulatorEnv,
  templateRenderEnv,
  unsubscribeEnv,
  webhookSecretEnv,
} from "@svc/config";
import { z } from "zod";

/** Settings only the sender reads. */
const senderOnlyEnv = {
  SENDER_PORT: portNumber(3003),
  /**
   * Jobs one sender process works on at once. A handoff mostly waits on the provider, and jobs
   * in flight together share their claim and record statements, so more of them in flight
   * means fewer statements per email. SES_MAX_SEND_RATE, not this, is what keeps within the
   * provider's quota.
   */
  SENDER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(50),
  /**
   * The provider's maximum send rate, in recipients per second (to, cc and bcc each count, as
   * SES counts them), across every sender process together (a meter in Redis). 0 turns it off.
   * Unset: the SES account's MaxSendRate (GetAccount) with EMAIL_PROVIDER=ses, 14 with the simulator.
   */
  SES_MAX_SEND_RATE: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Transient failures are retried until this long after the email was queued, then it fails. */
  SEND_RETRY_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 14)
    .default(24),
  /** First retry delay; each further retry doubles it, up to SEND_RETRY_MAX_DELAY_MS. */
  SEND_RETRY_BASE_DELAY_MS: z.coerce.number().int().min(1).default(5_000),
  SEND_RETRY_MAX_DELAY_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60_000),
  /**
   * How long a claim (`sending`) protects an email from being taken over. It must outlast the
   * provider's own timeouts (35 s for SES), or a slow handoff could be repeated by another worker.
   */
  SEND_CLAIM_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(5 * 60_000),
  /**
   * With SES, each workspace sends as its own SES tenant (its own reputation and pauses). `off`:
   * every email goes as the account, as before tenants (an IAM policy without the tenant actions).
   */
  SES_TENANTS: z.enum(["on", "off"]).default("on"),
  /**
   * Attachment bytes one sender process holds at once (see AttachmentBudget): reading and encoding
   * an email's files takes a few times their size, so this bounds the process's memory whatever
   * the queue holds. The default is three messages at the provider's size limit.
   */
  SENDER_ATTACHMENT_BUDGET_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(96 * 1024 * 1024),
  /**
   * The longest a handoff waits for room in that budget while it holds its claim; then the email
   * goes back to the queue, `queued`, and is tried again after as long. Keep it well inside
   * SEND_CLAIM_LEASE_MS (a handoff whose claim another worker took meanwhile sends nothing).
   */
  SENDER_ATTACHMENT_WAIT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * How long a workspace whose SES tenant is paused is held before one of its emails asks SES
   * again: the longest a re-enabled tenant's mail waits to resume.
   */
  SES_TENANT_HOLD_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * How often a sender reads the SES account again (GetAccount: the 24-hour quota, whether it may
   * send): the quota is counted in Redis between reads; a paused account is lifted by a read.
   */
  SES_ACCOUNT_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** SES's quota window (24 hours); only a stand-in with a shorter window (tests) changes it. */
  SES_QUOTA_WINDOW_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(86_400_000),
  /**
   * How long SES has to answer a send once connected. A timeout leaves the handoff's outcome
   * unknown (see SES_UNKNOWN_OUTCOME_WAIT_MS); keep it well inside SEND_CLAIM_LEASE_MS.
   */
  SES_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** With several SES_REGIONS: failures in a row (errors, timeouts, 5xx, throttling) that open a region's circuit. */
  SES_REGION_FAILURE_THRESHOLD: z.coerce.number().int().min(1).max(1_000).default(5),
  /** How often an open region is probed (GetAccount, never an email), and a waiting email looks again. */
  SES_REGION_PROBE_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Probes in a row that must succeed before an open region takes mail again. */
  SES_REGION_PROBE_SUCCESSES: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * How long an email whose handoff's outcome is unknown (a timeout after the request left) waits
   * for that region's Send event before another region may send it. SES has no idempotency key:
   * moving sooner risks sending it twice; this bounds how long it can wait for a region gone.
   */
  SES_UNKNOWN_OUTCOME_WAIT_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
  /** How long a sender keeps a workspace's primary and failover regions before reading them again. */
  SES_REGION_SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** A `queued` email younger than this is left to the producer that is about to enqueue it. */
  SWEEP_MIN_AGE_MS: z.coerce.number().int().min(0).default(5_000),
  SWEEP_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** How often due scheduled emails are looked for: a scheduled email goes out within about this long of its time. */
  SCHEDULE_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  SCHEDULE_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
};

export const senderEnvSchema = z
  .object({
    ...commonEnv,
    ...httpServerEnv,
    // The install's secret key: an erased address's suppression is kept under a token made with it.
    ...webhookSecretEnv,
    ...providerEnv,
    ...fileStoreEnv,
    ...sesEnv,
    ...simulatorEnv,
    ...senderOnlyEnv,
    ...templateRenderEnv,
    ...unsubscribeEnv,
  })
  .refine(...requireS3Bucket);

export type SenderEnv = z.output<typeof senderEnvSchema>;
