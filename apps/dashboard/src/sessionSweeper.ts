import { deleteExpiredSessions } from "@svc/core";
import type { Db } from "@svc/db";
import type { Logger } from "@svc/logger";

/**
 * Expired sessions are already refused when presented; this only keeps the table from growing
 * with sessions nobody presents again (closed browsers). Hourly is plenty.
 */
export function startSessionSweeper(prisma: Db, log: Logger, intervalMs = 3_600_000): { stop(): void } {
  const sweep = () =>
    deleteExpiredSessions(prisma).then(
      (count) => count > 0 && log.info({ count }, "expired sessions deleted"),
      (error) => log.warn({ err: error }, "expired session sweep failed"),
    );
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
