import type { BenchResult } from "../lib/result.ts";
import { pipelineRow } from "./pipeline.ts";

/**
 * The pipeline row, production-shaped: the sender on EMAIL_PROVIDER=ses calls aws-local (its own
 * process, set up with `svc ses setup`) through the AWS SDK over HTTP, and aws-local publishes
 * SES's event notifications, signed as SNS signs them, to the ingester. CPU per email counts our
 * processes, PostgreSQL and Redis; the stand-in's is on its own line, not ours.
 */
export default function pipelineSesBenchmark(): Promise<BenchResult> {
  return pipelineRow("ses");
}
