import { EVENT_TYPES, type WebhookDeliveryView, type WebhookReplayView, type WebhookSubscriptionView } from "@svc/core";
import { alert, badge, card, confirmAction, csrfField, emptyState, pageHeader, postButton, secretReveal, time } from "../components.ts";
import { html, raw, type SafeHtml } from "../html.ts";

const EVENT_HELP: Record<string, string> = {
  sent: "Handed to the provider",
  delivered: "Accepted by the receiving server",
  opened: "Tracking pixel fired",
  clicked: "Tracked link followed",
  bounced: "Rejected by the receiving server",
  complained: "Marked as spam",
  rejected: "Refused by the provider",
  rendering_failed: "Template rendering failed",
  delivery_delayed: "Delayed; the provider retries",
  failed: "Not sent: ended by us (domain, test recipients, files, retries)",
};

export interface WebhookFormState {
  url?: string;
  events?: string[];
  error?: string;
}

function createForm(csrf: string, form: WebhookFormState, allowPrivate: boolean): SafeHtml {
  const selected = new Set(form.events ?? ["delivered", "bounced", "complained"]);
  return card(
    html`${form.error && alert("error", form.error)}
    <form method="post" action="/webhooks" class="stack">
      ${csrfField(csrf)}
      <div class="field">
        <label for="f-url">Endpoint URL</label>
        <input id="f-url" name="url" type="url" value="${form.url ?? ""}" placeholder="https://api.example.com/webhooks/svc" required maxlength="2048" autocomplete="off" aria-describedby="f-url-help">
        <p class="help" id="f-url-help">${allowPrivate ? "HTTPS recommended. Private addresses are allowed on this server (development setting)." : "Must be HTTPS on a public address."}</p>
      </div>
      <fieldset class="field">
        <legend>Events</legend>
        <div class="checkbox-grid">
          ${EVENT_TYPES.map(
            (
              type,
            ) => html`<label class="checkbox"><input type="checkbox" name="events" value="${type}"${selected.has(type) ? raw(" checked") : ""}>
              <span><code>${type}</code><small>${EVENT_HELP[type]}</small></span></label>`,
          )}
        </div>
      </fieldset>
      <div class="form-actions"><button type="submit" class="btn btn-primary">Create webhook</button></div>
    </form>`,
    {
      title: "Add an endpoint",
      description: "Each subscribed event is POSTed as signed JSON and retried for 24 hours until your endpoint answers 2xx.",
    },
  );
}

export function webhooksBody(input: {
  subscriptions: WebhookSubscriptionView[];
  csrf: string;
  canWrite: boolean;
  allowPrivate: boolean;
  form?: WebhookFormState;
  created?: WebhookSubscriptionView & { secret: string };
}): SafeHtml {
  const autoDisabled = input.subscriptions.filter((s) => s.disabledAt);
  return html`${pageHeader("Webhooks", { description: "Get email events pushed to your backend as they happen." })}
  ${
    autoDisabled.length > 0 &&
    alert(
      "warning",
      html`${autoDisabled.length === 1 ? "One endpoint was" : `${autoDisabled.length} endpoints were`} disabled because every delivery attempt failed for days. Fix the endpoint, then activate it again on its page.`,
      "Webhooks disabled automatically.",
    )
  }
  ${
    input.created &&
    card(
      html`${alert("success", "Copy the signing secret now. It won't be shown again; verify every request's X-Service-Signature with it.", "Webhook created.")}
    ${secretReveal("Signing secret", input.created.secret, "new-webhook-secret")}
    <p><a href="/webhooks/${input.created.id}">Open the webhook →</a></p>`,
      { tone: "success", id: "created-webhook" },
    )
  }
  ${input.canWrite && createForm(input.csrf, input.form ?? {}, input.allowPrivate)}
  ${card(
    input.subscriptions.length === 0
      ? emptyState("No webhooks yet", "Add an endpoint to receive delivered, bounced and other events as they happen.")
      : html`<div class="table-wrap"><table class="table">
        <thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
        <tbody>${input.subscriptions.map(
          (s) => html`<tr><td><a class="row-link mono" href="/webhooks/${s.id}">${s.url}</a></td>
            <td class="events-cell">${s.events.map((e) => html`<code class="chip">${e}</code> `)}</td>
            <td>${subscriptionBadge(s)}</td><td>${time(s.createdAt)}</td></tr>`,
        )}</tbody></table></div>`,
    { title: "Endpoints" },
  )}`;
}

