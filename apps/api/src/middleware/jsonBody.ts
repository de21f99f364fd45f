import type { IncomingMessage } from "node:http";
import { AppError, SEND_LIMITS } from "@svc/core";
import express, { type RequestHandler } from "express";
import { bodyNotJson, bodyTooLarge } from "../errors.ts";

const notJson = () => new AppError("unsupported_media_type", "The request body must be JSON, sent with Content-Type: application/json.");

/** The Content-Type values nearly every client sends; anything else takes the full path. */
const PLAIN_JSON_TYPES = new Set(["application/json", "application/json; charset=utf-8", "application/json;charset=utf-8"]);

/**
 * JSON bodies only (415 otherwise), at most 1 MB (413), objects and arrays only (anything else,
 * like malformed JSON, is 400). Errors are turned into answers by the one error handler.
 *
 * Why two paths: express.json with type-is and raw-body cost about 8 % of the API's CPU per send
 * (BENCHMARKS.md). A plain `application/json` body without content encoding, the case of every
 * client we know of, is read here directly with the same limits and answers; anything unusual
 * (another charset, a compressed body, no length) goes through body-parser, whose answers stay
 * exactly as they were.
 */
export function jsonBody(): RequestHandler {
  const parseAnyJson = express.json({ limit: SEND_LIMITS.maxBodyBytes, strict: true });
  return (req, res, next) => {
    if (isPlainJson(req)) return readJson(req, SEND_LIMITS.maxBodyBytes).then((body) => {
      req.body = body;
      next();
    });
    if (!req.is("application/json")) throw notJson();
    parseAnyJson(req, res, next);
  };
}

function isPlainJson(req: IncomingMessage): boolean {
  const { headers } = req;
  const type = headers["content-type"];
  if (type === undefined || !PLAIN_JSON_TYPES.has(type.toLowerCase())) return false;
  const encoding = headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return false;
  // A body is announced by its length or by chunking; without either there is none (415 below).
  return headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined;
}

/**
 * The body as JSON, as express.json({strict: true}) reads it: an empty body is `{}`, a byte
 * order mark is dropped, the first character must open an object or an array. On a refusal the
 * rest of the request is still read, so the client gets to read the answer.
 */
function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    let refusal: AppError | null = declared > limit ? bodyTooLarge() : null;
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanUp = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      if (refusal) return;
      received += chunk.length;
      if (received > limit) {
        refusal = bodyTooLarge();
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      if (refusal) return reject(refusal);
      try {
        resolve(parseStrictJson(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8")));
      } catch (error) {
        reject(error);
      }
    };
    const onError = () => {
      cleanUp();
      reject(new AppError("bad_request", "The request body could not be read."));
    };
    const onClose = () => {
      if (!req.complete) onError();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

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
