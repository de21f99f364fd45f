import { AppError } from "../errors.ts";

/**
 * A request rate limit for each API key: a bucket of `burst` requests that refills at
 * `perSecond`. `perSecond` 0 means no limit at all.
 */
export interface RequestRateLimit {
  perSecond: number;
  burst: number;
}

/** Bounds of what an operator may set: beyond them a limit is a typo, not a policy. */
export const RATE_LIMIT_BOUNDS = { maxPerSecond: 100_000, maxBurst: 1_000_000 } as const;

/** The limit stored in a workspace's columns, or null when none was set. */
export function rateLimitOf(perSecond: number | null, burst: number | null): RequestRateLimit | null {
  if (perSecond === null) return null;
  return { perSecond, burst: burst ?? perSecond };
}

function integerIn(value: string, name: string, min: number, max: number): number {
  const n = /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(n >= min && n <= max)) throw new AppError("validation_failed", `${name}: must be an integer from ${min} to ${max}.`);
  return n;
}

/** An operator's limit: `perSecond` 0 (unlimited) to 100,000, `burst` 1 to 1,000,000 (twice the rate when not given). */
export function parseRateLimit(input: { perSecond: string; burst?: string | undefined }): RequestRateLimit {
  const perSecond = integerIn(input.perSecond, "per-second", 0, RATE_LIMIT_BOUNDS.maxPerSecond);
  if (perSecond === 0) return { perSecond: 0, burst: 0 };
  const burst =
    input.burst === undefined
      ? Math.min(perSecond * 2, RATE_LIMIT_BOUNDS.maxBurst)
      : integerIn(input.burst, "burst", 1, RATE_LIMIT_BOUNDS.maxBurst);
  return { perSecond, burst };
}