function subscriptionBadge(s: WebhookSubscriptionView): SafeHtml {
  if (s.isActive) return s.failingSince ? badge("pending", "failing") : badge("active");
  return s.disabledAt ? badge("failed", "disabled automatically") : badge("inactive");
}

/** Why a subscription is failing or was disabled by the service, with what to do about it. */
function healthNotice(s: WebhookSubscriptionView): SafeHtml | false {
  if (s.disabledAt) {
    return alert(
      "error",
      html`${s.disabledReason} Attempts failed from ${time(s.failingSince)}; it was disabled ${time(s.disabledAt)} and its pending deliveries were stopped. Fix the endpoint, activate it again, then retry the deliveries you need.`,
      "Disabled automatically.",
    );
  }
  return (
    s.isActive &&
    Boolean(s.failingSince) &&
    alert(
      "warning",
      html`Every automatic attempt since ${time(s.failingSince)} failed. A subscription that keeps failing is disabled automatically after some days.`,
      "This endpoint is failing.",
    )
  );
}

function attemptsTable(delivery: WebhookDeliveryView): SafeHtml {
  const attempts = delivery.attempts ?? [];
  if (attempts.length === 0)
    return html`<p class="muted attempts-empty">No attempt yet${delivery.nextAttemptAt ? html`; the first is due ${time(delivery.nextAttemptAt, "relative")}` : ""}.</p>`;
  return html`<div class="table-wrap"><table class="table table-compact attempts">
    <thead><tr><th scope="col">#</th><th scope="col">Time</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Answer</th></tr></thead>
    <tbody>${attempts.map(
      (a) => html`<tr>
        <td>${a.number}${a.manual && html` <span class="badge badge-neutral">manual</span>`}</td>
        <td>${time(a.startedAt)}</td>
        <td>${a.statusCode !== null ? badge(a.statusCode >= 200 && a.statusCode < 300 ? "succeeded" : "failed", String(a.statusCode)) : badge("failed", "no answer")}</td>
        <td>${a.durationMs} ms</td>
        <td class="excerpt">${a.error && html`<span class="error-text">${a.error}</span>`}${a.error && a.responseExcerpt && html`<br>`}${
          a.responseExcerpt
            ? html`<code>${a.responseExcerpt.slice(0, 300)}</code>`
            : !a.error && html`<span class="muted">(empty answer)</span>`
        }</td>
      </tr>`,
    )}</tbody></table></div>`;
}

function deliveryItem(delivery: WebhookDeliveryView, csrf: string, canWrite: boolean, open: boolean): SafeHtml {
  return html`<details class="delivery" id="${delivery.id}" data-delivery="${delivery.id}"${delivery.test ? raw(" data-test-delivery") : ""}${open ? raw(" open") : ""}>
    <summary>
      <span class="delivery-type"><code>${delivery.eventType}</code>${delivery.test && html` <span class="badge badge-neutral">test</span>`}</span>
      ${badge(delivery.status)}
      <span class="muted">${delivery.attemptCount} attempt${delivery.attemptCount === 1 ? "" : "s"}</span>
      <span class="muted delivery-time">${time(delivery.createdAt, "relative")}</span>
    </summary>
    <div class="delivery-body">
      <p class="delivery-meta"><span>Delivery <code>${delivery.id}</code></span>${delivery.eventId && html` <span>Event <code>${delivery.eventId}</code></span>`}
        ${delivery.nextAttemptAt && html` <span>Next retry ${time(delivery.nextAttemptAt, "relative")}</span>`}</p>
      ${attemptsTable(delivery)}
      ${canWrite && postButton({ action: `/webhook-deliveries/${delivery.id}/retry`, label: "Retry now", csrf })}
    </div>
  </details>`;
}

