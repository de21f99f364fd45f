import { AppError, RenderBusy } from "@svc/core";
import type { Response } from "express";

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
