import { type DeliverabilityBreakdown, type MembershipView, type OverviewStats, planLimits, type ReputationRate } from "@svc/core";
import type { TenantStatus } from "../../tenantStatus.ts";
import { activityChart } from "../chart.ts";
import { alert, badge, card, pageHeader } from "../components.ts";
import { deliverabilitySection } from "../deliverability.ts";
import { formatNumber } from "../format.ts";
import { html, type SafeHtml } from "../html.ts";

function usageMeter(used: number, limit: number | null): SafeHtml {
  if (limit === null) {
    return html`<p class="stat-value">${formatNumber(used)}</p><p class="stat-help">sent today · no daily limit</p>`;
  }
  const percent = Math.min(100, Math.round((used / limit) * 100));
  const tone = percent >= 100 ? "danger" : percent >= 80 ? "warning" : "ok";
  return html`<p class="stat-value">${formatNumber(used)} <span class="stat-of">/ ${formatNumber(limit)}</span></p>
    <div class="meter meter-${tone}"><progress max="${limit}" value="${Math.min(used, limit)}" aria-label="Sent today: ${percent}% of the daily limit">${percent}%</progress></div>
    <p class="stat-help">${percent >= 100 ? "Daily limit reached: sends are refused until midnight UTC." : `${percent}% of today's limit (resets at midnight UTC)`}</p>`;
}

const percent = (value: number) => `${(value * 100).toFixed(value < 0.01 ? 2 : 1)}%`;

/** One rate against SES's review threshold. */
function reputationRow(name: string, id: string, count: number, rate: ReputationRate): SafeHtml {
  const tone = rate.level === "over" ? "danger" : rate.level === "warning" ? "warning" : "ok";
  return html`<section class="stat-card" aria-labelledby="${id}" data-reputation="${id}" data-level="${rate.level}">
    <h2 id="${id}">${name} rate (7 days)</h2>
    <p class="stat-value">${rate.rate === null ? "—" : percent(rate.rate)}</p>
    <div class="meter meter-${tone}"><progress max="${rate.threshold}" value="${Math.min(rate.rate ?? 0, rate.threshold)}" aria-label="${name} rate against the ${percent(rate.threshold)} review threshold"></progress></div>
    <p class="stat-help">${formatNumber(count)} · review threshold ${percent(rate.threshold)}</p>
  </section>`;
}

function reputationSection(stats: OverviewStats): SafeHtml {
  const { reputation } = stats;
  const levels = [reputation.bounce.level, reputation.complaint.level];
  const warning = levels.includes("over")
    ? alert(
        "error",
        "At this rate the provider may review or pause sending for the account. Check the suppression list and where these addresses come from.",
        "Bounce or complaint rate over the review threshold",
      )
    : levels.includes("warning")
      ? alert(
          "warning",
          "A rate is at half of the provider's review threshold or more. Remove invalid addresses from your lists; suppressed addresses are skipped automatically.",
          "Bounce or complaint rate is getting close to the threshold",
        )
      : null;
  return html`${warning}
  <div class="stats-grid">
    ${reputationRow("Bounce", "rep-bounce", reputation.bounced, reputation.bounce)}
    ${reputationRow("Complaint", "rep-complaint", reputation.complained, reputation.complaint)}
    <section class="stat-card"><h2>Sent (7 days)</h2><p class="stat-value">${formatNumber(reputation.sent)}</p><p class="stat-help"><a href="/suppressions">Suppression list</a></p></section>
  </div>`;
}

