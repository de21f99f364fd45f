import { AppError } from "@svc/core";
import { bodyErrorAnswer, hasPlainBody, readUtf8Body } from "@svc/runtime";
import express, { type RequestHandler } from "express";
import { bodyNotJson } from "../errors.ts";

const notJson = () => new AppError("unsupported_media_type", "The request body must be JSON, sent with Content-Type: application/json.");

/** The Content-Type values nearly every client sends; anything else takes the full path. */
const PLAIN_JSON_TYPES = new Set(["application/json", "application/json; charset=utf-8", "application/json;charset=utf-8"]);

const MB = 1024 * 1024;

/** The body limit of the routes that do not say otherwise. */
export const DEFAULT_MAX_BODY_BYTES = MB;

/**
 * JSON bodies only (415 otherwise), at most `maxBytes` (413, naming the limit), objects and
 * arrays only (anything else, like malformed JSON, is 400). Errors are turned into answers by the
 * one error handler.
 *
 * A plain `application/json` body without content encoding, the case of every client we know of,
 * is read directly (see @svc/runtime's body.ts for why) with the same limits and answers; anything
 * unusual (another charset, a compressed body, no length) goes through body-parser.
 */
export function jsonBody(maxBytes: number = DEFAULT_MAX_BODY_BYTES): RequestHandler {
  const parseAnyJson = express.json({ limit: maxBytes, strict: true });
  const wording = { body: "The request body", limit: `${Math.round((maxBytes / MB) * 10) / 10} MB` };
  // Body errors become AppErrors here, so that a 413 names this route's limit.
  const asAppError = (error: unknown) => {
    const answer = bodyErrorAnswer(error, wording);
    return answer ? new AppError(answer.code, answer.message) : error;
  };
  return (req, res, next) => {
    if (hasPlainBody(req, PLAIN_JSON_TYPES)) {
      return readUtf8Body(req, maxBytes).then(
        (text) => {
          req.body = parseStrictJson(text);
          next();
        },
        (error: unknown) => next(asAppError(error)),
      );
    }
    if (!req.is("application/json")) throw notJson();
    parseAnyJson(req, res, (error?: unknown) => (error ? next(asAppError(error)) : next()));
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
