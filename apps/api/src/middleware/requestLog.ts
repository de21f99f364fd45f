import type { Logger } from "@svc/logger";
import type { RequestHandler } from "express";

/**
 * One line per request at debug level (method, path, status, duration): never headers or bodies,
 * which hold keys and message content. Failures are logged by the error handler.
 *
 * Null below debug (production runs at info), so that nothing is measured at all: the timer, the
 * listener and the path parse per request would cost CPU for a line that is thrown away. The
 * level is read once, when the app is built.
 */
export function requestLog(logger: Logger): RequestHandler | null {
  if (!logger.isLevelEnabled("debug")) return null;
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.debug({ method: req.method, path: req.path, status: res.statusCode, durationMs }, "request");
    });
    next();
  };
}
