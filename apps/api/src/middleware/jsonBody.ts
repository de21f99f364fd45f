import { AppError, SEND_LIMITS } from "@svc/core";
import express, { type RequestHandler } from "express";

const requireJson: RequestHandler = (req, _res, next) => {
  if (!req.is("application/json")) {
    throw new AppError("unsupported_media_type", "The request body must be JSON, sent with Content-Type: application/json.");
  }
  next();
};

/**
 * JSON bodies only (415 otherwise), at most 1 MB (413), objects and arrays only (anything else,
 * like malformed JSON, is 400). Errors are turned into answers by the one error handler.
 */
export function jsonBody(): RequestHandler[] {
  return [requireJson, express.json({ limit: SEND_LIMITS.maxBodyBytes, strict: true })];
}
