import type { JobPayload } from "./catalog.ts";

/**
 * The id of the send job emails share (a batch's, or sends written in one statement,
 * core/emails/sharedSendJobs.ts): its first email's id with a `batch-` prefix,
 * unique because an email id is made once, and apart from the job a retry of that email later
 * gets under its own id. The emails' rows name it (`sendJobId`), so that the sweeper and the
 * waiting explanation find their job.
 */
export function sharedSendJobId(firstEmailId: string): string {
  return `batch-${firstEmailId}`;
}

/** The emails one send job carries, whichever its shape. */
export function emailsOf(payload: JobPayload<"sendEmail">): readonly string[] {
  return "emailIds" in payload ? payload.emailIds : [payload.emailId];
}
