import type { DmarcReportView, DmarcSourceView, DmarcSourceVolume, DmarcSummaryView } from "@svc/core";

import { lineChart } from "../chart.ts";
import { card, emptyState, pageHeader, time } from "../components.ts";
import { formatNumber } from "../format.ts";
import { html, type SafeHtml } from "../html.ts";

const DAY_MS = 86_400_000;

/** Every day of the range, midnight UTC, with the summary's counts (zero where no report began). */
function everyDay(summary: DmarcSummaryView): { days: Date[]; keys: string[]; aligned: number[]; unaligned: number[] } {
  const byDay = new Map(summary.daily.map((day) => [day.day, day]));
  const first = Date.parse(`${summary.from.slice(0, 10)}T00:00:00Z`);
  const days: Date[] = [];
  for (let at = first; at < Date.parse(summary.to); at += DAY_MS) days.push(new Date(at));
  const keys = days.map((day) => day.toISOString().slice(0, 10));
  const counts = keys.map((key) => byDay.get(key));
  return {
    days,
    keys,
    aligned: counts.map((day) => day?.aligned ?? 0),
    unaligned: counts.map((day) => (day ? day.messages - day.aligned : 0)),
  };
}

function sourceTable(sources: DmarcSourceView[], kind: "all" | "unknown"): SafeHtml {
  return html`<table class="table" data-sources="${kind}">
    <thead><tr><th>Domain</th><th>Source IP</th><th>Messages</th><th>Aligned</th><th>Not aligned</th><th>None / quarantine / reject</th></tr></thead>
    <tbody>${sources.map(
      (source) => html`<tr data-source-ip="${source.sourceIp}">
        <td>${source.domain}</td>
        <td class="mono">${source.sourceIp}</td>
        <td>${formatNumber(source.messages)}</td>
        <td>${formatNumber(source.aligned)}</td>
        <td>${formatNumber(source.notAligned)}</td>
        <td>${formatNumber(source.disposition.none)} / ${formatNumber(source.disposition.quarantine)} / ${formatNumber(source.disposition.reject)}</td>
      </tr>`,
    )}</tbody>
  </table>`;
}

function reportTable(reports: DmarcReportView[]): SafeHtml {
  return html`<table class="table">
    <thead><tr><th>Received</th><th>Reporter</th><th>Domain</th><th>Period</th><th>Messages</th><th>Signed</th></tr></thead>
    <tbody>${reports.map(
      (report) => html`<tr data-report-id="${report.id}">
        <td>${time(report.receivedAt)}</td>
        <td>${report.orgName}</td>
        <td>${report.domain}</td>
        <td>${time(report.begin)} – ${time(report.end)}</td>
        <td>${formatNumber(report.messageCount)}</td>
        <td>${report.authenticated ? "DMARC pass" : "not authenticated"}</td>
      </tr>`,
    )}</tbody>
  </table>`;
}

/** The last 30 days of aggregate reports: volume over time, aligned or not; every source; the unaligned ones first. */
export function dmarcBody(summary: DmarcSummaryView, volume: DmarcSourceVolume, reports: DmarcReportView[]): SafeHtml {
  const { days, keys, aligned, unaligned } = everyDay(summary);
  const bySource = volume.sourceIps.map((sourceIp, i) => ({
    key: `source-${i}`,
    label: sourceIp,
    values: keys.map((key) => volume.byDay.get(key)?.get(sourceIp) ?? 0),
  }));
  const unknown = summary.sources
    .filter((source) => source.notAligned > 0)
    .sort((a, b) => b.notAligned - a.notAligned)
    .slice(0, 10);
  const refused = Object.entries(summary.refused);
  return html`${pageHeader("DMARC reports", {
    description:
      "Aggregate reports receivers sent about your sending domains (svc domain dmarc prints the address to publish), last 30 days.",
    back: { href: "/domains", label: "Domains" },
  })}
  ${card(
    lineChart(
      days,
      [
        { key: "aligned", label: "Aligned", values: aligned },
        { key: "unaligned", label: "Not aligned", values: unaligned },
      ],
      {
        label: "Messages reported per day, aligned or not",
        caption: "Messages in DMARC reports per day (UTC)",
        empty: "No reports in the last 30 days yet",
      },
    ),
    {
      title: "Volume",
      description: html`${formatNumber(summary.totals.messages)} messages, ${formatNumber(summary.totals.aligned)} aligned, ${formatNumber(summary.totals.notAligned)} not`,
    },
  )}
  ${
    bySource.length > 0 &&
    card(
      lineChart(days, bySource, {
        label: "Messages reported per day by source",
        caption: "Messages in DMARC reports per day and source IP (UTC)",
        empty: "No reports in the last 30 days yet",
      }),
      { title: "Volume by source", description: `The ${bySource.length} largest sources, messages per day` },
    )
  }
  ${card(
    unknown.length === 0 ? html`<p class="muted">Every reported source passed DKIM or SPF aligned.</p>` : sourceTable(unknown, "unknown"),
    {
      title: "Top sources not aligned",
      description: "Servers sending as your domains without aligned DKIM or SPF: a service to set up, or someone spoofing you.",
    },
  )}
  ${card(
    summary.sources.length === 0
      ? emptyState("No reports yet", "Publish the rua address in your domains' DMARC records; reports usually arrive daily.")
      : sourceTable(summary.sources, "all"),
    {
      title: "By source",
    },
  )}
  ${refused.length > 0 && card(html`<ul>${refused.map(([reason, count]) => html`<li><span class="mono">${reason}</span>: ${formatNumber(count)}</li>`)}</ul>`, { title: "Refused reports" })}
  ${reports.length > 0 && card(reportTable(reports), { title: "Latest reports" })}`;
}
