import type { SuppressionImportReport, SuppressionView } from "@svc/core";
import { alert, badge, card, confirmAction, csrfField, emptyState, field, pageHeader, time } from "../components.ts";
import { html, raw, type SafeHtml } from "../html.ts";

const REASON_LABELS: Record<string, string> = { hard_bounce: "Hard bounce", complaint: "Complaint", manual: "Added by hand" };

export interface SuppressionsPage {
  entries: SuppressionView[];
  search: { q: string; reason: string };
  /** The next page's cursor (the last address shown), when there are more. */
  nextAfter: string | null;
  csrf: string;
  canWrite: boolean;
  form?: { address?: string; expiresAt?: string; error?: string };
  importReport?: SuppressionImportReport;
  importError?: string;
}

export const removeHref = (address: string) => `/suppressions/${encodeURIComponent(address)}/remove`;

function cause(entry: SuppressionView): SafeHtml {
  if (!entry.emailId) return html`<span class="muted">—</span>`;
  return html`<a href="/emails/${entry.emailId}"><code>${entry.emailId}</code></a>`;
}

function removeAction(entry: SuppressionView, csrf: string): SafeHtml {
  // A complaint always goes through the confirmation page, which asks for an explicit tick.
  if (entry.reason === "complaint")
    return html`<a class="btn btn-small btn-danger-outline" href="${removeHref(entry.address)}">Remove…</a>`;
  return confirmAction({
    href: removeHref(entry.address),
    label: "Remove",
    question: `Remove ${entry.address} from the suppression list? Mail to it will be sent again.`,
    confirmLabel: "Remove",
    csrf,
  });
}

function importSummary(report: SuppressionImportReport): SafeHtml {
  return alert(
    report.invalid > 0 ? "warning" : "success",
    html`<span data-import-report>Added ${report.added}, skipped ${report.skipped} (already listed or repeated), invalid ${report.invalid}.</span>
    ${
      report.invalidLines.length > 0 &&
      html`<ul>${report.invalidLines.map((line) => html`<li>Line ${line.line}: <code>${line.value}</code> — ${line.reason}</li>`)}</ul>`
    }`,
    "Import finished",
  );
}

export function suppressionsBody(page: SuppressionsPage): SafeHtml {
  const form = page.form ?? {};
  const reasons = ["", "hard_bounce", "complaint", "manual"];
  return html`${pageHeader("Suppressions", {
    description:
      "Addresses that are never mailed again: permanent bounces and complaints are added automatically. Emails to them are dropped before handoff, for test and live keys alike.",
    actions: html`<a class="btn btn-secondary" href="/suppressions/export.csv" download>Export CSV</a>`,
  })}
  ${
    page.canWrite &&
    html`<div class="two-column">
    ${card(
      html`${form.error && alert("error", form.error)}
      <form method="post" action="/suppressions" class="form-stack">
        ${csrfField(page.csrf)}
        ${field({ label: "Email address", name: "address", type: "email", value: form.address ?? "", placeholder: "someone@example.com", required: true, maxlength: 254, autocomplete: "off" })}
        ${field({ label: "Expires (optional, UTC)", name: "expiresAt", type: "datetime-local", value: form.expiresAt ?? "", help: "Leave empty to suppress for good." })}
        <button type="submit" class="btn btn-primary">Add to list</button>
      </form>`,
      { title: "Add an address" },
    )}
    ${card(
      html`${page.importReport && importSummary(page.importReport)}${page.importError && alert("error", page.importError)}
      <form method="post" action="/suppressions/import" class="form-stack">
        ${csrfField(page.csrf)}
        <div class="field">
          <label for="f-csv-file">CSV file</label>
          <input id="f-csv-file" type="file" accept=".csv,text/csv,text/plain" data-csv-target="#f-csv">
        </div>
        <div class="field">
          <label for="f-csv">…or paste it here</label>
          <textarea id="f-csv" name="csv" rows="4" class="mono" placeholder="email&#10;someone@example.com" aria-describedby="f-csv-help"></textarea>
          <p class="help" id="f-csv-help">One address per line, or a header row with a column named <code>email</code> or <code>address</code>. At most 10,000 rows and 1 MB.</p>
        </div>
        <button type="submit" class="btn btn-secondary">Import</button>
      </form>`,
      { title: "Import from CSV" },
    )}
  </div>`
  }
  ${card(
    html`<form method="get" action="/suppressions" class="form-inline" role="search">
      ${field({ label: "Search address", name: "q", value: page.search.q, placeholder: "part of an address", maxlength: 254 })}
      <div class="field"><label for="f-reason">Reason</label>
        <select id="f-reason" name="reason">${reasons.map(
          (reason) =>
            html`<option value="${reason}"${reason === page.search.reason ? raw(" selected") : ""}>${reason ? REASON_LABELS[reason] : "Any"}</option>`,
        )}</select></div>
      <button type="submit" class="btn btn-secondary">Search</button>
    </form>
    ${
      page.entries.length === 0
        ? emptyState(
            "No suppressed addresses",
            page.search.q || page.search.reason
              ? "Nothing matches this search."
              : "Hard bounces and complaints will appear here as they happen.",
          )
        : html`<div class="table-wrap"><table class="table" data-suppressions>
        <thead><tr><th scope="col">Address</th><th scope="col">Reason</th><th scope="col">Cause</th><th scope="col">Added</th><th scope="col">Expires</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>${page.entries.map(
          (entry) =>
            html`<tr data-address="${entry.address}"><td>${entry.address}</td><td>${badge(entry.reason, REASON_LABELS[entry.reason])}</td><td>${cause(entry)}</td><td>${time(entry.createdAt)}</td><td>${
              entry.expiresAt
                ? html`${time(entry.expiresAt)}${entry.active ? "" : html` <span class="muted">(expired)</span>`}`
                : html`<span class="muted">never</span>`
            }</td><td class="actions">${page.canWrite && removeAction(entry, page.csrf)}</td></tr>`,
        )}</tbody></table></div>
        ${page.nextAfter && html`<p class="pager"><a class="btn btn-secondary" href="/suppressions?${new URLSearchParams({ q: page.search.q, reason: page.search.reason, after: page.nextAfter }).toString()}">Next page</a></p>`}`
    }`,
    { title: "Suppressed addresses" },
  )}`;
}

/** The confirmation step of a removal; a complaint needs its box ticked. */
export function removeSuppressionBody(entry: SuppressionView, csrf: string, error?: string): SafeHtml {
  const complaint = entry.reason === "complaint";
  return html`${pageHeader("Remove from suppression list", { back: { href: "/suppressions", label: "Suppressions" } })}
  <section class="card card-danger">
    ${error && alert("error", error)}
    <p class="confirm-question">Remove <strong>${entry.address}</strong> (${REASON_LABELS[entry.reason]}) from the suppression list?</p>
    <p class="muted">${
      complaint
        ? "This recipient marked your mail as spam. Mailing them again harms your sending reputation and can get the account reviewed by the provider."
        : "Mail to this address will be handed to the provider again."
    }</p>
    <form method="post" action="${removeHref(entry.address)}" class="form-actions">
      ${csrfField(csrf)}
      ${complaint && html`<label class="checkbox"><input type="checkbox" name="confirm" value="complaint" required> I understand this person complained, and I have their consent to mail them again.</label>`}
      <button type="submit" class="btn btn-danger">Remove</button>
      <a class="btn btn-secondary" href="/suppressions">Cancel</a>
    </form>
  </section>`;
}
