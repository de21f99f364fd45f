import { AppError } from "@svc/core";
import { type BodyWording, bodyErrorAnswer, hasPlainBody, readUtf8Body } from "@svc/runtime";
import express, { type RequestHandler } from "express";
import { bodyNotJson } from "../errors.ts";

const notJson = () => new AppError("unsupported_media_type", "The request body must be JSON, sent with Content-Type: application/json.");

/** The Content-Type values nearly every client sends; anything else takes the full path. */
const PLAIN_JSON_TYPES = new Set(["application/json", "application/json; charset=utf-8", "application/json;charset=utf-8"]);

/** A route's own body limit, and how its 413 names it. Without one: DEFAULT_MAX_BODY_BYTES. */
/** The body limit of the routes that do not name their own (the API's error wording says 1 MB). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface BodyLimit {
  bytes: number;
  wording: BodyWording;
}

/**
 * JSON bodies only (415 otherwise), at most 1 MB or the route's `limit` (413), objects and arrays
 * only (anything else, like malformed JSON, is 400). Errors are turned into answers by the one
 * error handler; a route's own limit is named in its answers here.
 *
 * A plain `application/json` body without content encoding, the case of every client we know of,
 * is read directly (see @svc/runtime's body.ts for why) with the same limits and answers; anything
 * unusual (another charset, a compressed body, no length) goes through body-parser.
 */
export function jsonBody(limit?: BodyLimit): RequestHandler {
  const bytes = limit?.bytes ?? DEFAULT_MAX_BODY_BYTES;
  const parseAnyJson = express.json({ limit: bytes, strict: true });
  const named = (error: unknown): unknown => {
    const answer = limit ? bodyErrorAnswer(error, limit.wording) : null;
    return answer ? new AppError(answer.code, answer.message) : error;
  };
  return (req, res, next) => {
    if (hasPlainBody(req, PLAIN_JSON_TYPES)) {
      // A BodyReadError is answered by the error handler, as body-parser's errors are.
      return readUtf8Body(req, bytes).then(
        (text) => {
          req.body = parseStrictJson(text);
          next();
        },
        (error: unknown) => {
          throw named(error);
        },
      );
    }
    if (!req.is("application/json")) throw notJson();
    parseAnyJson(req, res, (error?: unknown) => next(error === undefined ? undefined : named(error)));
  };
}

/**
 * The body as JSON, as express.json({strict: true}) reads it: an empty body is `{}`, a byte
 * order mark is dropped, the first character must open an object or an array.
 */
function parseStrictJson(text: string): unknown {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (json.length === 0) return {};
  const first = /[^ \t\n\r]/.exec(json)?.[0];
  if (first !== "{" && first !== "[") throw bodyNotJson();
  try {
    return JSON.parse(json);
  } catch {
    throw bodyNotJson();
  }
}
