import path from "node:path";
import { fileURLToPath } from "node:url";

/** bench/ and the repository root, wherever the command is run from. */
export const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_ROOT = path.resolve(BENCH_ROOT, "..");
export const RESULTS_DIR = path.join(BENCH_ROOT, "results");

/** BENCH_RESULTS_TAG keeps an exploratory run's files (other settings, profiling) beside the standard ones. */
export function resultFile(name: string, extension: string): string {
  const tag = process.env.BENCH_RESULTS_TAG ? `.${process.env.BENCH_RESULTS_TAG}` : "";
  return path.join(RESULTS_DIR, `${name}${tag}.${extension}`);
}
