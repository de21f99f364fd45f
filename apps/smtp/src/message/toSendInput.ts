import { parseSendEmailInput, type SendEmailInput } from "@svc/core";
import type { AddressObject, ParsedMail } from "mailparser";

/** The SMTP envelope of one transaction: who the client said it sends for, and to whom. */
export interface Envelope {
  /** MAIL FROM; empty for the null sender `<>`. */
  mailFrom: string;
  /** RCPT TO, in order, each once. */
  rcptTo: string[];
}

/**
 * One SMTP message as the body of a `POST /emails`: the relay hands it to the same parser as the
 * REST API, so a message is held to exactly the same rules and limits, and refused with the
 * same messages.
 *
 * - The recipients are the envelope's (RCPT TO): a message's headers do not say who gets it. Each
 *   keeps the role its address has in the headers: in `To`, in `Cc`, or in neither, which is
 *   what a Bcc recipient is.
 * - The sender is the `From` header (the one a reader sees, and the one whose domain must be
 *   verified); without one, the envelope sender.
 */
export function restBodyFromMime(mail: ParsedMail, envelope: Envelope): Record<string, unknown> {
  const roles = recipientRoles(mail, envelope.rcptTo);
  return {
    from: sender(mail, envelope),
    to: [...roles.to, ...roles.cc, ...roles.bcc],
    subject: mail.subject,
    html: typeof mail.html === "string" ? mail.html : undefined,
    text: mail.text,
  };
}

/** The message as the core send input, or the REST API's 422 (an AppError) naming what is wrong. */
export function sendInputFromMime(mail: ParsedMail, envelope: Envelope): SendEmailInput {
  return parseSendEmailInput(restBodyFromMime(mail, envelope));
}

/** Addresses of a header as mailparser gives them (one object, or one per header line). */
function headerAddresses(value: AddressObject | AddressObject[] | undefined): Array<{ name: string; address: string }> {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const flat: Array<{ name: string; address: string }> = [];
  const visit = (entries: AddressObject["value"]) => {
    for (const entry of entries) {
      if (entry.group) visit(entry.group);
      else if (entry.address) flat.push({ name: entry.name, address: entry.address });
    }
  };
  for (const object of objects) visit(object.value);
  return flat;
}

const normalised = (address: string) => address.trim().toLowerCase();

/** Each envelope recipient once, in envelope order, under its header role. */
export function recipientRoles(mail: ParsedMail, rcptTo: string[]): { to: string[]; cc: string[]; bcc: string[] } {
  const inTo = new Set(headerAddresses(mail.to).map((a) => normalised(a.address)));
  const inCc = new Set(headerAddresses(mail.cc).map((a) => normalised(a.address)));
  const roles = { to: [] as string[], cc: [] as string[], bcc: [] as string[] };
  for (const address of rcptTo) {
    const key = normalised(address);
    if (inTo.has(key)) roles.to.push(address);
    else if (inCc.has(key)) roles.cc.push(address);
    else roles.bcc.push(address);
  }
  return roles;
}

/**
 * `Name <address>` in the form the REST API takes: the name quoted when it holds characters that
 * would otherwise end or split it. Several From addresses are passed on as they are, for the
 * parser to refuse: the REST API sends from exactly one.
 */
function sender(mail: ParsedMail, envelope: Envelope): string | undefined {
  const from = headerAddresses(mail.from);
  if (from.length === 0) return envelope.mailFrom || undefined;
  if (from.length > 1) return from.map((a) => a.address).join(", ");
  const [{ name, address }] = from as [{ name: string; address: string }];
  if (!name) return address;
  const plain = /^[A-Za-z0-9 !#$%&'*+\-/=?^_`{|}~.]+$/.test(name);
  return plain ? `${name} <${address}>` : `"${name.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}" <${address}>`;
}
