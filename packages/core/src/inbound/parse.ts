import { Readable } from "node:stream";
import { type AddressObject, simpleParser } from "mailparser";

/** An attachment as listed on the record; its bytes are kept beside it at the same position. */
export interface InboundAttachmentMeta {
  filename: string | null;
  contentType: string;
  size: number;
}

export interface ParsedInbound {
  from: string | null;
  to: string[];
  cc: string[];
  subject: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  text: string | null;
  html: string | null;
  headers: Array<[string, string]>;
  attachments: InboundAttachmentMeta[];
  files: Buffer[];
  /** Why the MIME could not be parsed; the other fields are then empty and the raw bytes are the record. */
  parseError: string | null;
}

const EMPTY: Omit<ParsedInbound, "parseError"> = {
  from: null,
  to: [],
  cc: [],
  subject: null,
  messageId: null,
  inReplyTo: null,
  references: [],
  text: null,
  html: null,
  headers: [],
  attachments: [],
  files: [],
};

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((group) =>
    group.value.flatMap((entry) => (entry.address ? [entry.address] : [])),
  );
}

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : value.split(/\s+/).filter(Boolean);

/**
 * Parses a received message with mailparser. A message it cannot make sense of (no header/body
 * separation, a header block that is not headers) is kept anyway: the caller stores the raw
 * bytes with `parseError` set, so nothing a sender did can lose mail or crash the receiver.
 */
export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  const malformed = structuralProblem(raw);
  if (malformed) return { ...EMPTY, parseError: malformed };
  try {
    const mail = await simpleParser(piecesOf(raw), {
      skipImageLinks: true,
      skipTextToHtml: true,
      maxHtmlLengthToParse: HTML_TO_TEXT_MAX_CHARS,
    });
    return {
      from: addresses(mail.from)[0] ?? null,
      to: addresses(mail.to),
      cc: addresses(mail.cc),
      subject: mail.subject ?? null,
      messageId: mail.messageId ?? null,
      inReplyTo: mail.inReplyTo ?? null,
      references: asList(mail.references),
      text: mail.text ?? null,
      html: typeof mail.html === "string" ? mail.html : null,
      headers: mail.headerLines.map((line) => [line.key, line.line.slice(line.line.indexOf(":") + 1).trim()]),
      attachments: mail.attachments.map((file) => ({
        filename: file.filename ?? null,
        contentType: file.contentType,
        size: file.content.length,
      })),
      files: mail.attachments.map((file) => file.content),
      parseError: null,
    };
  } catch (error) {
    return { ...EMPTY, parseError: `The message could not be parsed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

const PARSE_PIECE_BYTES = 64 * 1024;

/**
 * An HTML-only message's text is made from its HTML (html-to-text) up to this length: the
 * conversion builds a document tree that takes about twenty times the HTML in memory and seconds
 * per megabyte. Longer HTML is kept as is, with no text beside it.
 */
const HTML_TO_TEXT_MAX_CHARS = 1024 * 1024;

/**
 * The message as a stream of views of it, a piece at a time: mailparser given the whole buffer
 * at once splits and decodes all of it before its consumers drain any, holding several times the
 * message; fed in pieces with backpressure it holds little more than the parts it returns.
 */
function piecesOf(raw: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let start = 0; start < raw.length; start += PARSE_PIECE_BYTES) yield raw.subarray(start, start + PARSE_PIECE_BYTES);
    })(),
    { objectMode: false },
  );
}

const HEADER_FIELD = /^[!-9;-~]+:/;
const LF = 0x0a;

function firstLine(raw: Buffer): string {
  const end = raw.indexOf(LF);
  return raw.toString("latin1", 0, end < 0 ? Math.min(raw.length, 1000) : end).replace(/\r$/, "");
}

/** The message's lines without their CRLF, one at a time (the message is never copied whole). */
function* linesOf(raw: Buffer): Generator<string> {
  for (let start = 0; start <= raw.length; ) {
    const newline = raw.indexOf(LF, start);
    const end = newline < 0 ? raw.length : newline;
    yield raw.toString("latin1", start, end > start && raw[end - 1] === 0x0d ? end - 1 : end);
    if (newline < 0) return;
    start = newline + 1;
  }
}
const CONTINUATION = /^[ \t]/;
const BASE64_LINE = /^[A-Za-z0-9+/]*={0,2}$/;

/** The boundary a part's header block declares for its children, if it is a multipart. */
function boundaryOf(headerLines: readonly string[]): string | null {
  const unfolded = headerLines.join("\n").replace(/\n[ \t]+/g, " ");
  const match = /^content-type:\s*multipart\/[^\n]*?boundary=(?:"([^"\n]+)"|([^;\s]+))/im.exec(unfolded);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const isBase64Part = (headerLines: readonly string[]) => headerLines.some((line) => /^content-transfer-encoding:\s*base64\s*$/i.test(line));

/**
 * What mailparser would silently accept but is no well-formed message: a line in a header block
 * that is neither a field nor a continuation, a multipart whose boundary never appears or whose
 * closing delimiter never comes, and a base64 part with characters base64 does not have. Such a
 * message would be stored with made-up text and attachments; it is kept raw with the reason.
 * One pass over the lines, walking the parts as the boundaries delimit them.
 */
function structuralProblem(raw: Buffer): string | null {
  if (!HEADER_FIELD.test(firstLine(raw))) return "The message does not start with a header field.";
  /** Open multiparts, innermost last, and whether each has seen its first delimiter. */
  const open: Array<{ boundary: string; seen: boolean }> = [];
  let inHeaders = true;
  let headerLines: string[] = [];
  let base64Body = false;
  let index = -1;
  for (const line of linesOf(raw)) {
    index += 1;
    if (inHeaders) {
      if (line === "") {
        inHeaders = false;
        const boundary = boundaryOf(headerLines);
        if (boundary) open.push({ boundary, seen: false });
        base64Body = !boundary && isBase64Part(headerLines);
        continue;
      }
      if (HEADER_FIELD.test(line)) headerLines.push(line);
      else if (CONTINUATION.test(line) && headerLines.length > 0) headerLines[headerLines.length - 1] += `\n${line}`;
      else return `Line ${index + 1} is in a header block but is no header field: "${line.slice(0, 60)}".`;
      continue;
    }
    if (line.startsWith("--")) {
      const delimiter = line.trimEnd();
      const at = open.findLastIndex((part) => delimiter === `--${part.boundary}` || delimiter === `--${part.boundary}--`);
      if (at >= 0) {
        const part = open[at]!;
        open.length = at + 1;
        if (delimiter === `--${part.boundary}--`) {
          open.pop();
          base64Body = false;
          continue;
        }
        part.seen = true;
        inHeaders = true;
        headerLines = [];
        base64Body = false;
        continue;
      }
    }
    if (base64Body && !BASE64_LINE.test(line.trim())) return `Line ${index + 1} of a base64 part is not base64.`;
  }
  const unclosed = open.at(-1);
  if (unclosed)
    return unclosed.seen
      ? `The multipart boundary "${unclosed.boundary}" is never closed.`
      : `The multipart boundary "${unclosed.boundary}" never appears in the body.`;
  return null;
}
