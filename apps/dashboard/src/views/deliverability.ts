import type { BounceCauseOrUnclassified, DeliverabilityBreakdown, ProviderOutcomes } from "@svc/core";
import { formatNumber } from "./format.ts";
import { html, raw, type SafeHtml } from "./html.ts";

export const PROVIDER_LABEL: Record<ProviderOutcomes["provider"], string> = {
  gmail: "Gmail",
  microsoft: "Microsoft",
  yahoo: "Yahoo",
  apple: "Apple",
  other: "Other",
};

export const CAUSE_LABEL: Record<BounceCauseOrUnclassified, string> = {
  unknown_user: "Unknown user",
  mailbox_full: "Mailbox full",
  policy_block: "Policy or spam block",
  dns_routing: "DNS or routing",
  message_too_large: "Message too large",
  suppressed: "On SES's suppression list",
  permanent_other: "Other permanent",
  transient_other: "Other transient",
  unclassified: "Not classified",
};

const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(1)}%`);

const BAR = { width: 240, height: 14 };

/**
 * One provider's sent mail as a bar: delivered, bounced and complained as parts of the sent
 * (a complaint follows a delivery, so it is drawn over the delivered part's end).
 */
function outcomeBar(p: ProviderOutcomes): SafeHtml {
  if (p.sent === 0) return html`<span class="muted">no mail</span>`;
  const w = (n: number) => Math.min(BAR.width, (n / p.sent) * BAR.width);
  const delivered = w(p.delivered);
  const bounced = w(p.bounced);
  const complained = Math.min(w(p.complained), delivered);
  return html`<svg class="outcome-bar" viewBox="0 0 ${raw(String(BAR.width))} ${raw(String(BAR.height))}" role="img" aria-label="${PROVIDER_LABEL[p.provider]}: ${percent(p.deliveryRate)} delivered, ${percent(p.bounceRate)} bounced, ${percent(p.complaintRate)} complained">
    <rect class="bar-track" x="0" y="0" width="${BAR.width}" height="${BAR.height}" rx="3"/>
    <rect class="bar-delivered" x="0" y="0" width="${delivered.toFixed(1)}" height="${BAR.height}"/>
    <rect class="bar-complained" x="${(delivered - complained).toFixed(1)}" y="0" width="${complained.toFixed(1)}" height="${BAR.height}"/>
    <rect class="bar-bounced" x="${delivered.toFixed(1)}" y="0" width="${bounced.toFixed(1)}" height="${BAR.height}"/>
  </svg>`;
}

function causeList(bounces: ProviderOutcomes["bounces"]): SafeHtml {
  if (bounces.length === 0) return html`<span class="muted">—</span>`;
  return html`${bounces.map((b, i) => html`${i > 0 ? ", " : ""}<span data-cause="${b.cause}">${CAUSE_LABEL[b.cause]} ${formatNumber(b.count)}</span>`)}`;
}

/**
 * The overview's deliverability card: for each mailbox provider its delivered, bounced and
 * complained shares of the sent (a bar and the rates), and its bounces by cause; then every
 * bounce by cause.
 */
export function deliverabilitySection(breakdown: DeliverabilityBreakdown): SafeHtml {
  const total = breakdown.bounces.reduce((sum, b) => sum + b.count, 0);
  return html`<div class="chart-legend" aria-hidden="true">
      <span class="legend-item"><span class="legend-swatch series-delivered"></span>Delivered</span>
      <span class="legend-item"><span class="legend-swatch series-bounced"></span>Bounced</span>
      <span class="legend-item"><span class="legend-swatch series-complained"></span>Complained</span>
    </div>
    <table class="table" data-deliverability>
      <thead><tr><th scope="col">Provider</th><th scope="col">Sent</th><th scope="col">Outcome</th><th scope="col">Delivered</th><th scope="col">Bounced</th><th scope="col">Complaints</th><th scope="col">Bounces by cause</th></tr></thead>
      <tbody>${breakdown.providers.map(
        (p) => html`<tr data-provider="${p.provider}">
          <th scope="row">${PROVIDER_LABEL[p.provider]}</th>
          <td>${formatNumber(p.sent)}</td>
          <td>${outcomeBar(p)}</td>
          <td>${percent(p.deliveryRate)}</td>
          <td>${percent(p.bounceRate)}</td>
          <td>${percent(p.complaintRate)}</td>
          <td>${causeList(p.bounces)}</td>
        </tr>`,
      )}</tbody>
    </table>
    <h3 class="subheading">Bounces by cause</h3>
    ${
      total === 0
        ? html`<p class="muted">No bounces in the last ${breakdown.days} days.</p>`
        : html`<ul class="cause-bars" data-bounce-causes>${breakdown.bounces.map(
            (b) => html`<li><span class="cause-label">${CAUSE_LABEL[b.cause]}</span>
            <progress max="${total}" value="${b.count}" aria-label="${CAUSE_LABEL[b.cause]}: ${formatNumber(b.count)} of ${formatNumber(total)} bounces"></progress>
            <span class="cause-count">${formatNumber(b.count)}</span></li>`,
          )}</ul>`
    }`;
}
