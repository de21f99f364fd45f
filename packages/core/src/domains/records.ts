import { randomBytes } from "node:crypto";
import { randomAlphanumeric } from "@svc/db";
import { dkimRecordValue } from "./dkim.ts";

/** A DNS record the domain's owner must publish, exactly as shown to them. */
export interface ExpectedRecord {
  type: "TXT";
  /** What the record proves; lets the checker compare each kind the right way. */
  purpose: "ownership" | "dkim";
  name: string;
  value: string;
}

const OWNERSHIP_LABEL = "_svc";
const OWNERSHIP_PREFIX = "svc-verification=";

/** Longest name any record adds in front of the domain: `<selector>._domainkey.` with a 13-character selector. */
export const LONGEST_RECORD_PREFIX = "svc0123456789._domainkey.".length;

export function newVerificationToken(): string {
  return randomAlphanumeric(32);
}

/**
 * A selector of our own per domain, not a fixed one: the same domain may be added by another
 * workspace (each proves control with its own records), and two keys must not need the same name.
 */
export function newDkimSelector(): string {
  return `svc${randomBytes(5).toString("hex")}`;
}

export function expectedRecords(input: { domain: string; verificationToken: string; dkimSelector: string; dkimPublicKey: string }): ExpectedRecord[] {
  return [
    { type: "TXT", purpose: "ownership", name: `${OWNERSHIP_LABEL}.${input.domain}`, value: `${OWNERSHIP_PREFIX}${input.verificationToken}` },
    { type: "TXT", purpose: "dkim", name: `${input.dkimSelector}._domainkey.${input.domain}`, value: dkimRecordValue(input.dkimPublicKey) },
  ];
}
