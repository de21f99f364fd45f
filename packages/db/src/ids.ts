import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * `length` characters of [A-Za-z0-9] from the CSPRNG, without modulo bias (bytes >= 248 are
 * rejected, 248 being the largest multiple of 62 below 256).
 */
export function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const ID_PREFIXES = {
  workspace: "org",
  user: "usr",
  member: "mem",
  invitation: "inv",
  pendingSignup: "psu",
  session: "ses",
  domain: "dom",
  recipient: "rcp",
  apiKey: "key",
  email: "email",
  event: "evt",
  unmatched: "unm",
  webhook: "wh",
  delivery: "wd",
  attempt: "wa",
  replay: "wr",
  suppression: "sup",
  installation: "inst",
  template: "tmpl",
  receivingDomain: "rdom",
  inboundRoute: "rt",
  inbound: "inb",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** Opaque, prefixed, URL-safe identifiers: `email_3kT9…` (24 random characters, ~143 bits). */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomAlphanumeric(24)}`;
}

export function hasPrefix(id: string, kind: IdKind): boolean {
  return id.startsWith(`${ID_PREFIXES[kind]}_`);
}
