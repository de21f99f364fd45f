import { parseInProcessSendInput, type SendEmailInput } from "@svc/core";
import type { AddressObject, Attachment, ParsedMail } from "mailparser";
import { selectHeaders } from "./headers.ts";

/** The SMTP envelope of one transaction: who the client said it sends for, and to whom. */
export interface Envelope {
  /** MAIL FROM; empty for the null sender `<>`. */
  mailFrom: string;
  /** RCPT TO, in order, each once. */
  rcptTo: string[];
}

/**
 * One SMTP message as the body of a `POST /emails`, with its attachments as the Buffers mailparser
 * decoded: the relay hands it to the REST API's rules (`parseInProcessSendInput`), so a message is
 * held to the same limits and refused with the same messages.
 *
 * - The recipients are the envelope's (RCPT TO): a message's headers do not say who gets it. Each
 *   keeps the role its address has in the headers: in `To`, in `Cc`, or in neither, which is
 *   what a Bcc recipient is.
 * - The sender is the `From` header (the one a reader sees, and the one whose domain must be
 *   verified); without one, the envelope sender. `Reply-To` and `Subject` are the headers'; a
 *   message without a Subject has an empty one.
 * - The other headers of the message are its extra headers as `selectHeaders` keeps them: the
 *   ones the service writes itself and the client's trace headers are left out, and what the
 *   provider cannot carry is trimmed or left out rather than refused.
 * - Its attachments are the attachments; a part the HTML shows by `cid:` (in a multipart/related,
 *   or marked inline) keeps its Content-ID and stays inline.
 */
export function restBodyFromMime(mail: ParsedMail, envelope: Envelope): Record<string, unknown> {
  const headers = selectHeaders(mail.headerLines).kept;
  const roles = recipientRoles(mail, envelope.rcptTo);
  const replyTo = headerAddresses(mail.replyTo).map(mailboxText);
  return {
    from: sender(mail, envelope),
    to: roles.to,
    cc: roles.cc,
    bcc: roles.bcc,
    ...(replyTo.length > 0 ? { replyTo } : {}),
    subject: mail.subject ?? "",
    html: typeof mail.html === "string" ? mail.html : undefined,
    text: mail.text,
    headers: Object.fromEntries(headers.map(({ name, value }) => [name, value])),
    attachments: mail.attachments.map(attachmentBody),
  };
}

/** The message as the core send input, or the REST API's 422 (an AppError) naming what is wrong. */
export function sendInputFromMime(mail: ParsedMail, envelope: Envelope): SendEmailInput {
  return parseInProcessSendInput(restBodyFromMime(mail, envelope));
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

/** `Name <address>` in the form the REST API takes: the name quoted when it holds characters that would otherwise end or split it. */
function mailboxText({ name, address }: { name: string; address: string }): string {
  if (!name) return address;
  const plain = /^[A-Za-z0-9 !#$%&'*+\-/=?^_`{|}~.]+$/.test(name);
  return plain ? `${name} <${address}>` : `"${name.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}" <${address}>`;
}

/** Several From addresses are passed on as they are, for the parser to refuse: an email is sent from exactly one. */
function sender(mail: ParsedMail, envelope: Envelope): string | undefined {
  const from = headerAddresses(mail.from);
  if (from.length === 0) return envelope.mailFrom || undefined;
  if (from.length > 1) return from.map((a) => a.address).join(", ");
  return mailboxText(from[0]!);
}

/** An attachment as the REST API takes it. An inline image without a file name is named after its Content-ID. */
function attachmentBody(attachment: Attachment, index: number): Record<string, unknown> {
  const inline = Boolean(attachment.cid) && (attachment.related || attachment.contentDisposition === "inline");
  return {
    filename: attachment.filename ?? (inline ? attachment.cid : `attachment-${index + 1}`),
    content: attachment.content,
    contentType: attachment.contentType,
    ...(inline ? { contentId: attachment.cid } : {}),
  };
}
