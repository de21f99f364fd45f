import { deleteExpiredSessions } from "@svc/core";
import type { Db } from "@svc/db";
import type { Logger } from "@svc/logger";
import { every, type PeriodicTask } from "@svc/runtime";

/**
 * Expired sessions are already refused when presented; this only keeps the table from growing
 * with sessions nobody presents again (closed browsers). Hourly is plenty.
 */
export function startSessionSweeper(prisma: Db, log: Logger, intervalMs = 3_600_000): PeriodicTask {
  return every("expired session sweep", intervalMs, async () => {
    const count = await deleteExpiredSessions(prisma);
    if (count > 0) log.info({ count }, "expired sessions deleted");
  }, log);
}
