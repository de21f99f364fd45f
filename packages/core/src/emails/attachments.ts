import mime from "mime-types";

/**
 * Files attached to an email. The provider builds the MIME parts from them; what is checked here
 * is what it would refuse later (an executable file type, a message over its size limit) so that
 * the caller hears it at once, as a 422, instead of as a `rejected` event.
 */
export const ATTACHMENT_LIMITS = {
  maxAttachments: 100,
  maxFilenameLength: 255,
  /** The provider's limit on a content type and on a content id. */
  maxContentTypeLength: 78,
  maxContentIdLength: 78,
  /** The whole message after encoding (the provider's limit). */
  maxMessageBytes: 40 * 1024 * 1024,
} as const;

/**
 * File extensions the provider refuses to send (Amazon SES, "Unsupported attachment types"):
 * executables and scripts, the usual attack vectors.
 */
const REFUSED_EXTENSIONS = new Set(
  (
    "ade adp app asp bas bat cer chm cmd com cpl crt csh der exe fxp gadget hlp hta inf ins isp its js jse ksh lib lnk " +
    "mad maf mag mam maq mar mas mat mau mav maw mda mdb mde mdt mdw mdz msc msh msh1 msh2 mshxml msh1xml msh2xml msi msp mst " +
    "ops pcd pif plg prf prg reg scf scr sct shb shs sys ps1 ps1xml ps2 ps2xml psc1 psc2 tmp url vb vbe vbs vps vsmacros vss vst vsw " +
    "vxd ws wsc wsf wsh xnk"
  ).split(" "),
);

/** The extension (lower case, without the dot) when the provider refuses files of that type, else null. */
export function refusedExtension(filename: string): string | null {
  const dot = filename.lastIndexOf(".");
  if (dot < 0) return null;
  const extension = filename
    .slice(dot + 1)
    .trim()
    .toLowerCase();
  return REFUSED_EXTENSIONS.has(extension) ? extension : null;
}

/**
 * Base64 as RFC 4648 section 4 writes it: padded, no line breaks or spaces. (A plain character
 * class and a length check: a grouped pattern would backtrack per group over tens of megabytes.)
 */
const BASE64_CHARACTERS = /^[A-Za-z0-9+/]*={0,2}$/;

export function isBase64(value: string): boolean {
  return value.length % 4 === 0 && BASE64_CHARACTERS.test(value);
}

/** `type/subtype` with RFC 2045 tokens, parameters allowed. */
const CONTENT_TYPE =
  /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+\/[!#$%&'*+\-.^_`|~0-9A-Za-z]+(?:\s*;\s*[!#$%&'*+\-.^_`|~0-9A-Za-z]+=(?:[!#$%&'*+\-.^_`|~0-9A-Za-z]+|"[\x20\x21\x23-\x5b\x5d-\x7e]*"))*$/;

export function isContentType(value: string): boolean {
  return CONTENT_TYPE.test(value);
}

/** An RFC 2392 content id without its angle brackets: what `cid:` in the HTML refers to. */
const CONTENT_ID = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.@]+$/;

export function isContentId(value: string): boolean {
  return CONTENT_ID.test(value);
}

/** The content type a file is sent with when the caller gives none: by its extension. */
export function contentTypeFor(filename: string): string {
  return mime.lookup(filename) || "application/octet-stream";
}

/** Decoded size of canonical base64 text. */
export function base64DecodedBytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** Base64 in a MIME part: 4 characters per 3 bytes, CRLF after every 76 characters. */
function encodedPartBytes(bytes: number): number {
  const characters = Math.ceil(bytes / 3) * 4;
  return characters + Math.ceil(characters / 76) * 2;
}

/** Room for the header block, the part headers and the boundaries. */
const STRUCTURE_BYTES = 64 * 1024;
/** Per part: its headers (type, disposition, file name, id) and boundary. */
const PART_OVERHEAD_BYTES = 1024;

/**
 * An upper bound of the message's size once the provider has encoded it: attachments in base64
 * with line breaks; bodies at the worst case of quoted-printable (three bytes for every byte);
 * headers and structure generously. Used to refuse up front a message the provider would refuse.
 */
export function encodedMessageBytesAtMost(input: { bodyBytes: number; headerBytes: number; attachmentBytes: readonly number[] }): number {
  let total = STRUCTURE_BYTES + input.headerBytes + 3 * input.bodyBytes;
  for (const bytes of input.attachmentBytes) total += PART_OVERHEAD_BYTES + encodedPartBytes(bytes);
  return total;
}
