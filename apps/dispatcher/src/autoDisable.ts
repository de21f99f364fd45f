import { disableLongFailingSubscriptions } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { every, type PeriodicTask } from "@svc/runtime";

/**
 * Disables, every `intervalMs`, the subscriptions that failed every automatic attempt for
 * `failingDays` days. The dashboard tells their owners; here the operator log says it. Safe to
 * run in every dispatcher process at once: each subscription is disabled once.
 */
export function startAutoDisable(db: DbHandle, options: { failingDays: number; intervalMs: number; log: Logger }): PeriodicTask {
  const { failingDays, intervalMs, log } = options;
  return every(
    "webhook auto-disable",
    intervalMs,
    async () => {
      for (const subscription of await disableLongFailingSubscriptions(db.prisma, failingDays)) {
        log.warn(
          { subscriptionId: subscription.id, workspaceId: subscription.workspaceId, failingSince: subscription.failingSince },
          "webhook subscription disabled: every attempt failed too long",
        );
      }
    },
    log,
    { firstRunMs: 0 },
  );
}
