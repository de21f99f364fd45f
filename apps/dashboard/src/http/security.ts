import type { NextFunction, Request, Response } from "express";

/**
 * Headers for every answer. The CSP allows only our own script and stylesheet (no inline
 * script or style anywhere), so injected markup could not run even if the escaper missed it.
 * Signed-in pages hold one-time secrets: nothing is cached.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.set({
    "Content-Security-Policy":
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
  });
  if (!req.path.startsWith("/assets/")) res.set("Cache-Control", "no-store");
  next();
}
