import { purgeExpiredSessions } from "@svc/core";
import type { Db } from "@svc/db";
import type { Logger } from "@svc/logger";
import { every, type PeriodicTask } from "@svc/runtime";

/** Purges expired sessions and sign-up links (see purgeExpiredSessions). Hourly is plenty. */
export function startSessionSweeper(prisma: Db, log: Logger, intervalMs = 3_600_000): PeriodicTask {
  return every(
    "expired session sweep",
    intervalMs,
    async () => {
      const { sessions, signUps } = await purgeExpiredSessions(prisma);
      if (sessions > 0) log.info({ count: sessions }, "expired sessions deleted");
      if (signUps > 0) log.info({ count: signUps }, "expired sign-up links deleted");
    },
    log,
  );
}
