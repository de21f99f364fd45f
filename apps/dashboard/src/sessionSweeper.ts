import { deleteExpiredPendingSignups, deleteExpiredSessions } from "@svc/core";
import type { Db } from "@svc/db";
import type { Logger } from "@svc/logger";
import { every, type PeriodicTask } from "@svc/runtime";

/**
 * Expired sessions and sign-up links are already refused when presented; this only keeps the
 * tables from growing with what nobody presents again (closed browsers, unconfirmed sign-ups).
 * Hourly is plenty.
 */
export function startSessionSweeper(prisma: Db, log: Logger, intervalMs = 3_600_000): PeriodicTask {
  return every("expired session sweep", intervalMs, async () => {
    const count = await deleteExpiredSessions(prisma);
    if (count > 0) log.info({ count }, "expired sessions deleted");
    const signups = await deleteExpiredPendingSignups(prisma, new Date());
    if (signups > 0) log.info({ count: signups }, "expired sign-up links deleted");
  }, log);
}
