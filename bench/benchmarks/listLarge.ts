import type { BenchResult } from "../lib/result.ts";
import { runListBenchmark } from "./list.ts";

/** The `list` benchmark with emails of 1 MB html each: the API's memory must not follow their size. */
export default function listLargeBenchmark(): Promise<BenchResult> {
  return runListBenchmark({ name: "list-large", emails: Number(process.env.BENCH_LIST_LARGE_EMAILS ?? 500), htmlBytes: 1024 * 1024 });
}
