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

/** One line of a chart: a CSS class (`series-<key>`, coloured by the stylesheet), a label, a value per day. */
export interface ChartLine {
  key: string;
  label: string;
  values: number[];
}

/**
 * A day-by-day line chart as inline SVG: one line per series, a point per day with a tooltip, and
 * the same numbers in a table for screen readers (the SVG itself is presentational). Colours are
 * classes, styled by the stylesheet (the CSP allows no inline style).
 */
export function lineChart(days: Date[], lines: ChartLine[], text: { label: string; caption: string; empty: string }): SafeHtml {
  const max = niceMax(Math.max(0, ...lines.flatMap((line) => line.values)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length === 1 ? plotW / 2 : (i * plotW) / (days.length - 1));
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));

  const grid = ticks.map(
    (t) => html`<line class="chart-grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}"/>
      <text class="chart-axis" x="${PAD.left - 8}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${formatNumber(t)}</text>`,
  );
  const labels = days.map((day, i) =>
    i % 2 === (days.length - 1) % 2
      ? html`<text class="chart-axis" x="${x(i).toFixed(1)}" y="${HEIGHT - 10}" text-anchor="middle">${formatDay(day)}</text>`
      : "",
  );
  const drawn = lines.map((line) => {
    const points = line.values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
    return html`<g class="series series-${line.key}">
      <polyline points="${points}" fill="none"/>
      ${line.values.map((value, i) => html`<circle cx="${x(i).toFixed(1)}" cy="${y(value).toFixed(1)}" r="3"><title>${formatDay(days[i]!)}: ${formatNumber(value)} ${line.label.toLowerCase()}</title></circle>`)}
    </g>`;
  });
  const empty = lines.every((line) => line.values.every((value) => value === 0));

  return html`<figure class="chart">
    <div class="chart-legend" aria-hidden="true">
      ${lines.map((line) => html`<span class="legend-item"><span class="legend-swatch series-${line.key}"></span>${line.label}</span>`)}
    </div>
    <svg viewBox="0 0 ${raw(String(WIDTH))} ${raw(String(HEIGHT))}" class="chart-svg" role="img" aria-label="${text.label}">
      ${grid}${labels}${drawn}
      ${empty && html`<text class="chart-empty" x="${PAD.left + plotW / 2}" y="${PAD.top + plotH / 2}" text-anchor="middle">${text.empty}</text>`}
    </svg>
    <div class="sr-only"><table>
      <caption>${text.caption}</caption>
      <thead><tr><th scope="col">Day</th>${lines.map((line) => html`<th scope="col">${line.label}</th>`)}</tr></thead>
      <tbody>${days.map((day, i) => html`<tr><th scope="row">${formatDay(day)}</th>${lines.map((line) => html`<td>${line.values[i]}</td>`)}</tr>`)}</tbody>
    </table></div>
  </figure>`;
}

/** The overview's 14-day chart: sent, delivered, bounced, complained. */
export function activityChart(days: DayCounts[]): SafeHtml {
  return lineChart(
    days.map((d) => d.day),
    CHART_SERIES.map((series) => ({ key: series, label: SERIES_LABEL[series], values: days.map((d) => d.counts[series]) })),
    {
      label: "Email activity over the last 14 days",
      caption: "Email events per day, last 14 days (UTC)",
      empty: "No email activity in the last 14 days yet",
    },
  );
}
