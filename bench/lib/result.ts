export interface Figure {
  value: number;
  unit: string;
  /** What was measured, in words. */
  what: string;
}

/**
 * One benchmark's outcome: the figure, the baseline it is compared with (the cheapest program
 * doing the same essential work, measured in the same run), their ratio, the target, and the
 * checks that nothing was lost or failed. `details` holds everything else worth keeping.
 */
export interface BenchResult {
  name: string;
  figure: Figure;
  baseline: Figure | null;
  /** figure / baseline, when both are rates. */
  ratio: number | null;
  target: { description: string; met: boolean };
  /** Each check's value; `passed` is false when any of them shows loss or failure. */
  checks: { passed: boolean } & Record<string, number | boolean | string>;
  details: Record<string, unknown>;
}

export interface RunConditions {
  date: string;
  /** The commit the apps were started from, and whether apps/ or packages/ had uncommitted changes. */
  commit: string;
  durationS: number;
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  /** Share of the cores busy in the quiet second the run waited for before starting. */
  busyShareBefore?: number;
}

export type Benchmark = () => Promise<BenchResult>;

export function ratioOf(figure: number, baseline: number): number {
  return baseline > 0 ? Math.round((figure / baseline) * 1000) / 1000 : 0;
}
