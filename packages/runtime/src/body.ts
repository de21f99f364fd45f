import type { IncomingMessage } from "node:http";

/**
 * Reading a request body directly, for the hot routes (POST /emails, POST /sns/ses).
 *
 * Why: body-parser with type-is, raw-body and iconv-lite is a measurable share of the API's and
 * the ingester's CPU. The bodies nearly every client sends (one exact content type,
 * no content encoding) are read here with the same limits; each route sends anything unusual
 * through body-parser, and both paths give the same answers.
 */

/** Why a body could not be read: larger than the limit, or the client went away mid-body. */
export class BodyReadError extends Error {
  constructor(readonly reason: "too-large" | "aborted") {
    super(reason === "too-large" ? "The request body is larger than allowed." : "The request body could not be read.");
    this.name = "BodyReadError";
  }
}

/**
 * True when the request announces a body (a length or chunking) with a Content-Type among
 * `types` (lower case, exactly as sent) and no content encoding.
 */
export function hasPlainBody(req: IncomingMessage, types: ReadonlySet<string>): boolean {
  const { headers } = req;
  const type = headers["content-type"];
  if (type === undefined || !types.has(type.toLowerCase())) return false;
  const encoding = headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return false;
  return headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined;
}

/**
 * The whole body as UTF-8 text, at most `limit` bytes. A refusal (BodyReadError) is reported
 * once the request has ended, so that the client gets to read the answer.
 */
export function readUtf8Body(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let refusal = Number(req.headers["content-length"]) > limit ? new BodyReadError("too-large") : null;
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
        refusal = new BodyReadError("too-large");
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
      reject(new BodyReadError("aborted"));
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
