import type { Email, EmailEvent } from "@svc/db";
import { isoOrNull } from "../time.ts";

export interface EmailEventView {
  id: string;
  emailId: string;
  type: string;
  eventTimestamp: string;
  createdAt: string;
  payloadJson: string;
}

export interface EmailView {
  id: string;
  organizationId: string;
  apiKeyId: string;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  status: string;
  provider: string | null;
  providerMessageId: string | null;
  errorMessage: string | null;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  /** When a scheduled email is (or was) due; null for one sent at once. */
  scheduledAt: string | null;
}

/** The columns a view is made of: a Prisma Email, or a row read with raw SQL (GET /emails). */
export type EmailViewSource = Pick<
  Email,
  | "id"
  | "organizationId"
  | "apiKeyId"
  | "from"
  | "to"
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
  | "scheduledAt"
>;

/** Every field of the spec's Email, always present: fields that do not apply yet are null. */
export function toEmailView(email: EmailViewSource): EmailView {
  return {
    id: email.id,
    organizationId: email.organizationId,
    apiKeyId: email.apiKeyId,
    from: email.from,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    status: email.status,
    provider: email.provider,
    providerMessageId: email.providerMessageId,
    errorMessage: email.errorMessage,
    createdAt: email.createdAt.toISOString(),
    sentAt: isoOrNull(email.sentAt),
    failedAt: isoOrNull(email.failedAt),
    scheduledAt: isoOrNull(email.scheduledAt),
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

export interface EmailWithEventsView extends EmailView {
  /** Recipients the sender dropped because the suppression list holds them ([] when none). */
  suppressedRecipients: Array<{ address: string; reason: string }>;
  /** Oldest first. */
  events: EmailEventView[];
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
