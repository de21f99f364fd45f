import {
  EMAIL_STATUSES,
  type EmailPage,
  type EmailSearch,
  type EmailTemplateView,
  type EmailView,
  type EmailWaiting,
  type EmailWithEventsView,
  type InboundSummaryView,
} from "@svc/core";
import { alert, badge, card, csrfField, emptyState, field, keyValueList, pageHeader, postButton, time } from "../components.ts";
import { formatDateTime, formatTimeWithMs, prettyJson } from "../format.ts";
import { html, queryString, raw, type SafeHtml } from "../html.ts";
import { inboundList } from "./inbound.ts";

function filters(search: EmailSearch): SafeHtml {
  return html`<form method="get" action="/emails" class="filters" role="search">
    <div class="field">
      <label for="filter-status">Status</label>
      <select id="filter-status" name="status">
        <option value="">All statuses</option>
        ${EMAIL_STATUSES.map((s) => html`<option value="${s}"${s === search.status ? raw(" selected") : ""}>${s.replace(/_/g, " ")}</option>`)}
      </select>
    </div>
    <div class="field">
      <label for="filter-recipient">Recipient</label>
      <input id="filter-recipient" name="recipient" type="search" value="${search.recipient ?? ""}" placeholder="name@example.com" maxlength="254" autocomplete="off">
    </div>
    <div class="filter-actions">
      <button type="submit" class="btn btn-secondary">Filter</button>
      ${(search.status || search.recipient) && html`<a class="btn btn-ghost" href="/emails">Clear</a>`}
    </div>
  </form>`;
}

function recipients(to: string[]): SafeHtml {
  const [first, ...rest] = to;
  return html`${first}${rest.length > 0 && html` <span class="muted">+${rest.length}</span>`}`;
}

export function emailsBody(page: EmailPage, search: EmailSearch): SafeHtml {
  const base = { status: search.status, recipient: search.recipient };
  const filtered = Boolean(search.status || search.recipient);
  return html`${pageHeader("Emails", { description: "Every email queued through the API, newest first." })}
  ${card(
    html`${filters(search)}
    ${
      page.emails.length === 0
        ? filtered
          ? emptyState(
              "No matching emails",
              "Nothing matches these filters. Try another status or recipient.",
              html`<a class="btn btn-secondary" href="/emails">Clear filters</a>`,
            )
          : emptyState(
              "No emails yet",
              html`Emails you send with <code>POST /emails</code> show up here with their delivery events.`,
              html`<a class="btn btn-secondary" href="/api-keys">Get an API key</a>`,
            )
        : html`<div class="table-wrap"><table class="table emails-table">
        <thead><tr><th scope="col">Recipient</th><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
        <tbody>${page.emails.map(
          (e: EmailView) => html`<tr data-email-id="${e.id}">
            <td class="truncate">${recipients(e.to)}</td>
            <td class="truncate"><a class="row-link" href="/emails/${e.id}">${e.bodyRemovedAt ? html`<span class="muted">(body removed)</span>` : e.subject}</a></td>
            <td>${badge(e.status)}</td>
            <td class="nowrap">${time(e.createdAt)}</td>
          </tr>`,
        )}</tbody></table></div>
        <nav class="pager" aria-label="Pages">
          ${page.newerCursor ? html`<a class="btn btn-secondary" href="/emails${raw(queryString({ ...base, before: page.newerCursor }))}" rel="prev">← Newer</a>` : html`<span></span>`}
          ${page.olderCursor ? html`<a class="btn btn-secondary" href="/emails${raw(queryString({ ...base, after: page.olderCursor }))}" rel="next">Older →</a>` : ""}
        </nav>`
    }`,
  )}`;
}

/** An event we recorded ourselves (`failed`, our `rejected`) says so in its payload: `source: "svc"`. */
function ourPayload(payloadJson: string): { reason?: unknown; message?: unknown } | null {
  try {
    const payload = JSON.parse(payloadJson) as unknown;
    return payload !== null && typeof payload === "object" && (payload as { source?: unknown }).source === "svc"
      ? (payload as { reason?: unknown; message?: unknown })
      : null;
  } catch {
    return null;
  }
}

