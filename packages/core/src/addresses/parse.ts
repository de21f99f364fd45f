import addressparser from "nodemailer/lib/addressparser";
import { RECENT_ADDRESS_READS, rememberRecentReads } from "./recentReads.ts";

/** One mailbox as written: `addr`, `addr (comment)`, `<addr>`, `Name <addr>` or `"Quoted, Name" <addr>`. */
export interface ParsedAddress {
  /**
   * The display name: the text before `<` as written (a comment in it is text, as the API's
   * `Name <address>` form has always read it), or the content of one quoted-string (quotes and
   * backslash escapes removed; `""` gives ""). For a bare address, its comment if it has one.
   * Null when there is none.
   */
  name: string | null;
  /** The addr-spec, as written (case kept). */
  address: string;
}

/**
 * Reads one mailbox. nodemailer's addressparser reads the address (and a comment beside a bare
 * one); the checks around it make sure the value is exactly one mailbox, which addressparser,
 * built to read whole header fields generously, does not: it reads `a@b.com, c@d.com` as two,
 * `Acme <hi@acme.com` (no `>`) as one, and `Name a@b.com` as a name and an address.
 *
 * Null for anything else: control characters, a quote, comment or `<` left open, a second `<`, a
 * stray `>`, text after `>`, several addresses, a group, or a phrase without brackets. The address
 * is not checked further here (see parseMailbox for what the API accepts).
 *
 * A value read recently is not parsed again; the result is frozen, since callers share it.
 */
export const parseAddress: (value: string) => Readonly<ParsedAddress> | null = rememberRecentReads(readAddress, RECENT_ADDRESS_READS);

function readAddress(value: string): Readonly<ParsedAddress> | null {
  const trimmed = value.trim();
  if (!trimmed || /[\u0000-\u001f\u007f]/.test(trimmed)) return null;
  const shape = shapeOf(trimmed);
  if (!shape) return null;
  if (shape.angle) {
    const [start, end] = shape.angle;
    const address = trimmed.slice(start + 1, end).trim();
    const read = addressparser(address, { flatten: false });
    const [mailbox] = read;
    if (read.length !== 1 || !mailbox || mailbox.group || mailbox.name || mailbox.address !== address) return null;
    const phrase = trimmed.slice(0, start).trim();
    const name = phrase ? displayName(phrase) : null;
    return name === undefined ? null : Object.freeze({ name, address });
  }
  const read = addressparser(trimmed, { flatten: false });
  const [mailbox] = read;
  // Outside its comments the value must be the address alone (addressparser would take a word
  // before it as a name).
  if (read.length !== 1 || !mailbox || mailbox.group || !mailbox.address || shape.uncommented.trim() !== mailbox.address) return null;
  return Object.freeze({ name: mailbox.name || null, address: mailbox.address });
}

/**
 * The bare address of `Name <a@b>` or `a@b`, trimmed and lower-cased: the form addresses are
 * compared in (suppressions, test recipients, domains). A value that is not one mailbox is
 * returned trimmed and lower-cased, for the caller's own checks to refuse.
 */
export function bareAddress(value: string): string {
  return (parseAddress(value)?.address ?? value).trim().toLowerCase();
}

/** The lower-cased domain of an address (after its last `@`); the whole value when it has none. */
export function addressDomain(address: string): string {
  return address
    .slice(address.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

/** One quoted-string, unquoted by addressparser; otherwise the phrase as written, if it has no quote. */
function displayName(phrase: string): string | null | undefined {
  if (/^"(?:[^"\\]|\\.)*"$/.test(phrase)) return addressparser(`${phrase} <x@x>`, { flatten: false })[0]?.name ?? "";
  return phrase.includes('"') ? undefined : phrase;
}

interface Shape {
  /** Where the one `<` and its `>` are, when the value has them. */
  angle: [number, number] | null;
  /** The value with its comments taken out. */
  uncommented: string;
}

/**
 * Where the structure is (quoted-strings, comments, angle brackets), or null when any of it is
 * left open or out of place: a second `<`, a `>` without its `<`, or anything but comments and
 * spaces after the `>`.
 */
function shapeOf(value: string): Shape | null {
  let quoted = false;
  let depth = 0;
  let open = -1;
  let angle: [number, number] | null = null;
  let uncommented = "";
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === "\\" && (quoted || depth > 0)) {
      if (depth === 0) uncommented += value.slice(i, i + 2);
      i++;
      continue;
    }
    if (quoted) {
      if (char === '"') quoted = false;
      uncommented += char;
      continue;
    }
    if (char === "(") depth++;
    else if (char === ")") {
      if (depth === 0) return null;
      depth--;
      continue;
    }
    if (depth > 0) continue;
    if (angle && !/\s/.test(char)) return null;
    if (char === '"') quoted = true;
    else if (char === "<") {
      if (open >= 0) return null;
      open = i;
    } else if (char === ">") {
      if (open < 0) return null;
      angle = [open, i];
    }
    uncommented += char;
  }
  if (quoted || depth > 0 || (open >= 0 && !angle)) return null;
  return { angle, uncommented };
}
