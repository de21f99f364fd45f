import type { DbHandle, Plan } from "@svc/db";
import type { Pool } from "pg";
import { AppError } from "../errors.ts";
import { planLimits } from "../plans.ts";
import { inPoolTransaction, type SqlClient, sqlPool } from "../sql.ts";
import { addDailyUsage, incrementDailyUsage, lockDailyUsage } from "../stores/dailyUsage.ts";
import { countEmailsCreatedSince, type EmailInsertOutcome, insertEmailsIfDomainVerified, type NewEmailRow } from "../stores/emails.ts";
import { utcDay } from "../time.ts";
import { inWorkspaceTurn } from "./workspaceTurns.ts";

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
  if (count === null) throw dailyLimitReached(plan, emails);
  return count;
}

/** The 429 of a send (or a batch of `emails`) that does not fit in what is left of the plan's day. */
export function dailyLimitReached(plan: Plan, emails = 1): AppError {
  const limits = planLimits(plan);
  const what = emails === 1 ? "" : ` (this batch of ${emails} emails does not fit in what is left today)`;
  return new AppError(
    "daily_limit_reached",
    `Daily send limit reached: the ${limits.label} plan allows ${limits.dailySendLimit} emails per day${what}. ` +
      "Upgrade your plan to send more, or wait until tomorrow (UTC) when the limit resets.",
  );
}

/** What became of one send written by insertCountedEmails. */
export type CountedInsertOutcome = EmailInsertOutcome | "over_daily_limit";

/**
 * Writes sends of one workspace on one plan with a daily limit (their `context`), each on its own
 * (separate API requests that arrived together), in one transaction: the sends that fit
 * in what is left today, in their order, are inserted (each if its domain is verified) and counted;
 * the rest are over the limit and write nothing. One lock of the counter, one insert and one
 * commit serve them all, where each send alone would hold the counter's lock through its own. It
 * runs in the workspace's turn (inWorkspaceTurn), as every transaction that takes the counter does.
 *
 * A send refused for its domain counts nothing, but it took a place among those that fit, so a
 * send behind it may be refused for a limit that a moment later has room: as if the two had come
 * in the other order.
 */
export async function insertCountedEmails(pool: Pool, rows: readonly NewEmailRow[]): Promise<CountedInsertOutcome[]> {
  const context = rows[0]?.context;
  if (!context) return [];
  const { workspaceId, plan } = context;
  const dailySendLimit = planLimits(plan).dailySendLimit;
  if (dailySendLimit === null) throw new Error(`insertCountedEmails: the ${plan} plan has no daily limit to count against`);
  return inWorkspaceTurn(workspaceId, () =>
    inPoolTransaction(pool, async (client) => {
      const used = await lockDailyUsage(client, workspaceId);
      const fitting = Math.min(rows.length, Math.max(dailySendLimit - used, 0));
      const outcomes: CountedInsertOutcome[] = fitting > 0 ? await insertEmailsIfDomainVerified(client, rows.slice(0, fitting)) : [];
      const inserted = outcomes.filter((outcome) => outcome === "inserted").length;
      if (inserted > 0) await addDailyUsage(client, workspaceId, inserted);
      return rows.map((_, index) => outcomes[index] ?? "over_daily_limit");
    }),
  );
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
