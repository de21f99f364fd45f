import { hasPlainBody, readUtf8Body } from "@svc/runtime";
import express, { type RequestHandler } from "express";

const LIMIT_BYTES = 256 * 1024;

/** What SNS sends (`text/plain; charset=UTF-8`), compared in lower case. */
const PLAIN_UTF8_TYPES = new Set(["text/plain; charset=utf-8", "text/plain;charset=utf-8", "text/plain"]);

/**
 * The body as a string: `text/plain` (SNS) or `application/json` (hand-made requests), at most
 * 256 KB (413). Anything else leaves `req.body` unset, for the route to refuse (415).
 *
 * SNS's own requests (UTF-8 text, no content encoding) are read directly (see @svc/runtime's
 * body.ts for why); anything unusual goes through body-parser, with the same answers.
 */
export function textBody(): RequestHandler {
  const parseAnyText = express.text({ type: ["text/plain", "application/json"], limit: LIMIT_BYTES });
  return (req, res, next) => {
    if (!hasPlainBody(req, PLAIN_UTF8_TYPES)) return parseAnyText(req, res, next);
    // A BodyReadError is answered by the error handler, as body-parser's errors are.
    readUtf8Body(req, LIMIT_BYTES).then((text) => {
      req.body = text;
      next();
    }, next);
  };
}
