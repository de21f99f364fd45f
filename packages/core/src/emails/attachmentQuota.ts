import { AppError } from "../errors.ts";
import { planLimits } from "../plans.ts";
import type { Queryable } from "../sql.ts";
import { sumUnsentAttachmentBytes } from "../stores/emailAttachments.ts";
import type { SendContext } from "./sendContext.ts";

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * Refuses a send whose files would take the workspace past its plan's quota of attachment bytes
 * held for emails not yet handed off (scheduled ones may wait weeks, and their files sit in
 * Postgres all that time). Asked only for a send with files: one statement, never on the path of
 * an email without any.
 *
 * Two concurrent sends may both see room and pass together: the quota can be overshot by the
 * files in flight at once, which the API's body budget bounds per workspace.
 */
export async function checkUnsentAttachmentQuota(db: Queryable, context: SendContext, newBytes: number): Promise<void> {
  const quota = planLimits(context.plan).unsentAttachmentBytes;
  if (quota === null || newBytes === 0) return;
  const held = await sumUnsentAttachmentBytes(db, context.workspaceId);
  if (held + newBytes <= quota) return;
  throw new AppError(
    "attachment_quota_exceeded",
    `This email's attachments (${megabytes(newBytes)}) would exceed the ${megabytes(quota)} of attachments your plan holds for emails not yet sent ` +
      `(${megabytes(held)} held by queued and scheduled emails). Send it once some of them are sent or canceled, or with smaller files.`,
    { quotaBytes: quota, heldBytes: held },
  );
}