function isOurs(payloadJson: string): boolean {
  return ourPayload(payloadJson) !== null;
}

/** The reason of one of our events, in words, on the timeline itself. */
function ourReason(payloadJson: string): SafeHtml | false {
  const ours = ourPayload(payloadJson);
  if (!ours || typeof ours.message !== "string") return false;
  return html`<p class="timeline-reason">${ours.message}${typeof ours.reason === "string" ? html` <span class="muted mono">${ours.reason}</span>` : ""}</p>`;
}

/** Links between the timeline's pages: back to the first, on to the next when there is one. */
function timelinePager(email: Pick<EmailWithEventsView, "id" | "eventsNextCursor">, laterPage: boolean): SafeHtml | string {
  if (!laterPage && email.eventsNextCursor === null) return "";
  const base = `/emails/${encodeURIComponent(email.id)}`;
  return html`<nav class="pager" aria-label="Event pages">
    ${laterPage ? html`<a class="btn btn-secondary" href="${base}" rel="first">← First events</a>` : html`<span></span>`}
    ${email.eventsNextCursor !== null ? html`<a class="btn btn-secondary" href="${base}${raw(queryString({ eventsAfter: email.eventsNextCursor }))}" rel="next">Later events →</a>` : ""}
  </nav>`;
}

function timeline(email: Pick<EmailWithEventsView, "id" | "events" | "eventsNextCursor">, laterPage: boolean): SafeHtml {
  if (email.events.length === 0 && !laterPage) {
    return emptyState("No events yet", "Events appear as the provider reports them: sent, delivered, bounced and so on.");
  }
  return html`<ol class="timeline">${email.events.map(
    (event) => html`<li class="timeline-item timeline-${event.type}" data-event-type="${event.type}">
      <div class="timeline-marker" aria-hidden="true"></div>
      <div class="timeline-content">
        <div class="timeline-head">${badge(event.type)} <time datetime="${event.eventTimestamp}" title="${formatDateTime(event.eventTimestamp)}">${formatDateTime(event.eventTimestamp).replace(/ \d\d:\d\d:\d\d UTC$/, "")} ${formatTimeWithMs(event.eventTimestamp)} UTC</time></div>
        ${ourReason(event.payloadJson)}
        <details class="payload">
          <summary>${isOurs(event.payloadJson) ? "Our record" : "Provider payload"} <span class="muted mono">${event.id}</span></summary>
          <pre class="code-block"><code>${prettyJson(event.payloadJson)}</code></pre>
        </details>
      </div>
    </li>`,
  )}</ol>${timelinePager(email, laterPage)}`;
}

/** Why the email waits longer than expected (GET /emails/{id}'s `waiting`), when it does. */
function waitingNotice(waiting: EmailWaiting | null): SafeHtml | false {
  if (!waiting || waiting.reasons.length === 0) return false;
  return alert(
    "warning",
    html`<ul data-waiting>${waiting.reasons.map((reason) => html`<li data-reason="${reason.code}">${reason.message}</li>`)}</ul>`,
    `Waiting since ${new Date(waiting.since).toISOString()}:`,
  );
}

/** The template and version an email was sent by, linked to the template while it exists. */
function templateCell(template: EmailTemplateView): SafeHtml {
  const version = template.version === null ? "the draft (a test send)" : `v${template.version}`;
  const name =
    template.name === null
      ? html`<code>${template.templateId}</code> <span class="muted">(deleted)</span>`
      : html`<a href="/templates/${template.templateId}">${template.name}</a> <code class="muted">${template.alias}</code>`;
  return html`<span data-email-template>${name} · ${version}</span>`;
}

/** What the page offers for a scheduled email: a new time, or canceling it (members who may change things only). */
export interface ScheduleControls {
  csrf: string;
  canWrite: boolean;
  error?: string;
}

