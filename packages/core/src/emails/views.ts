import type { Email, EmailEvent } from "@svc/db";
import { isoOrNull } from "../time.ts";
import type { AttachmentMetadata, EmailFields } from "./fields.ts";

export interface EmailEventView {
  id: string;
  emailId: string;
  type: string;
  eventTimestamp: string;
  createdAt: string;
  payloadJson: string;
}

/** An attachment as emails are read: what it is, never its bytes. */
export type AttachmentView = AttachmentMetadata;

export interface EmailView extends Omit<EmailFields<AttachmentView>, "headers"> {
  id: string;
  organizationId: string;
  apiKeyId: string;
  /** Extra header name → value, in the order given. */
  headers: Record<string, string>;
  status: string;
  provider: string | null;
  providerMessageId: string | null;
  errorMessage: string | null;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  /** When a scheduled email is (or was) due; null for one sent at once. */
  scheduledAt: string | null;
  /** When retention or privacy mode removed its body (subject, text, HTML, attachments); null while kept. */
  bodyRemovedAt: string | null;
}

/** The columns a view is made of: a Prisma Email, or a row read with raw SQL (GET /emails). */
export type EmailViewSource = Pick<
  Email,
  | "id"
  | "organizationId"
  | "apiKeyId"
  | "from"
  | "to"
  | "cc"
  | "bcc"
  | "replyTo"
  | "subject"
  | "html"
  | "text"
  | "status"
  | "provider"
  | "providerMessageId"
  | "errorMessage"
  | "createdAt"
  | "sentAt"
  | "failedAt"
  | "headers"
  | "tags"
  | "attachments"
  | "scheduledAt"
  | "bodyRemovedAt"
>;

/** Every field of the spec's Email, always present: fields that do not apply yet are null. */
export function toEmailView(email: EmailViewSource): EmailView {
  return {
    id: email.id,
    organizationId: email.organizationId,
    apiKeyId: email.apiKeyId,
    from: email.from,
    to: email.to,
    // Rows written before these columns existed hold null.
    cc: email.cc ?? [],
    bcc: email.bcc ?? [],
    replyTo: email.replyTo ?? [],
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: headersOf(email.headers),
    tags: namedValuesOf(email.tags),
    attachments: attachmentsOf(email.attachments),
    status: email.status,
    provider: email.provider,
    providerMessageId: email.providerMessageId,
    errorMessage: email.errorMessage,
    createdAt: email.createdAt.toISOString(),
    sentAt: isoOrNull(email.sentAt),
    failedAt: isoOrNull(email.failedAt),
    scheduledAt: isoOrNull(email.scheduledAt),
    // Rows read without the column (older readers) hold undefined.
    bodyRemovedAt: isoOrNull(email.bodyRemovedAt ?? null),
  };
}

export function toEventView(event: EmailEvent): EmailEventView {
  return {
    id: event.id,
    emailId: event.emailId,
    type: event.type,
    eventTimestamp: event.eventTimestamp.toISOString(),
    createdAt: event.createdAt.toISOString(),
    payloadJson: event.payloadJson,
  };
}

/** The template a templated email was sent by (EmailWithEventsView.template). */
export interface EmailTemplateRef {
  id: string;
  /** The template's alias now; null once the template is deleted. */
  alias: string | null;
  /** The version pinned when the email was accepted; null for a dashboard test send of the draft. */
  version: number | null;
  /** The values it renders with: POST /templates/{id}/render with these and the version renders the bodies sent. */
  variables: Record<string, unknown>;
}

/** A reply received to a sent email, as the email names it. */
export interface EmailReplyRef {
  id: string;
  receivedAt: string;
  from: string | null;
}

export interface EmailWithEventsView extends EmailView {
  /** Null for an email sent without a template. */
  template: EmailTemplateRef | null;
  /** Replies received to it (inbound mail naming it), oldest first, at most 100 (GET /inbound lists them all). */
  replies: EmailReplyRef[];
  /** Recipients the sender dropped because the suppression list holds them ([] when none). */
  suppressedRecipients: Array<{ address: string; reason: string }>;
  /** The first page of its events, oldest first. */
  events: EmailEventView[];
  /** When it has more events: `after` for GET /emails/{id}/events, the next page; else null. */
  eventsNextCursor: string | null;
}

/** The stored `suppressedRecipients` JSON as a list ([] when absent or not a list). */
export function suppressedRecipientsOf(value: unknown): Array<{ address: string; reason: string }> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    item && typeof item === "object" && typeof item.address === "string" && typeof item.reason === "string"
      ? [{ address: item.address as string, reason: item.reason as string }]
      : [],
  );
}

const isObject = (item: unknown): item is Record<string, unknown> => typeof item === "object" && item !== null;

/** The stored `[{name, value}]` list, kept to well-formed entries. */
function namedValuesOf(value: unknown): Array<{ name: string; value: string }> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isObject(item) && typeof item.name === "string" && typeof item.value === "string" ? [{ name: item.name, value: item.value }] : [],
  );
}

/** Stored headers as the object the caller sent (fromEntries defines each name as an own property, `__proto__` included). */
function headersOf(value: unknown): Record<string, string> {
  return Object.fromEntries(namedValuesOf(value).map(({ name, value: headerValue }) => [name, headerValue]));
}

function attachmentsOf(value: unknown): AttachmentView[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isObject(item) && typeof item.filename === "string" && typeof item.contentType === "string" && typeof item.size === "number"
      ? [
          {
            filename: item.filename,
            contentType: item.contentType,
            contentId: typeof item.contentId === "string" ? item.contentId : null,
            size: item.size,
          },
        ]
      : [],
  );
}
