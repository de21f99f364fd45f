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
    const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
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

/**
 * What mailparser would silently accept but is no message: a first line that is no header
 * field, or a multipart message whose boundary never appears.
 */
function structuralProblem(raw: Buffer): string | null {
  const head = raw.subarray(0, 64 * 1024).toString("latin1");
  const firstLine = head.split(/\r?\n/, 1)[0] ?? "";
  if (!/^[!-9;-~]+:/.test(firstLine)) return "The message does not start with a header field.";
  const end = head.search(/\r?\n\r?\n/);
  const headers = end >= 0 ? head.slice(0, end) : head;
  const boundary = /^content-type:\s*multipart\/[^\n]*?boundary="?([^";\r\n]+)"?/im.exec(headers.replace(/\r?\n[ \t]+/g, " "));
  if (boundary && !raw.includes(`--${boundary[1]}`)) return `The multipart boundary "${boundary[1]}" never appears in the body.`;
  return null;
}
