/** ISO 8601 UTC with milliseconds, or null: the one timestamp format of every response. */
export function isoOrNull(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** Midnight UTC of the day `now` falls in (the daily send limit's day). */
export function utcDay(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Whole seconds from `now` until the next UTC midnight, when per-day limits start again (at least 1). */
export function secondsToNextUtcDay(now: Date = new Date()): number {
  return Math.max(1, Math.ceil((utcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000));
}
