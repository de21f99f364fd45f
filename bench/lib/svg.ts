import { percentile } from "./stats.ts";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A round step for an axis that spans `span` in about `ticks` steps (1, 2 or 5 × 10^n). */
function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= raw);
  return step ?? 10 * magnitude;
}

/**
 * A latency distribution as a standalone SVG, drawn with plain code: a histogram of the sample
 * (bars, left axis: emails per bin), its cumulative share (line, right axis: 0–100 %), and the
 * p50 and p99 marked. The x axis ends at the sample's max (rounded up).
 */
export function latencyChart(valuesMs: readonly number[], options: { title: string; subtitle?: string }): string {
  const sorted = [...valuesMs].sort((a, b) => a - b);
  const width = 900;
  const height = 480;
  const margin = { top: 70, right: 70, bottom: 60, left: 70 };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;

  const maxValue = sorted[sorted.length - 1] ?? 1;
  const xStep = niceStep(maxValue, 10);
  const xMax = Math.max(xStep, Math.ceil(maxValue / xStep) * xStep);
  const binCount = 60;
  const binWidth = xMax / binCount;
  const bins = new Array<number>(binCount).fill(0);
  for (const value of sorted) bins[Math.min(binCount - 1, Math.floor(value / binWidth))]! += 1;
  const yMaxRaw = Math.max(1, ...bins);
  const yStep = niceStep(yMaxRaw, 5);
  const yMax = Math.ceil(yMaxRaw / yStep) * yStep;

  const x = (ms: number) => margin.left + (ms / xMax) * plotW;
  const y = (count: number) => margin.top + plotH - (count / yMax) * plotH;
  const yShare = (share: number) => margin.top + plotH - share * plotH;

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${margin.left}" y="28" font-size="17" font-weight="bold">${escapeXml(options.title)}</text>`,
  );
  if (options.subtitle) parts.push(`<text x="${margin.left}" y="48" fill="#555">${escapeXml(options.subtitle)}</text>`);

  // Grid and axes.
  for (let v = 0; v <= yMax; v += yStep) {
    parts.push(`<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`);
    parts.push(`<text x="${margin.left - 8}" y="${y(v) + 4}" text-anchor="end">${v}</text>`);
  }
  for (let v = 0; v <= xMax + 1e-9; v += xStep) {
    parts.push(`<line x1="${x(v)}" x2="${x(v)}" y1="${margin.top + plotH}" y2="${margin.top + plotH + 5}" stroke="#333"/>`);
    parts.push(`<text x="${x(v)}" y="${margin.top + plotH + 20}" text-anchor="middle">${Math.round(v)}</text>`);
  }
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<text x="${margin.left + plotW + 8}" y="${yShare(share) + 4}" fill="#c0392b">${share * 100}%</text>`);
  }
  parts.push(
    `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${margin.top + plotH}" y2="${margin.top + plotH}" stroke="#333"/>`,
    `<line x1="${margin.left}" x2="${margin.left}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#333"/>`,
    `<text x="${margin.left + plotW / 2}" y="${height - 15}" text-anchor="middle">latency from POST /emails to the delivered webhook's arrival (ms)</text>`,
    `<text transform="translate(18 ${margin.top + plotH / 2}) rotate(-90)" text-anchor="middle">emails per ${Math.round(binWidth * 10) / 10} ms bin</text>`,
  );

  // Histogram bars.
  bins.forEach((count, i) => {
    if (count === 0) return;
    const left = x(i * binWidth);
    parts.push(
      `<rect x="${left + 0.5}" y="${y(count)}" width="${Math.max(1, x((i + 1) * binWidth) - left - 1)}" height="${margin.top + plotH - y(count)}" fill="#4a90d9"/>`,
    );
  });

  // Cumulative share.
  const points: string[] = [];
  let seen = 0;
  bins.forEach((count, i) => {
    seen += count;
    points.push(`${x((i + 1) * binWidth).toFixed(1)},${yShare(seen / Math.max(1, sorted.length)).toFixed(1)}`);
  });
  parts.push(`<polyline points="${x(0)},${yShare(0)} ${points.join(" ")}" fill="none" stroke="#c0392b" stroke-width="2"/>`);

  // Percentile markers.
  for (const [label, p] of [
    ["p50", 50],
    ["p99", 99],
  ] as const) {
    const value = percentile(sorted, p);
    if (!Number.isFinite(value)) continue;
    parts.push(
      `<line x1="${x(value)}" x2="${x(value)}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#2c3e50" stroke-dasharray="4 3"/>`,
      `<text x="${x(value) + 4}" y="${margin.top + 12}" fill="#2c3e50">${label} ${Math.round(value)} ms</text>`,
    );
  }
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
