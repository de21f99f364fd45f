import { domainToASCII } from "node:url";
import { parseAddress } from "@svc/core";

/**
 * A mailbox as SES takes it, in 7-bit ASCII: a display name with other characters becomes an
 * RFC 2047 encoded-word, an international domain punycode. An ASCII display name is written as
 * a phrase of atoms when it is one, and as an RFC 5322 quoted-string otherwise, so that nothing
 * in it is read as structure: `billing@bank.com, <x@acme.com>` written bare would be two
 * addresses, the first chosen by the sender.
 */
export function toSesAddress(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return asciiMailbox(address.trim());
  // The name as people meant it: parseAddress takes a quoted-string's quotes and escapes off.
  const name = parsed.name?.trim();
  const ascii = asciiMailbox(parsed.address);
  if (!name) return ascii;
  return `${isAscii(name) ? phrase(name) : encodedWord(name)} <${ascii}>`;
}

/** RFC 5322 atext: what a name may hold, between single spaces, without quotes. */
const ATOMS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+( [A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;

function phrase(name: string): string {
  if (ATOMS.test(name)) return name;
  return `"${name.replace(/[\\"]/g, "\\$&")}"`;
}

function asciiMailbox(mailbox: string): string {
  const at = mailbox.lastIndexOf("@");
  if (at < 0 || isAscii(mailbox)) return mailbox;
  const domain = domainToASCII(mailbox.slice(at + 1)) || mailbox.slice(at + 1);
  return `${mailbox.slice(0, at)}@${domain}`;
}

function encodedWord(text: string): string {
  return `=?UTF-8?B?${Buffer.from(text, "utf8").toString("base64")}?=`;
}

function isAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}
