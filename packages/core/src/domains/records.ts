import { randomBytes } from "node:crypto";
import { randomAlphanumeric } from "@svc/db";
import { dkimRecordValue } from "./dkim.ts";

/** What a record is for; lets the checker compare each kind the right way. */
export type RecordPurpose = "ownership" | "dkim" | "mail_from_mx" | "mail_from_spf" | "inbound_mx";

/** DMARC is only looked up and advised, so it is a check's purpose but never an expected record's. */
export type CheckPurpose = RecordPurpose | "dmarc";

/** A DNS record the domain's owner must publish, exactly as shown to them. */
export interface ExpectedRecord {
  type: "TXT" | "MX";
  purpose: RecordPurpose;
  name: string;
  /** TXT: the text; MX: the mail exchanger's host name. */
  value: string;
  /** MX only. */
  priority?: number;
}

const OWNERSHIP_LABEL = "_svc";
const OWNERSHIP_PREFIX = "svc-verification=";

/** The SPF record of a MAIL FROM domain: SES's servers send its bounces' envelope. */
export const MAIL_FROM_SPF = "v=spf1 include:amazonses.com ~all";
const MAIL_FROM_MX_PRIORITY = 10;
/** The MAIL FROM subdomain a new domain gets unless the operator chooses another. */
export const DEFAULT_MAIL_FROM_LABEL = "bounce";

/** Where SES receives bounces and complaints for a custom MAIL FROM domain in `region`. */
export function feedbackMxHost(region: string): string {
  return `feedback-smtp.${region}.amazonses.com`;
}

/** Longest name any record adds in front of the domain: `<selector>._domainkey.` with a 13-character selector. */
export const LONGEST_RECORD_PREFIX = "svc0123456789._domainkey.".length;

/**
 * Records that must match for a domain to be verified: proof of control and the DKIM key. The
 * MAIL FROM records are checked and shown but do not block sending: without them SES falls
 * back to its own MAIL FROM domain (the identity is set up with `UseDefaultValue`).
 */
export function isRequiredRecord(record: Pick<ExpectedRecord, "purpose">): boolean {
  return record.purpose === "ownership" || record.purpose === "dkim";
}

/** The TXT record proving control of `domain` (sending and receiving domains alike). */
export function ownershipRecord(domain: string, verificationToken: string): ExpectedRecord {
  return { type: "TXT", purpose: "ownership", name: `${OWNERSHIP_LABEL}.${domain}`, value: `${OWNERSHIP_PREFIX}${verificationToken}` };
}

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

export function expectedRecords(input: {
  domain: string;
  verificationToken: string;
  dkimSelector: string;
  dkimPublicKey: string;
  mailFromDomain: string | null;
  region: string;
}): ExpectedRecord[] {
  const records: ExpectedRecord[] = [
    ownershipRecord(input.domain, input.verificationToken),
    { type: "TXT", purpose: "dkim", name: `${input.dkimSelector}._domainkey.${input.domain}`, value: dkimRecordValue(input.dkimPublicKey) },
  ];
  if (input.mailFromDomain) {
    records.push(
      {
        type: "MX",
        purpose: "mail_from_mx",
        name: input.mailFromDomain,
        value: feedbackMxHost(input.region),
        priority: MAIL_FROM_MX_PRIORITY,
      },
      { type: "TXT", purpose: "mail_from_spf", name: input.mailFromDomain, value: MAIL_FROM_SPF },
    );
  }
  return records;
}

/** DMARC is looked up and recommended, never required. */
export const DMARC_RECOMMENDED = "v=DMARC1; p=none;";
export const DMARC_WHY =
  "Without a DMARC record, receivers (Gmail and Yahoo require one of bulk senders) are more likely to file your mail as spam, and nothing stops others from using your domain in From. Publish it; p=none only asks for reports and changes no delivery.";
export function dmarcName(domain: string): string {
  return `_dmarc.${domain}`;
}
