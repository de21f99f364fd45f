import { z } from "zod";

/** How far ahead an email may be scheduled, and how far in the past a time is still taken as "now". */
export const SCHEDULE_LIMITS = {
  maxAheadDays: 30,
  /** Clocks differ a little: a time this recent counts as due at once rather than as a mistake. */
  pastToleranceMs: 60_000,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why `at` cannot be a send time at `now`, or null when it can. The check runs when a request is
 * validated, on the API's clock; the scheduler compares with the database's clock, and both are
 * expected to keep to NTP time.
 */
export function scheduledAtProblem(at: Date, now: number = Date.now()): string | null {
  if (at.getTime() < now - SCHEDULE_LIMITS.pastToleranceMs) return "must not be in the past";
  if (at.getTime() > now + SCHEDULE_LIMITS.maxAheadDays * DAY_MS) return `must be at most ${SCHEDULE_LIMITS.maxAheadDays} days ahead`;
  return null;
}

/**
 * `scheduledAt`: an ISO 8601 date-time with its time zone (`Z` or an offset; a local time would
 * be ambiguous), as a Date, within SCHEDULE_LIMITS of the moment the request is validated.
 */
export const scheduledAtField = z.iso
  .datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined ? "is required" : "must be an ISO 8601 date-time with a time zone, such as 2026-01-31T09:00:00Z",
  })
  .transform((value) => new Date(value))
  .superRefine((at, ctx) => {
    const problem = scheduledAtProblem(at);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
