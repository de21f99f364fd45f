import { AppError } from "@svc/core";
import { type RateLimitPolicy, type RedisRateLimiter, rateLimitedMessage } from "@svc/queues";
import type { RequestHandler } from "express";
import { authOf } from "./authenticate.ts";
import { reportRateLimit } from "./rateLimitHeaders.ts";

/**
 * Counts the request against its API key's bucket (the workspace's limit when an operator set one,
 * else `defaults`) and answers with RateLimit-Limit (the burst), RateLimit-Remaining and
 * RateLimit-Reset (seconds until the bucket is full); a request over the limit gets 429
 * `rate_limited` with Retry-After. No limit (rate 0) or no decision (Redis unavailable: the
 * limiter fails open) adds no headers. Another limit counted later (the render endpoint's)
 * replaces the headers when it is closer to exhaustion (reportRateLimit).
 */
export function rateLimit(limiter: RedisRateLimiter, defaults: RateLimitPolicy): RequestHandler {
  return async (_req, res, next) => {
    const auth = authOf(res);
    const policy = auth.rateLimitOverride ?? defaults;
    if (policy.perSecond === 0) return next();
    const decision = await limiter.take(auth.keyId, policy);
    if (!decision) return next();
    reportRateLimit(res, decision);
    if (!decision.allowed) {
      res.setHeader("Retry-After", String(decision.retryAfterSeconds));
      throw new AppError("rate_limited", rateLimitedMessage(policy, decision));
    }
    next();
  };
}
