import { notifyOwnersOfDisabledSubscriptions } from "@svc/core";
import type { Db } from "@svc/db";
import type { Logger } from "@svc/logger";
import { every, type PeriodicTask } from "@svc/runtime";
import { disabledWebhookContent } from "./mail/disabledWebhookContent.ts";
import type { SystemMailer } from "./mail/pipelineMailer.ts";

/**
 * Mails the owners of each webhook subscription the dispatcher disabled by itself, once. Only
 * started with a system sender: without one, the notices wait until one is configured (the
 * dashboard's pages show the state either way).
 */
export function startDisabledWebhookNotices(
  prisma: Db,
  mailer: SystemMailer,
  options: { dashboardBaseUrl: string; intervalMs: number; log: Logger },
): PeriodicTask {
  const { log } = options;
  return every(
    "disabled webhook notices",
    options.intervalMs,
    async () => {
      const result = await notifyOwnersOfDisabledSubscriptions(prisma, async ({ to, subscription }) => {
        try {
          await mailer.send({ to, ...disabledWebhookContent(subscription, options.dashboardBaseUrl) });
        } catch (error) {
          log.warn({ err: error, subscriptionId: subscription.id }, "owners of a disabled webhook could not be mailed; trying again later");
          throw error;
        }
      });
      if (result.notified > 0) log.info({ notified: result.notified }, "owners told of automatically disabled webhooks");
    },
    log,
    { firstRunMs: 0 },
  );
}
