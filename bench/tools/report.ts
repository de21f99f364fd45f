/**
 * Prints the summary table of BENCHMARKS.md from bench/results/*.json (the last `pnpm bench`),
 * so that the document quotes the figures the harness wrote, not numbers copied by hand.
 *
 *   node_modules/.bin/tsx bench/tools/report.ts
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { RESULTS_DIR } from "../lib/paths.ts";
import type { BenchResult, RunConditions } from "../lib/result.ts";

type Line = BenchResult & { conditions: RunConditions };

const ORDER = ["api", "pipeline", "pipeline-ses", "pipeline-ses-2regions", "ingest", "dispatch", "list", "scale", "inbound", "idle"];

const fmt = (value: number | null | undefined, unit = "") =>
  value === null || value === undefined ? "–" : `${value.toLocaleString("en-US")}${unit ? ` ${unit}` : ""}`;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Each stand-in's CPU per email (saturated), which the pipeline rows report apart from ours. */
function standInNote(standIn: Record<string, number> | undefined): string {
  return standIn
    ? Object.entries(standIn)
        .map(([label, ms]) => `; ${label}: ${ms} ms/email saturated`)
        .join("")
    : "";
}

function extra(line: Line): string {
  const d = line.details as Record<string, any>;
  switch (line.name) {
    case "api":
      return `p50 ${d.api.latencyMs.p50} ms, p99 ${d.api.latencyMs.p99} ms, errors ${d.api.non2xx + d.api.errors}; baseline p50 ${d.baseline.latencyMs.p50} ms, p99 ${d.baseline.latencyMs.p99} ms`;
    case "pipeline":
    case "pipeline-ses":
    case "pipeline-ses-2regions":
      return d.cpuPerEmail
        ? `CPU per email ${d.cpuPerEmail.saturated.machineMs} ms saturated = ${d.cpuPerEmail.floorsPerEmail} API floors (${d.cpuPerEmail.floorMsPerRequest} ms); at half the rate (${d.halfRate}/s): ${d.cpuPerEmail.halfRate.machineMs} ms/email (×${d.cpuPerEmail.pacedCpuFactor}${d.cpuPerEmail.floorAtHalfRate ? `; the floor alone ×${d.cpuPerEmail.floorAtHalfRate.factor}` : ""})${standInNote(d.cpuPerEmail.saturated.standIn)}, p50 ${fmt(d.pacedLatencyMs.p50)} ms, p99 ${fmt(d.pacedLatencyMs.p99)} ms; at ${d.fixedRate}/s: p99 ${fmt(d.fixedRateLatencyMs.p99)} ms; lost ${line.checks.lost}`
        : `at 100/s: p50 ${fmt(d.pacedLatencyMs.p50)} ms, p99 ${fmt(d.pacedLatencyMs.p99)} ms; lost ${line.checks.lost}`;
    case "ingest":
      return `p50 ${d.load.latencyMs.p50} ms, p99 ${d.load.latencyMs.p99} ms; ingest CPU ${d.cpu.ingest.cpuMsPerItem} ms/notification`;
    case "dispatch":
      return `rounds' ratios ${d.rounds.map((pair: { ratio: number }) => pair.ratio).join(", ")}; beside a hanging endpoint: ${d.isolation.besideHanging.deliveriesPerSecond} vs ${d.isolation.alone.deliveriesPerSecond} alone (×${d.isolation.ratio}), one subscription at the default cap of ${d.isolation.cap}; beside another workspace's five hanging endpoints: ${d.isolation.besideTarpitWorkspace.deliveriesPerSecond} vs ${d.isolation.aloneBeforeTarpitWorkspace.deliveriesPerSecond} alone (×${d.isolation.tenantRatio}); beside both at once (reported): ×${d.isolation.bothRatio}`;
    case "list":
      return `peak RSS growth ${d.peakRssGrowthMb} MB (VmHWM +${d.vmHwmGrowthMb} MB), ${d.responseMb} MB body, first byte ${d.firstByteMs} ms`;
    case "scale":
      return `1 sender ${d.oneSender.emailsPerSecond}/s, 2 senders ${d.twoSenders.emailsPerSecond}/s; lost ${line.checks.lost}`;
    case "inbound":
      return `p50 ${d.inbound.latencyMs.p50} ms, p99 ${d.inbound.latencyMs.p99} ms, ${fmt(d.inbound.messageBytes)} bytes a message; inbound CPU ${d.inbound.cpuMsPerMessage} ms/message (relay ${d.relay.cpuMsPerMessage}); lost ${line.checks.lost}`;
    case "idle":
      return Object.entries(d.coreShareByProcess as Record<string, number>)
        .map(([label, share]) => `${label} ${round2(share * 100)} %`)
        .join(", ");
    default:
      return "";
  }
}

const rows: string[] = [
  "| benchmark | figure | baseline | ratio | target | met? | also | cores busy at start | commit |",
  "|---|---|---|---|---|---|---|---|---|",
];
for (const name of ORDER) {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  if (!existsSync(file)) continue;
  const line = JSON.parse(readFileSync(file, "utf8")) as Line & { error?: string };
  if (line.error) {
    rows.push(`| ${name} | failed: ${line.error.split("\n")[0]} | | | | | | | |`);
    continue;
  }
  rows.push(
    [
      "",
      name,
      `${fmt(line.figure.value, line.figure.unit)}`,
      line.baseline ? fmt(line.baseline.value, line.baseline.unit) : "–",
      fmt(line.ratio),
      line.target.description,
      line.target.met ? "yes" : "**no**",
      extra(line) + (line.checks.passed ? "" : " — **checks failed**"),
      line.conditions.busyShareBefore === undefined ? "–" : `${Math.round(line.conditions.busyShareBefore * 100)} %`,
      line.conditions.commit ?? "",
      "",
    ]
      .join(" | ")
      .trim(),
  );
}
process.stdout.write(`${rows.join("\n")}\n`);
