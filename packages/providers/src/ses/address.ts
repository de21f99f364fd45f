import { domainToASCII } from "node:url";

/**
 * SES takes addresses in 7-bit ASCII only: a display name with other characters must be an
 * RFC 2047 encoded-word and an international domain must be punycode. Our API accepts both
 * forms people write ("Zoë <zoe@exämple.com>"), so they are converted here, at the boundary.
 */
export function toSesAddress(address: string): string {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(address);
  if (!match) return asciiMailbox(address.trim());
  const [, rawName = "", mailbox = ""] = match;
  const name = rawName.replace(/^"(.*)"$/, "$1");
  const ascii = asciiMailbox(mailbox.trim());
  if (!name) return ascii;
  return `${isAscii(name) ? rawName : encodedWord(name)} <${ascii}>`;
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
