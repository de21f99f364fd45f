import type { Producer } from "./producer.ts";

/**
 * What the send queue knows about one email's job, for explaining an email that waits longer than
 * expected. Redis is transport: all of this may be missing (after a flush) and nothing depends on
 * it but the explanation.
 */
export interface SendJobFacts {
  /** BullMQ's state of the job (`waiting`, `delayed`, `active`, …), or null when there is no job. */
  state: string | null;
  /** When a delayed retry is due. */
  retryAt: Date | null;
  /** The provider's answer to the last attempt, when it was a transient failure. */
  lastError: string | null;
  /**
   * Why the email is held rather than retried (`tenant_paused`: the provider paused its workspace;
   * `account_paused`: the provider paused the whole account; `account_quota`: the account's
   * 24-hour quota has no room; `rate_limit`: its turn at the account's send rate is ahead;
   * `render_busy`: its workspace's render share is spent; `attachment_budget`: the sender had no
   * room for its files within its wait; `region_unavailable`: every SES region it may use is down;
   * `handoff_unknown`: its last handoff's outcome is unknown and it waits for that region's word).
   */
  held: WaitingHold | null;
}

export interface SendQueueFacts {
  job: SendJobFacts;
  /** Workers connected to the send queue; null when Redis cannot tell (no CLIENT LIST). */
  workers: number | null;
  /**
   * Jobs waiting to be picked up (the backlog ahead of a waiting job, at most): send jobs carry a
   * priority, so they wait in BullMQ's `prioritized` set, not its `wait` list; both are counted.
   */
  waiting: number;
}

export type WaitingHold =
  | "tenant_paused"
  | "account_paused"
  | "account_quota"
  | "rate_limit"
  | "render_busy"
  | "attachment_budget"
  | "region_unavailable"
  | "handoff_unknown";
const HOLDS: readonly string[] = [
  "tenant_paused",
  "account_paused",
  "account_quota",
  "rate_limit",
  "render_busy",
  "attachment_budget",
  "region_unavailable",
  "handoff_unknown",
] satisfies WaitingHold[];

/** What the sender records on a job it will retry; read back by `sendQueueFacts`. */
interface RetryProgress {
  lastError: string;
  retryAt: number;
  held?: WaitingHold;
}

/** Records why an email's job waits for a retry, and until when (the job's progress field). */
export async function recordRetry(
  producer: Producer<"sendEmail">,
  jobId: string,
  retry: { lastError: string; retryAt: number; held?: WaitingHold },
): Promise<void> {
  const progress: RetryProgress = {
    lastError: retry.lastError.slice(0, 500),
    retryAt: retry.retryAt,
    ...(retry.held ? { held: retry.held } : {}),
  };
  await producer.queueOf(jobId).updateJobProgress(jobId, progress);
}

function retryOf(progress: unknown): RetryProgress | null {
  const value = progress as Partial<RetryProgress> | null;
  if (typeof value !== "object" || value === null || typeof value.lastError !== "string" || typeof value.retryAt !== "number") return null;
  return value as RetryProgress;
}

/**
 * `sharedJobId`: the batch job the email's row names, if any. The email's own job (a retry's)
 * comes first; else the batch's, while it exists.
 */
export async function sendQueueFacts(
  producer: Producer<"sendEmail">,
  emailId: string,
  sharedJobId: string | null = null,
): Promise<SendQueueFacts> {
  const own = await producer.queueOf(emailId).getJob(emailId);
  const shared = own || sharedJobId === null ? undefined : await producer.queueOf(sharedJobId).getJob(sharedJobId);
  const job = own ?? shared;
  // The job's own shard: the workers and the backlog it waits in.
  const queue = producer.queueOf(job?.id ?? emailId);
  const [workers, waiting] = await Promise.all([
    queue.getWorkersCount().catch(() => null),
    queue.getJobCountByTypes("waiting", "prioritized"),
  ]);
  if (!job) return { job: { state: null, retryAt: null, lastError: null, held: null }, workers, waiting };
  const state = await job.getState();
  const retry = retryOf(job.progress);
  return {
    job: {
      state,
      retryAt: retry && state === "delayed" ? new Date(retry.retryAt) : null,
      lastError: retry?.lastError ?? null,
      held: retry?.held && HOLDS.includes(retry.held) && state === "delayed" ? retry.held : null,
    },
    workers,
    waiting,
  };
}
