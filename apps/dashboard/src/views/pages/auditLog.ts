import { AUDIT_ACTIONS, type AuditEntryView } from "@svc/core";
import { card, emptyState, field, pageHeader, time } from "../components.ts";
import { html, raw, type SafeHtml } from "../html.ts";

export interface AuditLogSearch {
  action: string;
  actor: string;
  target: string;
  since: string;
  until: string;
}

/** The filters as a query string (the "Older" link keeps them). */
function searchQuery(search: AuditLogSearch): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) if (value) params.set(name, value);
  return params.toString();
}

function changesText(changes: Record<string, unknown>): string {
  return Object.entries(changes)
    .map(([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
}

/** The workspace's audit log, newest first, with its filters; secrets never appear (the entries hold none). */
export function auditLogBody(page: { data: AuditEntryView[]; nextCursor: string | null }, search: AuditLogSearch): SafeHtml {
  const query = searchQuery(search);
  return html`${pageHeader("Audit log", {
    description: "Every change made in this workspace (dashboard, API keys, CLI) and every sign-in, newest first.",
  })}
  ${card(
    html`<form method="get" action="/audit-log" class="form-inline" role="search">
      <div class="field"><label for="f-action">Action</label>
        <select id="f-action" name="action"><option value="">Any</option>${AUDIT_ACTIONS.map(
          (action) => html`<option value="${action}"${action === search.action ? raw(" selected") : ""}>${action}</option>`,
        )}</select></div>
      ${field({ label: "Actor", name: "actor", value: search.actor, placeholder: "usr_… or key_…", maxlength: 200 })}
      ${field({ label: "Target", name: "target", value: search.target, placeholder: "an id", maxlength: 200 })}
      ${field({ label: "Since", name: "since", value: search.since, placeholder: "2026-12-01", maxlength: 40 })}
      ${field({ label: "Until", name: "until", value: search.until, placeholder: "2026-12-31", maxlength: 40 })}
      <button type="submit" class="btn btn-secondary">Filter</button>
    </form>
    ${
      page.data.length === 0
        ? emptyState("No entries", query ? "Nothing matches these filters." : "Changes and sign-ins appear here as they happen.")
        : html`<table class="table">
      <thead><tr><th>Time</th><th>Action</th><th>Actor</th><th>Source</th><th>Target</th><th>Changes</th></tr></thead>
      <tbody>${page.data.map(
        (entry) => html`<tr data-audit-id="${entry.id}" data-action="${entry.action}">
          <td>${time(entry.at)}</td>
          <td><code>${entry.action}</code></td>
          <td>${entry.actor.type}${entry.actor.id ? html` <code>${entry.actor.id}</code>` : ""}</td>
          <td class="mono">${entry.source ?? ""}</td>
          <td>${entry.target ? html`${entry.target.type} <code>${entry.target.id}</code>` : ""}</td>
          <td class="mono">${changesText(entry.changes)}</td>
        </tr>`,
      )}</tbody>
    </table>
    ${page.nextCursor ? html`<p><a class="btn btn-secondary" href="/audit-log?${query ? `${query}&` : ""}after=${page.nextCursor}">Older</a></p>` : ""}`
    }`,
  )}`;
}
