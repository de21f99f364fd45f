import type { DbHandle, Plan } from "@svc/db";
import { AppError } from "../errors.ts";
import { planLimits } from "../plans.ts";
import { type SqlClient, sqlPool } from "../sql.ts";
import { incrementDailyUsage } from "../stores/dailyUsage.ts";
import { countEmailsCreatedSince } from "../stores/emails.ts";
import { utcDay } from "../time.ts";

/**
 * Counts one send against the workspace's UTC day, inside the caller's transaction, or throws
 * 429 when the plan's limit is reached. A plan without a limit has nothing to guard: no row is
 * written, because the row lock would serialise every send of the workspace for nothing. Today's
 * sends for display are counted from the emails themselves (`countSendsToday`).
 *
 * The counter lives in Postgres, so losing Redis loses nothing, and it is exact under any
 * concurrency (see incrementDailyUsage). Call it as late in the transaction as possible: the
 * row stays locked until commit.
 */
export async function countDailySend(client: SqlClient, workspaceId: string, plan: Plan): Promise<number | null> {
  return countDailySends(client, workspaceId, plan, 1);
}

/**
 * countDailySend for `emails` emails at once (a batch): all of them fit, or none is counted and
 * this throws 429. A scheduled email counts on the day it is accepted, like any other: the
 * counter guards what the API takes in, and an accepted email is never refused later.
 */
export async function countDailySends(client: SqlClient, workspaceId: string, plan: Plan, emails: number): Promise<number | null> {
  const limits = planLimits(plan);
  if (limits.dailySendLimit === null) return null;
  const count = await incrementDailyUsage(client, workspaceId, limits.dailySendLimit, emails);
  if (count === null) {
    const what = emails === 1 ? "" : ` (this batch of ${emails} emails does not fit in what is left today)`;
    throw new AppError(
      "daily_limit_reached",
      `Daily send limit reached: the ${limits.label} plan allows ${limits.dailySendLimit} emails per day${what}. ` +
        "Upgrade your plan to send more, or wait until tomorrow (UTC) when the limit resets.",
    );
  }
  return count;
}

/**
 * Gives back sends counted in the caller's transaction for emails it did not create after all
 * (a permissive batch's emails from a domain that is not verified).
 */
export async function uncountDailySends(client: SqlClient, workspaceId: string, plan: Plan, emails: number): Promise<void> {
  const limits = planLimits(plan);
  if (limits.dailySendLimit === null || emails === 0) return;
  await incrementDailyUsage(client, workspaceId, limits.dailySendLimit, -emails);
}

/**
 * Emails the workspace queued today (UTC), whatever its plan. For a limited plan this equals the
 * usage counter.
 */
export async function countSendsToday(db: DbHandle, workspaceId: string, now: Date = new Date()): Promise<number> {
  return countEmailsCreatedSince(sqlPool(db), workspaceId, utcDay(now));
}
