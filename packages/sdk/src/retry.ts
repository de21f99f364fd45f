/** When and how long the client waits before trying a request again. */
export interface RetryPolicy {
  /** Attempts after the first. */
  maxRetries: number;
  /** The first backoff; doubled on each retry, with full jitter. */
  baseDelayMs: number;
  /** No single wait is longer; a Retry-After beyond it is not waited for (the error is thrown). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Retry-After as seconds: either delay-seconds or an HTTP date. Null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Exponential backoff with full jitter: spreads the retries of many clients after one outage. */
export function backoffDelayMs(policy: RetryPolicy, retry: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(random() * ceiling);
}

/**
 * Which failed answers are worth another attempt: 5xx (the server or a proxy in front failed),
 * and 429 when the server said when to come back or it is a rate limit. A 429
 * `daily_limit_reached` is not retried: the limit resets tomorrow, not in a few seconds.
 */
export function isRetryableStatus(status: number, code: string | undefined, retryAfterSeconds: number | null): boolean {
  if (status >= 500) return true;
  if (status === 429) return code !== "daily_limit_reached" || retryAfterSeconds !== null;
  return false;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
