import type { SesStatus } from "@svc/providers";
import { alert, card, pageHeader, time } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

/** The SES account and the recorded setup, as `svc ses status` reports them, for workspace owners. */
export function sesStatusBody(input: {
  provider: string;
  status: SesStatus | null;
  lastNotificationAt: string | null;
  error?: string;
}): SafeHtml {
  if (input.provider !== "ses") {
    return html`${pageHeader("Amazon SES")}${card(html`<p>This install sends with the built-in simulator: there is no SES account to show.</p>`)}`;
  }
  const status = input.status;
  const account = status?.account;
  const yesNo = (value: boolean | undefined) => (value ? "yes" : "no");
  return html`${pageHeader("Amazon SES", { description: "The sending account and the event reporting set up by svc ses setup." })}
  ${input.error && alert("error", input.error)}
  ${status && status.problems.length > 0 && alert("warning", html`<ul>${status.problems.map((problem) => html`<li>${problem}</li>`)}</ul>`, "What needs attention")}
  ${
    account &&
    card(
      html`<dl class="facts">
      <dt>Production access</dt><dd>${account.productionAccess ? "yes" : "no (sandbox)"}</dd>
      <dt>Sending enabled</dt><dd>${yesNo(account.sendingEnabled)}</dd>
      <dt>Enforcement status</dt><dd>${account.enforcementStatus ?? "unknown"}</dd>
      <dt>Sending quota (24 h)</dt><dd>${String(account.sentLast24Hours ?? "?")} sent of ${String(account.max24HourSend ?? "?")}</dd>
      <dt>Maximum send rate</dt><dd>${String(account.maxSendRate ?? "?")} per second</dd>
    </dl>`,
      { title: "Account" },
    )
  }
  ${
    status?.topic &&
    card(
      html`<dl class="facts">
      <dt>SNS topic</dt><dd class="mono">${status.topic.arn} ${status.topic.exists ? "" : "(missing)"}</dd>
      <dt>Subscription</dt><dd>${status.subscription ? html`<span class="mono">${status.subscription.endpoint}</span> ${status.subscription.confirmed ? "confirmed" : "pending confirmation"}` : "missing"}</dd>
      <dt>Last notification</dt><dd>${input.lastNotificationAt ? time(input.lastNotificationAt, "relative") : "none yet"}</dd>
    </dl>
    <div class="table-wrap"><table class="table">
      <thead><tr><th scope="col">Configuration set</th><th scope="col">Exists</th><th scope="col">Event destination</th><th scope="col">Event types</th></tr></thead>
      <tbody>${status.configurationSets.map(
        (set) =>
          html`<tr><td class="mono">${set.name}</td><td>${yesNo(set.exists)}</td><td>${set.eventDestination.exists ? (set.eventDestination.enabled ? "enabled" : "disabled") : "missing"}</td><td>${set.eventDestination.eventTypes.join(", ")}</td></tr>`,
      )}</tbody></table></div>`,
      { title: "Event reporting" },
    )
  }`;
}
