import type { Logger } from "@svc/logger";
import type { RequestHandler } from "express";

/**
 * One line per request at debug level (method, path, status, duration): never headers or bodies,
 * which hold keys and message content. Failures are logged by the error handler.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.debug({ method: req.method, path: req.path, status: res.statusCode, durationMs }, "request");
    });
    next();
  };
}
