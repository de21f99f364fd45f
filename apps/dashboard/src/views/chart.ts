import { CHART_SERIES, type ChartSeries, type DayCounts } from "@svc/core";
import { formatDay, formatNumber } from "./format.ts";
import { html, raw, type SafeHtml } from "./html.ts";

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 32, left: 44 };

const SERIES_LABEL: Record<ChartSeries, string> = { sent: "Sent", delivered: "Delivered", bounced: "Bounced", complained: "Complained" };

/** A round axis maximum (1, 2, 5 × 10ⁿ) at or above the largest value. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

/**
 * The overview's 14-day chart as inline SVG: one line per series, a point per day with a
 * tooltip, and the same numbers in a table for screen readers (the SVG itself is presentational).
 * Colours are classes, styled by the stylesheet (the CSP allows no inline style).
 */
export function activityChart(days: DayCounts[]): SafeHtml {
  const max = niceMax(Math.max(0, ...days.flatMap((d) => CHART_SERIES.map((s) => d.counts[s]))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length === 1 ? plotW / 2 : (i * plotW) / (days.length - 1));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));

  const grid = ticks.map(
    (t) => html`<line class="chart-grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}"/>
      <text class="chart-axis" x="${PAD.left - 8}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${formatNumber(t)}</text>`,
  );
  const labels = days.map((d, i) =>
    i % 2 === (days.length - 1) % 2
      ? html`<text class="chart-axis" x="${x(i).toFixed(1)}" y="${HEIGHT - 10}" text-anchor="middle">${formatDay(d.day)}</text>`
      : "",
  );
  const lines = CHART_SERIES.map((series) => {
    const points = days.map((d, i) => `${x(i).toFixed(1)},${y(d.counts[series]).toFixed(1)}`).join(" ");
    return html`<g class="series series-${series}">
      <polyline points="${points}" fill="none"/>
      ${days.map((d, i) => html`<circle cx="${x(i).toFixed(1)}" cy="${y(d.counts[series]).toFixed(1)}" r="3"><title>${formatDay(d.day)}: ${formatNumber(d.counts[series])} ${SERIES_LABEL[series].toLowerCase()}</title></circle>`)}
    </g>`;
  });

  return html`<figure class="chart">
    <div class="chart-legend" aria-hidden="true">
      ${CHART_SERIES.map((s) => html`<span class="legend-item"><span class="legend-swatch series-${s}"></span>${SERIES_LABEL[s]}</span>`)}
    </div>
    <svg viewBox="0 0 ${raw(String(WIDTH))} ${raw(String(HEIGHT))}" class="chart-svg" role="img" aria-label="Email activity over the last 14 days">
      ${grid}${labels}${lines}
      ${max === 4 && days.every((d) => CHART_SERIES.every((s) => d.counts[s] === 0)) && html`<text class="chart-empty" x="${PAD.left + plotW / 2}" y="${PAD.top + plotH / 2}" text-anchor="middle">No email activity in the last 14 days yet</text>`}
    </svg>
    <div class="sr-only"><table>
      <caption>Email events per day, last 14 days (UTC)</caption>
      <thead><tr><th scope="col">Day</th>${CHART_SERIES.map((s) => html`<th scope="col">${SERIES_LABEL[s]}</th>`)}</tr></thead>
      <tbody>${days.map((d) => html`<tr><th scope="row">${formatDay(d.day)}</th>${CHART_SERIES.map((s) => html`<td>${d.counts[s]}</td>`)}</tr>`)}</tbody>
    </table></div>
  </figure>`;
}