function scheduleCard(email: { id: string; status: string; scheduledAt: string | null }, controls: ScheduleControls): SafeHtml | null {
  if (email.status !== "scheduled" || !controls.canWrite) return null;
  return card(
    html`${controls.error && alert("error", controls.error)}
    <p>Sends at ${time(email.scheduledAt)}.</p>
    <form method="post" action="/emails/${email.id}/reschedule" class="stack" novalidate data-reschedule>
      ${csrfField(controls.csrf)}
      ${field({ label: "New time", name: "scheduledAt", value: email.scheduledAt ?? "", required: true, maxlength: 100, help: "ISO 8601 with its time zone, such as 2026-01-31T09:00:00Z; at most 30 days ahead." })}
      <div class="form-actions"><button type="submit" class="btn btn-secondary">Reschedule</button></div>
    </form>
    <div data-cancel>${postButton({ action: `/emails/${email.id}/cancel`, label: "Cancel this email", csrf: controls.csrf, tone: "danger", small: false })}</div>`,
    { title: "Schedule" },
  );
}

export function emailDetailBody(
  email: Omit<EmailWithEventsView, "replies" | "template"> & {
    waiting?: EmailWaiting | null;
    replies?: InboundSummaryView[];
    template?: EmailTemplateView | null;
  },
  options: { laterPage: boolean; schedule?: ScheduleControls },
): SafeHtml {
  const removed = email.bodyRemovedAt;
  return html`${pageHeader(removed ? "(body removed)" : email.subject, { back: { href: "/emails", label: "Emails" }, description: html`${badge(email.status)} <code class="muted">${email.id}</code>` })}
  ${waitingNotice(email.waiting ?? null)}
  ${options.schedule && scheduleCard(email, options.schedule)}
  <div class="two-column">
    ${card(
      keyValueList([
        ["From", email.from],
        ["To", html`${email.to.map((address, i) => html`${i > 0 ? ", " : ""}${address}`)}`],
        ["Subject", removed ? html`<span class="muted">—</span>` : email.subject],
        ...(removed
          ? ([["Body", html`<span data-body-removed>Body removed on ${time(removed)}</span>`]] as Array<[string, SafeHtml]>)
          : []),
        ...(email.template ? ([["Template", templateCell(email.template)]] as Array<[string, SafeHtml]>) : []),
        ["Status", badge(email.status)],
        ["Created", time(email.createdAt)],
        ["Sent", time(email.sentAt)],
        ["Failed", time(email.failedAt)],
        ["Provider", email.provider ?? html`<span class="muted">—</span>`],
        [
          "Provider message id",
          email.providerMessageId ? html`<code>${email.providerMessageId}</code>` : html`<span class="muted">—</span>`,
        ],
        ["API key", html`<code>${email.apiKeyId}</code>`],
        ...(email.suppressedRecipients.length > 0
          ? ([
              [
                "Suppressed",
                html`<span data-suppressed>${email.suppressedRecipients.map(
                  (r, i) =>
                    html`${i > 0 ? ", " : ""}<a href="/suppressions?q=${encodeURIComponent(r.address)}">${r.address}</a> ${badge(r.reason)}`,
                )}</span> <span class="muted">(not sent to: on the suppression list)</span>`,
              ],
            ] as Array<[string, SafeHtml]>)
          : []),
        ...(email.errorMessage
          ? ([["Error", html`<span class="error-text">${email.errorMessage}</span>`]] as Array<[string, SafeHtml]>)
          : []),
      ]),
      { title: "Details" },
    )}
    ${card(timeline(email, options.laterPage), { title: "Event timeline", description: "Oldest first, as reported by the provider (and our own failed and rejected records)." })}
  </div>
  ${(email.replies ?? []).length > 0 && html`<div data-replies>${card(inboundList(email.replies!), { title: "Replies", description: "Mail received that answers this email (its In-Reply-To or References name it)." })}</div>`}
  ${card(
    html`${removed && html`<p class="muted" data-body-removed-note>Body removed on ${time(removed)} (the workspace's retention or privacy mode): subject, text, HTML and attachments are no longer kept.</p>`}
    ${email.text !== null && html`<details class="payload" open><summary>Plain text</summary><pre class="code-block">${email.text}</pre></details>`}
    ${email.html !== null && html`<details class="payload"><summary>HTML source</summary><pre class="code-block"><code>${email.html}</code></pre></details>`}`,
    { title: "Content" },
  )}`;
}
