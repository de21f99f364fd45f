import type { AttachmentWithContent, EmailFields } from "../emails/fields.ts";

/**
 * The narrow provider interface: hand one email off, get the provider's message id back.
 * Events come back separately (SES → SNS → apps/ingest), so there is no "parse events" here:
 * every provider reports through the same SNS-shaped path. Defined in core because the handoff
 * use case is written against it; @svc/providers implements it (SES, the simulator).
 */
export interface OutboundEmail extends EmailFields<OutboundAttachment> {
  /** Our id (`email_…`): sent to the provider as a tag so events match even before we store the message id. */
  emailId: string;
  workspaceId: string;
  /** The domain of `from`'s address, lower-cased, as read when the email was accepted: the identity it is sent from. */
  fromDomain: string;
  /** The SES configuration set to send through (its event destination and tracking); none when absent. */
  configurationSet?: string;
  /** The SES tenant the workspace sends as (its own reputation and sending status); none when absent. */
  tenant?: string;
  /** Its last handoff whose outcome is unknown, if any: with several regions it may not move before that region is heard. */
  unknownHandoff?: UnknownHandoff;
}

export type OutboundAttachment = AttachmentWithContent;

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
  /** The SES region that accepted it; absent for a provider without regions (the simulator). */
  region?: string;
}

export type ProviderFailureKind = "transient" | "permanent" | "paused" | "account_paused" | "quota" | "region_wait";

/**
 * A refusal or failure the sender can act on. `transient` is retried with backoff; `permanent`
 * fails the email and records a `rejected` event whose payload is `details`; `paused` says the
 * provider refuses the workspace's mail until it re-enables it (an SES tenant disabled on its
 * reputation): the email and the workspace's other emails are held, not failed. `account_paused`
 * and `quota` say the same of the whole account (its sending paused, its daily quota spent):
 * every workspace's emails are held.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    /** The provider's error name, e.g. `MessageRejected`, `TooManyRequestsException`. */
    readonly code: string,
    message: string,
    /** JSON-safe description of the provider's error, stored as the rejected event's payload. */
    readonly details: Record<string, unknown> = {},
    /**
     * With several regions: the region asked, whether the request may have reached it without an
     * answer (a timeout or a broken connection after it was sent: SES may have taken the email),
     * and, for `region_wait`, why and until when the email must wait for a region.
     */
    readonly regional: RegionalFailure = {},
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export interface RegionalFailure {
  region?: string;
  outcomeUnknown?: boolean;
  wait?: { cause: RegionWaitCause; retryAt: number };
}

/**
 * Why an email waits for a region (`region_wait`): every region it may use is down
 * (`region_unavailable`), or its last handoff's outcome is unknown and its region is down, so it
 * waits for that region's Send event before it may move (`handoff_unknown`), or the regions it
 * may use that are up have no room in their 24-hour quota for it (`account_quota`).
 */
export type RegionWaitCause = "region_unavailable" | "handoff_unknown" | "account_quota";

/** The last handoff whose outcome is unknown, as the email row holds it. */
export interface UnknownHandoff {
  region: string;
  at: Date;
}

export interface EmailProvider {
  /** Stored in `email.provider`: `ses` or `simulator`. */
  readonly name: string;
  send(email: OutboundEmail): Promise<SendResult>;
  close(): Promise<void>;
}

/** What a handoff needs of a provider: its name and one send. */
export type HandoffProvider = Pick<EmailProvider, "name" | "send">;

/** Providers throw ProviderError; anything else escaping one is a bug or an outage, so retry it. */
export function asProviderError(thrown: unknown): ProviderError {
  if (thrown instanceof ProviderError) return thrown;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new ProviderError("transient", "UnexpectedProviderError", message, { code: "UnexpectedProviderError", message });
}
