import type { ErrorRequestHandler, RequestHandler } from "express";
import { AppError, type ErrorCode } from "@svc/core";
import type { Logger } from "@svc/logger";

/** body-parser's error types that are the client's doing, and what they mean for us. */
const BODY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  "entity.too.large": { code: "payload_too_large", message: "Body is larger than 256 KB." },
  "encoding.unsupported": { code: "unsupported_media_type", message: "Unsupported content encoding." },
  "charset.unsupported": { code: "unsupported_media_type", message: "Unsupported charset." },
  "request.aborted": { code: "bad_request", message: "Request aborted." },
  "request.size.invalid": { code: "bad_request", message: "Request size did not match Content-Length." },
};

/** body-parser's error of `type` as our answer (also used by the direct body reader, for the same answers). */
export function bodyParserError(type: string): AppError | null {
  const known = BODY_ERRORS[type];
  return known ? new AppError(known.code, known.message) : null;
}

/** One handler: AppError → its status and `{"error", "code"}`; anything else is a bug → 500. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const appError = error instanceof AppError ? error : typeof error?.type === "string" ? bodyParserError(error.type) : null;
    if (appError) {
      res.status(appError.status).json({ error: appError.message, code: appError.code });
      return;
    }
    log.error({ err: error, path: req.path }, "unhandled error");
    res.status(500).json({ error: "Internal error.", code: "internal" });
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: "Not found.", code: "not_found" });
};
