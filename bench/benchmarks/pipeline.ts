import { writeFileSync } from "node:fs";
import { SIGNING_THREAD_NAME } from "@svc/sns";
import { measurePacedPosts, measurePostLoad, startApiFloor } from "../lib/apiFloor.ts";
import { STAND_IN_THREADS } from "../lib/cpu.ts";
import { createBenchEnvironment } from "../lib/environment.ts";
import { resultFile } from "../lib/paths.ts";
import { type PipelineProvider, type PipelineRun, runPipeline, startPipeline, summary } from "../lib/pipeline.ts";
import type { BenchResult } from "../lib/result.ts";
import { round } from "../lib/stats.ts";
import { latencyChart } from "../lib/svg.ts";

const THROUGHPUT_EMAILS = Number(process.env.BENCH_PIPELINE_EMAILS ?? 5000);
/** How long the run paced at half the saturated rate lasts. */
const HALF_RATE_SECONDS = Number(process.env.BENCH_PIPELINE_HALF_RATE_S ?? 20);
const PACED_EMAILS = Number(process.env.BENCH_PIPELINE_PACED_EMAILS ?? 2000);
/** The fixed rate most installs live at, kept beside the half-saturated one. */
const PACED_RATE = Number(process.env.BENCH_PIPELINE_PACED_RATE ?? 100);
const WARMUP_EMAILS = 200;
/** The API floor's load, after the pipeline has stopped: as in the api row, shorter. */
const FLOOR_LOAD = { connections: 50, durationS: 10, warmupS: 3 };
/** How long the API floor is paced at the pipeline's half rate, to price one-at-a-time requests on this machine. */
const FLOOR_PACED_S = 10;

/** Targets: CPU per email within 20 floors saturated, and within 1.3× of that at half the rate. */
const MAX_FLOORS_PER_EMAIL = 20;
const MAX_PACED_CPU_FACTOR = 1.3;
const MAX_PACED_P99_MS = 500;

/** What each stand-in's CPU is called where it is reported: SES's and SNS's work, not ours. */
const STAND_IN_LABELS: Record<string, string> = {
  "aws-local": "aws-local (SES stand-in), not ours",
  "aws-local us-east-1": "aws-local us-east-1 (SES stand-in), not ours",
  "aws-local eu-west-1": "aws-local eu-west-1 (SES stand-in), not ours",
  [SIGNING_THREAD_NAME]: "the simulator's SNS signing thread (SNS's work), not ours",
};

/**
 * CPU per email of the whole machine, and of the service alone (its processes, PostgreSQL,
 * Redis). A stand-in's (aws-local playing SES, or the simulator's thread signing as SNS does) is
 * reported on its own and left out of both: `machineMs` is the machine's busy time less the
 * stand-ins'. The rest of the simulator's work (its events' JSON, its posts to the ingester) stays
 * in the sender's figure.
 */
function cpuPerEmail(
  run: PipelineRun,
  standIns: readonly string[],
): { machineMs: number; serviceMs: number; standIn?: Record<string, number> } {
  const service = Object.entries(run.cpu)
    .filter(([label]) => label !== "machine" && label !== "bench" && !standIns.includes(label))
    .reduce((sum, [, use]) => sum + use.cpuMsPerItem, 0);
  const present = standIns.filter((label) => run.cpu[label] !== undefined);
  const standInMs = present.reduce((sum, label) => sum + (run.cpu[label]?.cpuMsPerItem ?? 0), 0);
  const machineMs = round((run.cpu.machine?.cpuMsPerItem ?? Number.NaN) - standInMs, 3);
  return {
    machineMs,
    serviceMs: round(service, 3),
    ...(present.length > 0
      ? { standIn: Object.fromEntries(present.map((label) => [STAND_IN_LABELS[label] ?? label, run.cpu[label]?.cpuMsPerItem ?? 0])) }
      : {}),
  };
}

/**
 * Emails end to end through the simulator to a webhook receiver: 5,000 as fast as the pipeline
 * takes them (emails/s and CPU per email, saturated); then paced at half that rate, so that the
 * latency row measures latency on any machine (drawn to bench/results/pipeline-latency.svg); then
 * paced at 100/s. Every accepted email's `delivered` webhook must arrive. Last, with the pipeline
 * stopped, the API floor (see the api row) under load gives the CPU one accepted request needs at
 * the least on this machine in this run: CPU per email is reported in those floors.
 */
export default function pipelineBenchmark(): Promise<BenchResult> {
  return pipelineRow("simulator");
}

/**
 * The pipeline row on a provider: `simulator` (the row `pipeline`), or `ses` (the row
 * `pipeline-ses`, production-shaped: the sender calls SES through the AWS SDK over HTTP, and
 * aws-local, its own process, publishes SES's notifications; its CPU is reported apart), or
 * `ses-2regions` (the row `pipeline-ses-2regions`: the same with SES_REGIONS of two, each region
 * an aws-local process, the workspace's mail going to its primary with the second as failover).
 */
