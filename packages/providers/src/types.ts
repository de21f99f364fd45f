/**
 * The narrow provider interface: hand one email off, get the provider's message id back.
 * Events come back separately (SES → SNS → apps/ingest), so there is no "parse events" here:
 * every provider reports through the same SNS-shaped path.
 */
export interface OutboundEmail {
  /** Our id (`email_…`): sent to the provider as a tag so events match even before we store the message id. */
  emailId: string;
  workspaceId: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** Extra message headers, in order (checked when the email was queued). */
  headers: Array<{ name: string; value: string }>;
  /** The caller's tags, passed as message tags beside our own. */
  tags: Array<{ name: string; value: string }>;
  attachments: OutboundAttachment[];
  /** The SES configuration set to send through (its event destination and tracking); none when absent. */
  configurationSet?: string;
}

export interface OutboundAttachment {
  filename: string;
  contentType: string;
  /** Set for an inline part, which the HTML shows as `cid:<contentId>`. */
  contentId: string | null;
  content: Buffer;
}

/** An email the simulator accepted, as Postgres holds it, and how many of its events are stored. */
export interface AcceptedEmailRecord {
  email: OutboundEmail;
  providerMessageId: string;
  createdAt: Date;
  eventCount: number;
}

/**
 * Emails `provider` accepted before `sentBefore`, created (or scheduled) since `createdFrom`, that may still wait
 * for events, in (createdAt, id) order after `after`, at most `limit`.
 */
export type FindAcceptedEmails = (range: {
  provider: string;
  createdFrom: Date;
  sentBefore: Date;
  after: { createdAt: Date; id: string } | null;
  limit: number;
}) => Promise<AcceptedEmailRecord[]>;

export interface SendResult {
  providerMessageId: string;
}

export type ProviderFailureKind = "transient" | "permanent";

/**
 * A refusal or failure the sender can act on. `transient` is retried with backoff; `permanent`
 * fails the email and records a `rejected` event whose payload is `details`.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    /** The provider's error name, e.g. `MessageRejected`, `TooManyRequestsException`. */
    readonly code: string,
    message: string,
    /** JSON-safe description of the provider's error, stored as the rejected event's payload. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export interface EmailProvider {
  /** Stored in `email.provider`: `ses` or `simulator`. */
  readonly name: string;
  send(email: OutboundEmail): Promise<SendResult>;
  close(): Promise<void>;
}

/** The SES message tag that carries our email id (tag values allow [A-Za-z0-9_-]). */
export const EMAIL_ID_TAG = "svc_email_id";
