import { MAX_EMAILS_PER_SEND_JOB, sharedSendJobId } from "@svc/queues";
import type { NewEmailRow } from "../stores/emails.ts";
import type { WrittenRow } from "./queue.ts";

/** A send job several emails written together share, to enqueue once their rows are committed. */
export interface SharedSendJob {
  workspaceId: string;
  jobId: string;
  emailIds: string[];
}

/**
 * Emails written in one statement that go out at once share one send job per workspace, as a
 * batch's do: one job to add, take and finish instead of one per email. A workspace's lone email
 * keeps a job of its own (job id = email id), and a scheduled one gets its job when it falls due.
 * A job carries at most MAX_EMAILS_PER_SEND_JOB emails; more make several.
 * Returns the rows with the job they share named on them (`sendJobId`).
 */
export function shareSendJobs(rows: readonly NewEmailRow[]): NewEmailRow[] {
  const immediateByWorkspace = new Map<string, NewEmailRow[]>();
  for (const row of rows) {
    if (row.input.scheduledAt) continue;
    const group = immediateByWorkspace.get(row.context.workspaceId);
    if (group) group.push(row);
    else immediateByWorkspace.set(row.context.workspaceId, [row]);
  }
  const jobOf = new Map<string, string>();
  for (const group of immediateByWorkspace.values()) {
    for (let start = 0; start < group.length; start += MAX_EMAILS_PER_SEND_JOB) {
      const job = group.slice(start, start + MAX_EMAILS_PER_SEND_JOB);
      if (job.length < 2) continue;
      const jobId = sharedSendJobId(job[0]!.emailId);
      for (const row of job) jobOf.set(row.emailId, jobId);
    }
  }
  return rows.map((row) => {
    const sendJobId = jobOf.get(row.emailId);
    return sendJobId === undefined ? row : { ...row, sendJobId };
  });
}

/**
 * The shared jobs of rows written by shareSendJobs, each with the emails of it that were written
 * (`written[i]` for `rows[i]`), in order; a job none of whose emails was written is left out.
 */
export function sharedSendJobsOf(rows: readonly NewEmailRow[], written: readonly boolean[]): SharedSendJob[] {
  const jobs = new Map<string, SharedSendJob>();
  rows.forEach((row, index) => {
    if (row.sendJobId === undefined || !written[index]) return;
    const job = jobs.get(row.sendJobId);
    if (job) job.emailIds.push(row.emailId);
    else jobs.set(row.sendJobId, { workspaceId: row.context.workspaceId, jobId: row.sendJobId, emailIds: [row.emailId] });
  });
  return [...jobs.values()];
}

/** A row written by writeSharingSendJobs, and the enqueue of the job it shares, if any, under way. */
export interface SharingWrite<Outcome> {
  outcome: Outcome;
  /** Settles once its shared job is enqueued (or left to the sweeper); null when it shares none. */
  enqueued: Promise<unknown> | null;
}

/**
 * Writes concurrent sends' rows in one statement (`write`, answering per row in order), the ones
 * of a workspace that go out at once sharing a send job, and starts enqueuing those jobs once the
 * rows are committed: it answers without waiting for them, so that a slow Redis does not hold the
 * statement's turn. `enqueue` must not fail (the sweeper enqueues what it could not).
 */
export async function writeSharingSendJobs<Outcome>(
  rows: readonly NewEmailRow[],
  write: (rows: NewEmailRow[]) => Promise<Outcome[]>,
  wasWritten: (outcome: Outcome) => boolean,
  enqueue: (job: SharedSendJob) => Promise<unknown>,
): Promise<Array<SharingWrite<Outcome>>> {
  const shared = shareSendJobs(rows);
  const outcomes = await write(shared);
  const written = outcomes.map(wasWritten);
  const enqueues = new Map(sharedSendJobsOf(shared, written).map((job) => [job.jobId, enqueue(job)]));
  return shared.map((row, index) => ({
    outcome: outcomes[index]!,
    enqueued: written[index] && row.sendJobId !== undefined ? (enqueues.get(row.sendJobId) ?? null) : null,
  }));
}

/** What a sharing write came to for its request, once the enqueue of its job has settled. */
export async function settledWrite<Outcome>(write: SharingWrite<Outcome>): Promise<WrittenRow<Outcome>> {
  if (write.enqueued) await write.enqueued;
  return { outcome: write.outcome, sendJobEnqueued: write.enqueued !== null };
}
