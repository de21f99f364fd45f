import { simpleParser, type ParsedMail } from "mailparser";
import type { Readable } from "node:stream";

/**
 * The DATA of one transaction, whole, or `null` when it went over the size limit. smtp-server
 * marks such a stream `sizeExceeded` and answers 552 itself (`rejectOversized`); the rest of it is
 * read and dropped, so memory never holds more than the limit.
 */
export function readMessage(stream: Readable & { sizeExceeded?: boolean }): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => {
      if (!stream.sizeExceeded) chunks.push(chunk);
      else chunks.length = 0;
    });
    stream.once("error", reject);
    stream.once("end", () => resolve(stream.sizeExceeded ? null : Buffer.concat(chunks)));
  });
}

/**
 * mailparser with the message left as the client wrote it: no text made from the HTML or HTML
 * from the text (the REST API stores only the bodies it is given), no links added, and inline
 * images still referenced as `cid:` (not rewritten to data: URLs), since they travel on as inline
 * attachments.
 */
export function parseMessage(raw: Buffer): Promise<ParsedMail> {
  return simpleParser(raw, {
    keepCidLinks: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
}
