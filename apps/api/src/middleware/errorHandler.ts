import { AppError } from "@svc/core";
import type { Logger } from "@svc/logger";
import { recordAttachmentQuotaRefusal, recordDailyLimitRefusal } from "@svc/metrics/maintenance";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { toAppError } from "../errors.ts";

/** Unknown routes (and methods a route does not have): 404 in the one error shape. */
export const notFound: RequestHandler = (req) => {
  throw new AppError("not_found", `No route for ${req.method} ${req.path}.`);
};

/**
 * The one place errors become answers: `{"error": message, "code": code}` with the status of the
 * code. Anything that is not a known error is a bug: logged with its stack, answered 500 without
 * details.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = toAppError(error);
    if (res.headersSent) {
      // A streamed answer broke halfway: cut the connection so the client sees a truncated body,
      // never a well-formed but incomplete one.
      logger.error({ err: error, method: req.method, path: req.path }, "error after the response started");
      res.destroy();
      return;
    }
    if (known) {
      if (known.code === "daily_limit_reached") recordDailyLimitRefusal();
      if (known.code === "attachment_quota_exceeded") recordAttachmentQuotaRefusal();
      // A busy answer is expected under load and counted by its metric; logging each would flood the log.
      if (known.status >= 500 && known.code !== "server_busy")
        logger.warn({ err: error, method: req.method, path: req.path }, known.message);
      if (known.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(known.retryAfterSeconds));
      res.status(known.status).json({ ...known.details, error: known.message, code: known.code });
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, "unhandled error");
    res.status(500).json({ error: "Internal server error.", code: "internal" });
  };
}
