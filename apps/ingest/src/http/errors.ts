import { AppError } from "@svc/core";
import type { Logger } from "@svc/logger";
import { type BodyWording, bodyErrorAnswer, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@svc/runtime";
import type { ErrorRequestHandler, RequestHandler } from "express";

/** How body errors name the ingester's bodies (textBody.ts reads at most 256 KB). */
const BODY_WORDING: BodyWording = { body: "Body", limit: "256 KB" };

/**
 * One handler: AppError → its status and `{"error", "code"}`; the database out of reach → 503
 * with a warning (SNS retries it later); anything else is a bug → 500.
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    // The route's template where one matched: an unsubscribe link's token stays out of the logs.
    const path = typeof req.route?.path === "string" ? req.route.path : req.path;
    const appError = error instanceof AppError ? error : fromBodyError(error);
    if (appError) {
      res.status(appError.status).json({ error: appError.message, code: appError.code });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error, path }, "database unavailable; answered 503 so that SNS retries");
      res.status(503).json({ error: DATABASE_UNAVAILABLE_MESSAGE, code: "unavailable" });
      return;
    }
    log.error({ err: error, path }, "unhandled error");
    res.status(500).json({ error: "Internal error.", code: "internal" });
  };
}

function fromBodyError(error: unknown): AppError | null {
  const answer = bodyErrorAnswer(error, BODY_WORDING);
  return answer ? new AppError(answer.code, answer.message) : null;
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: "Not found.", code: "not_found" });
};
