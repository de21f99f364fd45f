import { safeEqual } from "@svc/core";
import type { NextFunction, Request, Response } from "express";
import { renderErrorPage } from "./errors.ts";
import { stateOf } from "./state.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameOrigin(req: Request, baseUrl: string): boolean {
  const origin = req.get("origin");
  // Browsers send Origin on every cross-site POST; its absence (old clients, curl) is left to
  // the token check alone.
  if (!origin) return true;
  if (origin === "null") return false;
  try {
    const host = new URL(origin).host;
    return host === req.get("host") || origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Every state change carries the synchronizer token of its session (or, before sign-in, the
 * double-submit cookie's), in the `_csrf` field or the `X-CSRF-Token` header, compared in
 * constant time. A cross-site Origin is refused outright. SameSite=Lax is the second fence.
 */
export function verifyCsrf(baseUrl: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const body = req.body as Record<string, unknown> | undefined;
    const sent = typeof body?._csrf === "string" ? body._csrf : (req.get("x-csrf-token") ?? "");
    if (sameOrigin(req, baseUrl) && safeEqual(sent, stateOf(req).csrfToken)) return next();
    renderErrorPage(
      req,
      res,
      403,
      "This form has expired or did not come from this site",
      "Nothing was changed. Go back, reload the page and try again.",
    );
  };
}
