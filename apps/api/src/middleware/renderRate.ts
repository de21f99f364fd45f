import { AppError, RenderBusy } from "@svc/core";
import type { RedisRateLimiter } from "@svc/queues";
import type { RequestHandler, Response } from "express";
import { authOf } from "./authenticate.ts";
import { reportRateLimit } from "./rateLimitHeaders.ts";

/**
 * The render endpoint's own limit, per workspace and apart from the key's request rate: each call
 * is a render of a tenant's template, so it is counted where its cost is. Over it: 429
 * `render_rate_limited` with Retry-After. The RateLimit-* headers show this limit instead of the
 * key's when it is the nearer to exhaustion. With Redis unavailable the limiter lets calls through
 * (the render pool's per-workspace share still holds).
 */
export function renderRateLimit(limiter: RedisRateLimiter, perMinute: number): RequestHandler {
  const policy = { perSecond: perMinute / 60, burst: perMinute };
  return async (_req, res, next) => {
    const decision = await limiter.take(`template-render:${authOf(res).workspaceId}`, policy);
    if (decision) reportRateLimit(res, decision);
    if (decision && !decision.allowed) {
      res.setHeader("Retry-After", String(decision.retryAfterSeconds));
      throw new AppError(
        "render_rate_limited",
        `Too many template renders: a workspace may render ${perMinute} times a minute. Retry after ${decision.retryAfterSeconds} s.`,
      );
    }
    next();
  };
}

/** A render (or a draft's parse) the pool refused, the workspace's render share being spent: 429 with Retry-After. */
export async function renderBusyAsAnswer<T>(res: Response, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof RenderBusy)) throw error;
    res.setHeader("Retry-After", String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
    throw new AppError("render_rate_limited", error.message);
  }
}
