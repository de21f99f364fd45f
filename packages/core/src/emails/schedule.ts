import type { DbHandle, EmailStatus } from "@svc/db";
import { hasPrefix } from "@svc/db";
import { z } from "zod";
import { AppError } from "../errors.ts";
import type { FileStore } from "../files/store.ts";
import { type Queryable, sqlPool } from "../sql.ts";
import { cancelScheduledEmails, queueDueScheduledEmails, rescheduleEmails, selectEmailStatuses } from "../stores/emails.ts";
import { emailNotFound } from "./read.ts";
import { scheduledAtField } from "./scheduledAt.ts";

/**
 * Canceling, rescheduling and, at its time, queueing a `scheduled` email. Each is one conditional
 * UPDATE (see SCHEDULE_MOVES): of a cancel and the scheduler queueing the email at its time,
 * exactly one wins, so a canceled email is never sent and an email already queued is never
 * reported canceled.
 */

/**
 * The scheduler's pass: moves up to `limit` due emails to `queued`, the longest-due first, and
 * answers them with their workspaces so that their send jobs can be enqueued.
 */
export function queueDueEmails(db: DbHandle, limit: number): Promise<Array<{ id: string; workspaceId: string }>> {
  return queueDueScheduledEmails(sqlPool(db), limit);
}

export interface ScheduleAnswer {
  id: string;
  status: EmailStatus;
  scheduledAt: string | null;
}

/** 404 for an email the workspace does not have; 409 naming the status of one that is not scheduled. */
async function refusal(db: Queryable, workspaceId: string, emailId: string, action: string): Promise<AppError> {
  const status = (await selectEmailStatuses(db, workspaceId, [emailId])).get(emailId);
  if (status === undefined) return emailNotFound();
  return new AppError("conflict", `Email ${emailId} is ${status}: only a scheduled email can be ${action}.`);
}

/**
 * POST /emails/{id}/cancel: the scheduled email becomes `canceled` and is never sent; its files
 * go (from an object store too: one that fails now leaves them to retention's leftover sweep).
 */
export async function cancelScheduledEmail(
  db: Queryable,
  workspaceId: string,
  emailId: string,
  files?: FileStore,
): Promise<ScheduleAnswer> {
  if (!hasPrefix(emailId, "email")) throw emailNotFound();
  const [canceled] = await cancelScheduledEmails(db, workspaceId, [emailId]);
  if (canceled === undefined) throw await refusal(db, workspaceId, emailId, "canceled");
  if (files?.kind === "s3" && canceled.files > 0)
    await files.deleteEmailFiles([{ workspaceId, emailId, count: canceled.files }]).catch(() => {});
  return { id: emailId, status: "canceled", scheduledAt: null };
}

/** The PATCH /emails/{id} body; also the source of its OpenAPI description. */
export const rescheduleSchema = z.strictObject(
  { scheduledAt: scheduledAtField },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : "the body must be a JSON object",
  },
);

/** Validates a PATCH /emails/{id} body: `{scheduledAt}` and nothing else (422 otherwise). */
export function parseRescheduleInput(body: unknown): { scheduledAt: Date } {
  const result = rescheduleSchema.safeParse(body);
  if (!result.success) {
    const problems = result.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
    );
    throw new AppError("validation_failed", `Invalid request: ${[...new Set(problems)].join("; ")}.`);
  }
  return result.data;
}

/** PATCH /emails/{id} `{scheduledAt}`: a scheduled email gets a new time. */
export async function rescheduleEmail(db: Queryable, workspaceId: string, emailId: string, scheduledAt: Date): Promise<ScheduleAnswer> {
  if (!hasPrefix(emailId, "email")) throw emailNotFound();
  const [moved] = await rescheduleEmails(db, workspaceId, [{ emailId, scheduledAt }]);
  if (moved === undefined) throw await refusal(db, workspaceId, emailId, "rescheduled");
  return { id: emailId, status: "scheduled", scheduledAt: scheduledAt.toISOString() };
}
