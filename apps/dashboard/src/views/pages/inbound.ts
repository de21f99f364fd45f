import type { InboundSummaryView, InboundView } from "@svc/core";
import { badge, card, emptyState, keyValueList, pageHeader, time } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

function verdictLine(verdicts: Record<string, unknown>): SafeHtml {
  const names = ["spf", "dkim", "dmarc", "arc", "spam", "virus"].filter((name) => verdicts[name]);
  return html`${names.map((name, i) => html`${i > 0 ? " " : ""}<span class="mono" data-verdict="${name}">${name.toUpperCase()}=${String((verdicts[name] as { result?: unknown }).result ?? "none")}</span>`)}`;
}

/** Received messages as a compact list (the inbox, and the replies beside a sent email). */
export function inboundList(messages: InboundSummaryView[]): SafeHtml {
  return html`<table class="table">
    <thead><tr><th>Received</th><th>From</th><th>To</th><th>Subject</th><th>Checks</th></tr></thead>
    <tbody>${messages.map(
      (message) => html`<tr data-inbound-id="${message.id}">
        <td>${time(message.receivedAt)}</td>
        <td>${message.from ?? message.mailFrom}</td>
        <td>${message.recipients.join(", ")}</td>
        <td><a href="/inbound/${message.id}">${message.subject ?? "(no subject)"}</a>${message.parseError ? html` ${badge("failed")}` : ""}</td>
        <td>${verdictLine(message.verdicts)}</td>
      </tr>`,
    )}</tbody>
  </table>`;
}

export function inboxBody(page: { data: InboundSummaryView[]; nextCursor: string | null }): SafeHtml {
  return html`${pageHeader("Inbox", {
    description: "Mail received for this workspace's receiving domains, newest first.",
    actions: html`<a class="btn btn-secondary" href="/inbound/domains">Receiving domains</a>`,
  })}
  ${card(
    page.data.length === 0
      ? emptyState(
          "No mail received yet",
          "Add a receiving domain (Receiving domains, above), publish its records, verify it and add a route: mail arrives here.",
        )
      : html`${inboundList(page.data)}${page.nextCursor ? html`<p><a class="btn btn-secondary" href="/inbound?after=${page.nextCursor}">Older</a></p>` : ""}`,
  )}`;
}

export function inboundDetailBody(message: InboundView): SafeHtml {
  return html`${pageHeader(message.subject ?? "(no subject)", { back: { href: "/inbound", label: "Inbox" }, description: html`<code class="muted">${message.id}</code>` })}
  ${card(
    keyValueList([
      ["From", message.from ?? ""],
      ["Envelope sender", message.mailFrom],
      ["Recipients", message.recipients.join(", ")],
      ["Received", time(message.receivedAt)],
      ["Checks", verdictLine(message.verdicts)],
      [
        "Replies to",
        message.replyToEmailId
          ? html`<a href="/emails/${message.replyToEmailId}">${message.replyToEmailId}</a>`
          : html`<span class="muted">—</span>`,
      ],
      [
        "Attachments",
        message.attachments.length === 0
          ? html`<span class="muted">none</span>`
          : html`${message.attachments.map((file, i) => html`${i > 0 ? ", " : ""}${file.filename ?? "(unnamed)"} <span class="muted">${file.contentType}, ${file.size} bytes</span>`)}`,
      ],
      ...(message.parseError
        ? ([["Parse error", html`<span class="error-text">${message.parseError}</span>`]] as Array<[string, SafeHtml]>)
        : []),
    ]),
    { title: "Details" },
  )}
  ${card(
    html`${message.text !== null && html`<details class="payload" open><summary>Plain text</summary><pre class="code-block">${message.text}</pre></details>`}
    ${message.html !== null && html`<details class="payload"><summary>HTML source</summary><pre class="code-block"><code>${message.html}</code></pre></details>`}`,
    { title: "Content" },
  )}`;
}
