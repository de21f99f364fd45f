import type { DomainHealthHistory, HealthStatus } from "@svc/core";
import { badge, card, time } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

const KIND_LABELS: Record<string, string> = {
  spf: "SPF",
  dkim: "DKIM",
  dmarc: "DMARC",
  mail_from_mx: "MAIL FROM MX",
  mail_from_spf: "MAIL FROM SPF",
};

const STATUS_BADGES: Record<HealthStatus, string> = { ok: "ok", warning: "warning", broken: "failed", unknown: "pending" };
const statusBadge = (status: HealthStatus) => badge(STATUS_BADGES[status] ?? "pending", status);

/** The daily re-check's DNS health: the latest status per record kind with its fix, and the changes over time. */
export function domainHealthCard(health: DomainHealthHistory): SafeHtml {
  const latest = health.latest;
  if (!latest) {
    return card(html`<p class="muted" data-health="none">Not checked yet: the daily re-check records it.</p>`, { title: "DNS health" });
  }
  return card(
    html`<div class="table-wrap"><table class="table" data-health="latest">
      <thead><tr><th>Record</th><th>Status</th><th>Detail</th></tr></thead>
      <tbody>${latest.findings.map(
        (f) => html`<tr data-health-kind="${f.kind}" data-health-status="${f.status}">
          <td>${KIND_LABELS[f.kind] ?? f.kind}<div class="muted mono">${f.name}</div></td>
          <td>${statusBadge(f.status)}</td>
          <td>${f.detail}${f.fix && html`<p class="record-result${f.status === "broken" ? " error-text" : ""}">Fix: ${f.fix}</p>`}</td>
        </tr>`,
      )}</tbody></table></div>
    <h3>Changes</h3>
    ${
      health.changes.length === 0
        ? html`<p class="muted" data-health-changes="none">No change over the last ${health.checks} checks.</p>`
        : html`<ul data-health-changes>${health.changes.map(
            (entry) =>
              html`<li>${time(entry.checkedAt)}: ${entry.changes.map(
                (c, i) => html`${i > 0 ? "; " : ""}${KIND_LABELS[c.kind] ?? c.kind} ${statusBadge(c.from)} → ${statusBadge(c.to)}`,
              )}</li>`,
          )}</ul>`
    }`,
    { title: "DNS health", description: html`Recorded by the daily re-check. Last checked: ${time(latest.checkedAt, "relative")}.` },
  );
}