/** Recovery and replay: the form (owners and admins) and the recent replays with their progress. */
function replaysCard(
  s: WebhookSubscriptionView,
  replays: WebhookReplayView[],
  csrf: string,
  canWrite: boolean,
  defaultRate: number,
): SafeHtml {
  const form =
    canWrite &&
    s.isActive &&
    html`<form method="post" action="/webhooks/${s.id}/replay" class="stack">
      ${csrfField(csrf)}
      <div class="field">
        <label for="r-kind">Send again</label>
        <select id="r-kind" name="kind">
          <option value="failed_since">Every failed delivery since (recover after an outage)</option>
          <option value="range">Every delivery between (replay after a receiver bug)</option>
        </select>
      </div>
      <div class="field"><label for="r-since">From (UTC)</label><input id="r-since" name="since" type="datetime-local" step="1" required></div>
      <div class="field"><label for="r-until">Until (UTC, for “between”)</label><input id="r-until" name="until" type="datetime-local" step="1"></div>
      <div class="field"><label for="r-rate">Deliveries per second</label><input id="r-rate" name="perSecond" type="number" min="1" max="100" value="${String(defaultRate)}"></div>
      <p class="muted">Failed deliveries are sent again under their own id. Deliveries that succeeded are sent as new deliveries (a new id, the original's in <code>replayOf</code>), so a receiver that deduplicates on ids processes them.</p>
      <div><button type="submit" class="btn">Start replay</button></div>
    </form>`;
  const list =
    replays.length === 0
      ? html`<p class="muted">No replays yet.</p>`
      : html`<table class="table"><thead><tr><th>Started</th><th>What</th><th>Pace</th><th>Sent again</th><th>Pending</th><th>Succeeded</th><th>Failed</th></tr></thead><tbody>
        ${replays.map(
          (r) =>
            html`<tr><td>${time(r.createdAt)}</td><td>${r.kind === "range" ? html`between ${time(r.since)} and ${time(r.until)}` : r.kind === "failed_since" ? html`failed since ${time(r.since)}` : r.kind}</td><td>${String(r.perSecond)}/s</td><td>${String(r.rearmed + r.copied)}</td><td>${String(r.progress.pending)}</td><td>${String(r.progress.succeeded)}</td><td>${String(r.progress.failed)}</td></tr>`,
        )}</tbody></table>`;
  return card(html`${form}${list}`, {
    title: "Replay and recovery",
    id: "replays",
    description: "Send past deliveries again, paced so that your endpoint and live deliveries are not flooded.",
  });
}

export function webhookDetailBody(input: {
  subscription: WebhookSubscriptionView;
  deliveries: WebhookDeliveryView[];
  replays?: WebhookReplayView[];
  csrf: string;
  canWrite: boolean;
  defaultReplayRate?: number;
}): SafeHtml {
  const s = input.subscription;
  return html`${pageHeader("Webhook", {
    back: { href: "/webhooks", label: "Webhooks" },
    description: html`<code class="mono">${s.url}</code> ${subscriptionBadge(s)}`,
    actions:
      input.canWrite &&
      html`${s.isActive && postButton({ action: `/webhooks/${s.id}/test`, label: "Send test event", csrf: input.csrf, tone: "primary", small: false })}
      ${
        s.isActive
          ? postButton({ action: `/webhooks/${s.id}/disable`, label: "Deactivate", csrf: input.csrf, small: false })
          : postButton({ action: `/webhooks/${s.id}/enable`, label: "Activate", csrf: input.csrf, tone: "primary", small: false })
      }
      ${confirmAction({ href: `/webhooks/${s.id}/delete`, label: "Delete", question: "Delete this webhook? Its deliveries and their history are deleted too, and pending retries stop.", confirmLabel: "Delete webhook", csrf: input.csrf, small: false })}`,
  })}
  ${healthNotice(s)}
  ${card(html`<div class="chips">${s.events.map((e) => html`<code class="chip">${e}</code>`)}</div>`, { title: "Subscribed events" })}
  ${card(
    input.deliveries.length === 0
      ? emptyState(
          "No deliveries yet",
          "Deliveries appear here when a subscribed event happens. Use “Send test event” to try your endpoint now.",
        )
      : html`<div class="deliveries">${input.deliveries.map((d, i) => deliveryItem(d, input.csrf, input.canWrite, i === 0))}</div>`,
    { title: "Recent deliveries", description: "The 50 most recent, newest first, with every attempt." },
  )}
  ${replaysCard(s, input.replays ?? [], input.csrf, input.canWrite, input.defaultReplayRate ?? 10)}`;
}
