/**
 * Job states in which a job will never run again by itself: done, failed for good, or gone
 * ("unknown": no job under that id). A sweeper treats such a job as missing and enqueues the
 * row again.
 */
const FINISHED_JOB_STATES: ReadonlySet<string> = new Set(["completed", "failed", "unknown"]);

export function isFinishedJobState(state: string): boolean {
  return FINISHED_JOB_STATES.has(state);
}
