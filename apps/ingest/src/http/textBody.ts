import type { IncomingMessage } from "node:http";
import express, { type RequestHandler } from "express";
import { bodyParserError } from "./errors.ts";

const LIMIT_BYTES = 256 * 1024;

/** What SNS sends (`text/plain; charset=UTF-8`), compared in lower case. */
const PLAIN_UTF8_TYPES = new Set(["text/plain; charset=utf-8", "text/plain;charset=utf-8", "text/plain"]);

/**
 * The body as a string: `text/plain` (SNS) or `application/json` (hand-made requests), at most
 * 256 KB (413). Anything else leaves `req.body` unset, for the route to refuse (415).
 *
 * Why two paths: express.text with type-is, raw-body and iconv-lite was about 9 % of the
 * ingester's CPU (profile of the ingest benchmark). SNS's own requests (UTF-8 text with a
 * length, no content encoding) are read here directly, with the same limit and answers; anything
 * unusual goes through body-parser as before.
 */
export function textBody(): RequestHandler {
  const parseAnyText = express.text({ type: ["text/plain", "application/json"], limit: LIMIT_BYTES });
  return (req, res, next) => {
    if (!isPlainUtf8Text(req)) return parseAnyText(req, res, next);
    readUtf8(req, LIMIT_BYTES).then((text) => {
      req.body = text;
      next();
    }, next);
  };
}

function isPlainUtf8Text(req: IncomingMessage): boolean {
  const { headers } = req;
  const type = headers["content-type"];
  if (type === undefined || !PLAIN_UTF8_TYPES.has(type.toLowerCase())) return false;
  const encoding = headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return false;
  return headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined;
}

/**
 * Reads the whole body. A refusal (too large, aborted) is reported once the request has ended,
 * so that the client gets to read the answer.
 */
function readUtf8(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let refusal = Number(req.headers["content-length"]) > limit ? bodyParserError("entity.too.large") : null;
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanUp = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAborted);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      if (refusal) return;
      received += chunk.length;
      if (received > limit) {
        refusal = bodyParserError("entity.too.large");
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      if (refusal) return reject(refusal);
      resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8"));
    };
    const onAborted = () => {
      cleanUp();
      reject(bodyParserError("request.aborted"));
    };
    const onClose = () => {
      if (!req.complete) onAborted();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAborted);
    req.on("close", onClose);
  });
}