export async function pipelineRow(provider: PipelineProvider): Promise<BenchResult> {
  const name = provider === "simulator" ? "pipeline" : provider === "ses" ? "pipeline-ses" : "pipeline-ses-2regions";
  const env = await createBenchEnvironment(name);
  try {
    const stack = await startPipeline(env, { settings: pipelineSettings(), provider });
    const standIns = [...stack.standIns.map((standIn) => standIn.label), ...STAND_IN_THREADS];
    let warmup: PipelineRun;
    let throughput: PipelineRun;
    let halfRate: number;
    let paced: PipelineRun;
    let pacedFixed: PipelineRun;
    try {
      warmup = await runPipeline(stack, { count: WARMUP_EMAILS, concurrency: 16 });
      throughput = await runPipeline(stack, { count: THROUGHPUT_EMAILS, concurrency: 50, offset: 100_000 });
      halfRate = Math.max(1, Math.round(throughput.emailsPerSecond / 2));
      paced = await runPipeline(stack, { count: halfRate * HALF_RATE_SECONDS, ratePerSecond: halfRate, offset: 10_000 });
      pacedFixed = await runPipeline(stack, { count: PACED_EMAILS, ratePerSecond: PACED_RATE, offset: 40_000 });
    } finally {
      await stack.stop();
    }
    const floor = await startApiFloor(env, stack.workspace);
    let floorCpuMs: number;
    let floorPacedCpuMs: number | null;
    try {
      floorCpuMs = (await measurePostLoad(floor, stack.workspace, { databaseUrl: env.databaseUrl, ...FLOOR_LOAD })).cpuMsPerRequest;
      floorPacedCpuMs = await measurePacedPosts(floor, stack.workspace, { ratePerSecond: halfRate, durationS: FLOOR_PACED_S });
    } finally {
      await floor.proc.stop();
    }
    writeFileSync(
      resultFile(`${name}-latency`, "svg"),
      latencyChart(paced.latencies, {
        title: `POST /emails → delivered webhook, ${paced.delivered} emails paced at ${halfRate}/s (half the saturated rate)`,
        subtitle: `p50 ${paced.latencyMs.p50} ms · p90 ${paced.latencyMs.p90} ms · p99 ${paced.latencyMs.p99} ms · max ${paced.latencyMs.max} ms · lost ${paced.lost} · ${new Date().toISOString().slice(0, 10)}`,
      }),
    );

    const runs = [warmup, throughput, paced, pacedFixed];
    const lost = runs.reduce((sum, run) => sum + run.lost, 0);
    const failures = runs.reduce((sum, run) => sum + run.postFailures, 0);
    const invalid = pacedFixed.invalidWebhooks;
    const saturated = cpuPerEmail(throughput, standIns);
    const atHalf = cpuPerEmail(paced, standIns);
    const floorsPerEmail = round(saturated.machineMs / floorCpuMs, 1);
    const pacedCpuFactor = round(atHalf.machineMs / saturated.machineMs, 2);
    const met =
      floorsPerEmail <= MAX_FLOORS_PER_EMAIL &&
      pacedCpuFactor <= MAX_PACED_CPU_FACTOR &&
      paced.latencyMs.p99 < MAX_PACED_P99_MS &&
      lost === 0;
    return {
      name,
      figure: {
        value: throughput.emailsPerSecond,
        unit: "emails/s",
        what: `${THROUGHPUT_EMAILS} emails, first POST to last delivered webhook`,
      },
      baseline: null,
      ratio: null,
      target: {
        description: `CPU per email <= ${MAX_FLOORS_PER_EMAIL} API floors saturated and <= ${MAX_PACED_CPU_FACTOR}x that at half the rate; p99 < ${MAX_PACED_P99_MS} ms at half the rate; loss 0`,
        met,
      },
      checks: {
        passed: lost === 0 && failures === 0 && invalid === 0,
        lost,
        postFailures: failures,
        invalidWebhooks: invalid,
        duplicateWebhooks: pacedFixed.duplicateWebhooks,
      },
      details: {
        cpuPerEmail: {
          saturated,
          halfRate: atHalf,
          fixedRate: cpuPerEmail(pacedFixed, standIns),
          floorMsPerRequest: floorCpuMs,
          floorsPerEmail,
          pacedCpuFactor,
          // The same factor for the floor alone: what requests one at a time cost this machine
          // against requests together, before any work of the pipeline's own.
          floorAtHalfRate:
            floorPacedCpuMs === null ? null : { msPerRequest: floorPacedCpuMs, factor: round(floorPacedCpuMs / floorCpuMs, 2) },
        },
        halfRate,
        pacedLatencyMs: paced.latencyMs,
        fixedRate: PACED_RATE,
        fixedRateLatencyMs: pacedFixed.latencyMs,
        paced: summary(paced),
        pacedFixed: summary(pacedFixed),
        throughput: summary(throughput),
        warmup: summary(warmup),
        settings: stack.settings,
        provider,
        chart: `bench/results/${name}-latency.svg`,
      },
    };
  } finally {
    await env.dispose();
  }
}

/** The apps' settings for this run: production defaults unless BENCH_PIPELINE_SETTINGS overrides (k=v,k=v). */
export function pipelineSettings(): Record<string, string> {
  const raw = process.env.BENCH_PIPELINE_SETTINGS ?? "";
  return Object.fromEntries(
    raw
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split("=") as [string, string]),
  );
}
