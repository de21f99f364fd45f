import type { AutoDisabledSubscription } from "@svc/core";
import { escapeHtml } from "../views/html.ts";

/** The email telling a workspace's owners that the service disabled one of their webhooks. */
export function disabledWebhookContent(
  subscription: AutoDisabledSubscription,
  dashboardBaseUrl: string,
): { subject: string; text: string; html: string } {
  const link = new URL(`/webhooks/${subscription.id}`, dashboardBaseUrl).toString();
  const since = subscription.failingSince.toUTCString();
  const subject = "A webhook endpoint was disabled on Svc";
  const text = [
    `${subscription.disabledReason}`,
    "",
    `Endpoint: ${subscription.url}`,
    `Failing since: ${since}`,
    "",
    "Its pending deliveries were stopped and no new events are sent to it. Once the endpoint works",
    "again, activate the webhook and retry the deliveries you need:",
    link,
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5">
<p>${e(subscription.disabledReason)}</p>
<p>Endpoint: <code>${e(subscription.url)}</code><br>Failing since: ${e(since)}</p>
<p>Its pending deliveries were stopped and no new events are sent to it. Once the endpoint works again, activate the webhook and retry the deliveries you need.</p>
<p><a href="${e(link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open the webhook</a></p>
</body></html>`;
  return { subject, text, html };
}
