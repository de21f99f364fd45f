/**
 * Extra message headers a caller may add to an email. The provider puts them into the message it
 * builds, so they follow its rules for custom headers: a name is an RFC 5322 field name (printable
 * ASCII except the colon), a value is printable ASCII on one line (encode anything else per
 * RFC 2047 before sending it), and a name and value together fit one header line.
 */
export const HEADER_LIMITS = {
  /** The provider takes at most this many custom headers per message. */
  maxHeaders: 15,
  maxNameLength: 126,
  /** Name plus value. */
  maxLineLength: 996,
  /** All names and values together. */
  maxTotalLength: 8 * 1024,
} as const;

/**
 * Fields the service writes itself (or the provider does, on its behalf): a caller's copy would
 * contradict the email's own fields, forge the signature, or redirect what the provider reports.
 */
const OWNED_NAMES = new Set([
  "from",
  "sender",
  "to",
  "cc",
  "bcc",
  "subject",
  "reply-to",
  "date",
  "message-id",
  "mime-version",
  "return-path",
  "received",
]);
const OWNED_PREFIXES = ["content-", "dkim-", "resent-", "x-ses-"];

export function isServiceOwnedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return OWNED_NAMES.has(lower) || OWNED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** RFC 5322 ftext: printable US-ASCII except the colon. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;
/** Printable ASCII and the space; a tab or line break would start a new header or fold this one. */
const FIELD_VALUE = /^[\x20-\x7e]*$/;

export interface MessageHeader {
  name: string;
  value: string;
}

/**
 * What is wrong with these headers, one sentence per problem (empty when nothing is). The names
 * of refused service-owned headers are listed together.
 */
export function headerProblems(headers: readonly MessageHeader[]): string[] {
  const problems: string[] = [];
  if (headers.length > HEADER_LIMITS.maxHeaders) problems.push(`at most ${HEADER_LIMITS.maxHeaders} headers`);
  const owned: string[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const { name, value } of headers) {
    total += name.length + value.length;
    if (!FIELD_NAME.test(name)) {
      problems.push(`${JSON.stringify(name)} is not a header name (printable ASCII without ":" or spaces)`);
      continue;
    }
    if (name.length > HEADER_LIMITS.maxNameLength)
      problems.push(`${name}: the name must be at most ${HEADER_LIMITS.maxNameLength} characters`);
    if (isServiceOwnedHeader(name)) owned.push(name);
    const lower = name.toLowerCase();
    if (seen.has(lower)) problems.push(`${name} is given more than once`);
    seen.add(lower);
    if (!FIELD_VALUE.test(value)) {
      problems.push(`${name}: the value must be printable ASCII on one line (no CR, LF or tab; encode other characters per RFC 2047)`);
    } else if (name.length + value.length > HEADER_LIMITS.maxLineLength) {
      problems.push(`${name}: name and value together must be at most ${HEADER_LIMITS.maxLineLength} characters`);
    }
  }
  if (owned.length > 0) problems.push(`${owned.join(", ")} ${owned.length === 1 ? "is" : "are"} set by the service and cannot be given`);
  if (total > HEADER_LIMITS.maxTotalLength)
    problems.push(`names and values together must be at most ${HEADER_LIMITS.maxTotalLength} characters`);
  return problems;
}
