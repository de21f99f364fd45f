/**
 * Published template versions whose renders keep running past their budget. A version that ran
 * past it `inARow` times with no render of it finishing in between is a template that will do so
 * again: its renders then fail at once, without running, for `holdMs`, rather than each taking a
 * whole budget of a thread that other workspaces' renders need. One that finishes resets the count;
 * once the hold ends, the next render runs and decides again.
 */
export class RenderOverruns {
  private readonly runs = new Map<string, { inARow: number; heldUntil: number }>();

  constructor(
    private readonly limits: { inARow: number; holdMs: number; maxVersions: number } = { inARow: 3, holdMs: 600_000, maxVersions: 10_000 },
  ) {}

  /** Until when renders of `version` fail without running; null when they run. */
  heldUntil(version: string, now = Date.now()): Date | null {
    const run = this.runs.get(version);
    return run && run.heldUntil > now ? new Date(run.heldUntil) : null;
  }

  /** Counts a render of `version` that finished (`overBudget` false) or ran past its budget. */
  record(version: string, overBudget: boolean, now = Date.now()): void {
    if (!overBudget) {
      this.runs.delete(version);
      return;
    }
    const run = this.runs.get(version) ?? { inARow: 0, heldUntil: 0 };
    run.inARow += 1;
    if (run.inARow >= this.limits.inARow) run.heldUntil = now + this.limits.holdMs;
    this.runs.delete(version); // re-inserted: the Map's order is the recency order
    this.runs.set(version, run);
    if (this.runs.size > this.limits.maxVersions) this.runs.delete(this.runs.keys().next().value!);
  }
}
