import type { RateLimitDecision } from "@svc/queues";
import type { Response } from "express";

/** Whether `a` is nearer its limit than `b`: a refusal first, then fewer requests left, then the longer wait to full. */
function closerToExhaustion(a: RateLimitDecision, b: RateLimitDecision): boolean {
  if (a.allowed !== b.allowed) return !a.allowed;
  if (a.remaining !== b.remaining) return a.remaining < b.remaining;
  return a.resetSeconds > b.resetSeconds;
}

/**
 * Answers a limiter's decision as RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset. A
 * request counted against several limits (its key's, and a workspace's on the render endpoint)
 * shows the one closest to exhaustion, whichever was counted first: that is the one a client
 * must pace itself by. Costs no round trip: it reads decisions the limiter already made.
 */
export function reportRateLimit(res: Response, decision: RateLimitDecision): void {
  const shown = res.locals.rateLimitShown as RateLimitDecision | undefined;
  if (shown && !closerToExhaustion(decision, shown)) return;
  res.locals.rateLimitShown = decision;
  res.setHeader("RateLimit-Limit", String(decision.limit));
  res.setHeader("RateLimit-Remaining", String(decision.remaining));
  res.setHeader("RateLimit-Reset", String(decision.resetSeconds));
}