/** The workspace's own SES sending status (its tenant): SES pauses a workspace, not the install. */
function tenantSection(tenant: TenantStatus): SafeHtml {
  if (tenant.kind === "unavailable") {
    return html`<div class="stats-grid"><section class="stat-card" data-tenant-status="unavailable"><h2>SES sending</h2><p class="stat-value">—</p><p class="stat-help">SES could not be asked just now.</p></section></div>`;
  }
  if (tenant.kind === "none") {
    return html`<div class="stats-grid"><section class="stat-card" data-tenant-status="none"><h2>SES sending</h2><p class="stat-value">Not set up</p><p class="stat-help">The workspace becomes its own SES tenant with its first email (or svc ses setup).</p></section></div>`;
  }
  const { view } = tenant;
  const paused = view.sendingStatus === "DISABLED";
  const cause =
    view.sesStatus?.status === "DISABLED"
      ? view.sesStatus.cause
      : view.ownerStatus?.status === "DISABLED"
        ? (view.ownerStatus.cause ?? "paused by the operator")
        : null;
  return html`${
    paused &&
    alert(
      "error",
      `SES has paused sending for this workspace${cause ? `: ${cause}` : ""}. Its emails are held (queued), not lost, and go out once SES enables it again; other workspaces are not affected. Check the bounce and complaint rates below and the suppression list.`,
      "Sending paused by SES",
    )
  }
  <div class="stats-grid"><section class="stat-card" data-tenant-status="${view.sendingStatus}"><h2>SES sending</h2>
    <p class="stat-value">${badge(paused ? "failed" : "delivered", paused ? "Paused" : view.sendingStatus === "REINSTATED" ? "Reinstated" : "Enabled")}</p>
    <p class="stat-help">SES tenant ${view.tenant}: ${paused ? "emails are held until SES enables sending again." : "this workspace's reputation is its own."}</p>
  </section></div>`;
}

export function overviewBody(
  workspace: MembershipView,
  stats: OverviewStats,
  canWrite: boolean,
  tenant: TenantStatus | null = null,
  deliverability: DeliverabilityBreakdown | null = null,
): SafeHtml {
  const plan = planLimits(workspace.plan);
  const totals = stats.days.reduce(
    (sum, d) => ({
      sent: sum.sent + d.counts.sent,
      delivered: sum.delivered + d.counts.delivered,
      bounced: sum.bounced + d.counts.bounced,
      complained: sum.complained + d.counts.complained,
    }),
    { sent: 0, delivered: 0, bounced: 0, complained: 0 },
  );
  const rate = (n: number) => (totals.sent === 0 ? "—" : `${((n / totals.sent) * 100).toFixed(1)}%`);
  const gettingStarted = stats.domains.verified === 0 || stats.activeKeys === 0;
  return html`${pageHeader("Overview", { description: html`${workspace.workspaceName} · ${badge(workspace.plan, `${plan.label} plan`)}` })}
  <div class="stats-grid">
    <section class="stat-card" aria-labelledby="stat-today"><h2 id="stat-today">Sent today</h2>${usageMeter(stats.sentToday, plan.dailySendLimit)}</section>
    <section class="stat-card" aria-labelledby="stat-delivered"><h2 id="stat-delivered">Delivered (14 days)</h2><p class="stat-value">${formatNumber(totals.delivered)}</p><p class="stat-help">${rate(totals.delivered)} of ${formatNumber(totals.sent)} sent</p></section>
    <section class="stat-card" aria-labelledby="stat-bounced"><h2 id="stat-bounced">Bounced (14 days)</h2><p class="stat-value">${formatNumber(totals.bounced)}</p><p class="stat-help">${rate(totals.bounced)} bounce rate</p></section>
    <section class="stat-card" aria-labelledby="stat-complained"><h2 id="stat-complained">Complaints (14 days)</h2><p class="stat-value">${formatNumber(totals.complained)}</p><p class="stat-help">${rate(totals.complained)} complaint rate</p></section>
  </div>
  ${tenant && tenantSection(tenant)}
  ${reputationSection(stats)}
  ${card(activityChart(stats.days), { title: "Last 14 days", description: "Events per day (UTC)" })}
  ${
    deliverability &&
    card(deliverabilitySection(deliverability), {
      title: `Deliverability (${deliverability.days} days)`,
      description: "By the mailbox provider of each recipient's domain (its MX), and bounces by cause",
    })
  }
  ${
    gettingStarted &&
    card(
      html`<ol class="checklist">
      <li class="${stats.domains.verified > 0 ? "done" : ""}"><a href="/domains">Add and verify a sending domain</a> <span class="muted">${stats.domains.verified} verified of ${stats.domains.total}</span></li>
      <li class="${stats.activeKeys > 0 ? "done" : ""}"><a href="/api-keys">Create an API key</a> <span class="muted">${stats.activeKeys} active</span></li>
      <li class="${stats.activeWebhooks > 0 ? "done" : ""}"><a href="/webhooks">Subscribe a webhook to events</a> <span class="muted">optional</span></li>
    </ol>
    ${!canWrite && html`<p class="muted">An owner or admin of this workspace can complete these steps.</p>`}`,
      { title: "Get started" },
    )
  }`;
}
