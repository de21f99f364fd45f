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
  })
  .refine(...requireS3Bucket);

export type SenderEnv = z.output<typeof senderEnvSchema>;
