import { createBenchEnvironment } from "../lib/environment.ts";
import { type PipelineRun, runPipeline, startPipeline, summary } from "../lib/pipeline.ts";
import { type BenchResult, ratioOf } from "../lib/result.ts";
import { pipelineSettings } from "./pipeline.ts";

const EMAILS = Number(process.env.BENCH_SCALE_EMAILS ?? 1000);

/** The pipeline's emails/s with `senders` sender processes (provider rate limit off). */
async function runWith(senders: number): Promise<PipelineRun> {
  const env = await createBenchEnvironment(`scale_${senders}`);
  try {
    const stack = await startPipeline(env, { senders, settings: pipelineSettings() });
    try {
      await runPipeline(stack, { count: 100, concurrency: 16 }); // warm-up
      return await runPipeline(stack, { count: EMAILS, concurrency: 50, offset: 1000 });
    } finally {
      await stack.stop();
    }
  } finally {
    await env.dispose();
  }
}

/**
 * The pipeline (emails end to end, as in `pipeline`) with one sender process, then with two: the
 * ratio says whether the sender is what limits it. Each configuration gets a fresh database.
 */
export default async function scaleBenchmark(): Promise<BenchResult> {
  const one = await runWith(1);
  const two = await runWith(2);
  const ratio = ratioOf(two.emailsPerSecond, one.emailsPerSecond);
  const lost = one.lost + two.lost;
  return {
    name: "scale",
    figure: { value: two.emailsPerSecond, unit: "emails/s", what: `pipeline with two sender processes, ${EMAILS} emails` },
    baseline: { value: one.emailsPerSecond, unit: "emails/s", what: "the same with one sender process" },
    ratio,
    target: { description: "none set; met when two senders are no more than 5% slower than one", met: ratio >= 0.95 },
    checks: { passed: lost === 0 && one.postFailures + two.postFailures === 0, lost, postFailures: one.postFailures + two.postFailures },
    details: { oneSender: summary(one), twoSenders: summary(two) },
  };
}
