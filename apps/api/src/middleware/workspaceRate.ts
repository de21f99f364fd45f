import { AppError, type ErrorCode } from "@svc/core";
import type { RedisRateLimiter } from "@svc/queues";
import type { RequestHandler } from "express";
import { authOf } from "./authenticate.ts";
import { reportRateLimit } from "./rateLimitHeaders.ts";

/** An operation counted per workspace, apart from the key's request rate, where its cost is. */
export interface WorkspaceRate {
  /** Names the workspace's bucket for this operation. */
  bucket: string;
  perMinute: number;
  code: Extract<ErrorCode, "render_rate_limited" | "replay_rate_limited" | "erasure_rate_limited">;
  /** What is counted, for the message: "template renders". */
  what: string;
}

/**
 * A costly operation's own limit per workspace (a burst of `perMinute`, refilled over a minute),
 * checked in Redis before any of its work: a loop of calls is refused for the price of a
 * counter. Over it: 429 with the operation's code and Retry-After. The RateLimit-* headers show
 * this limit instead of the key's when it is the nearer to exhaustion. With Redis unavailable the
 * limiter lets calls through (the operation's own limits still hold).
 */
export function workspaceRateLimit(limiter: RedisRateLimiter, rate: WorkspaceRate): RequestHandler {
  const policy = { perSecond: rate.perMinute / 60, burst: rate.perMinute };
  return async (_req, res, next) => {
    const decision = await limiter.take(`${rate.bucket}:${authOf(res).workspaceId}`, policy);
    if (decision) reportRateLimit(res, decision);
    if (decision && !decision.allowed) {
      res.setHeader("Retry-After", String(decision.retryAfterSeconds));
      throw new AppError(
        rate.code,
        `Too many ${rate.what}: a workspace may ask ${rate.perMinute} times a minute. Retry after ${decision.retryAfterSeconds} s.`,
      );
    }
    next();
  };
}
