/**
 * When to try a transiently failed handoff again. The schedule is computed here from the
 * email's own attempt count (kept in Postgres), not from BullMQ job options: jobs are created by
 * several producers (the API, the sweeper) and may be re-created after Redis is lost, and the
 * retry policy must be the same for all of them.
 */
export interface HandoffRetryPolicy {
  /** Transient failures are retried until this long after the email was queued. */
  windowMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export type RetryDecision = { retryAt: number } | { giveUp: true };

/**
 * Exponential backoff (base, 2×base, 4×base, … capped at maxDelayMs) with up to 20% jitter so
 * that emails throttled together do not come back together. The last retry is placed at the end
 * of the window; a failure at or after it gives up.
 */
export function decideRetry(
  policy: HandoffRetryPolicy,
  attempts: number,
  queuedAt: Date,
  now: number = Date.now(),
  random: () => number = Math.random,
): RetryDecision {
  const deadline = queuedAt.getTime() + policy.windowMs;
  if (now >= deadline) return { giveUp: true };
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const backoff = Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
  const delay = Math.round(backoff * (1 - 0.2 * random()));
  return { retryAt: Math.min(now + delay, deadline) };
}
