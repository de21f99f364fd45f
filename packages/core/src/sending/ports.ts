import type { Producer, SendGateDecision } from "@svc/queues";
import type { EmailFailure, RenderingFailure } from "../emails/failure.ts";
import type { ProviderRefusal } from "../emails/rejection.ts";
import type { EmailFiles } from "../files/store.ts";
import type { AcceptedHandoff, HeldClaim } from "../stores/emails.ts";
import type { SuppressedRecipient } from "../suppressions/sendTime.ts";
import type { TemplateRenderer } from "../templates/renderer.ts";
import type { UnsubscribeLinks } from "../unsubscribe/links.ts";
import type { AttachmentBudget } from "./attachmentBudget.ts";
import type { ClaimedHandoff } from "./claims.ts";
import type { HandoffProvider } from "./provider.ts";
import type { PreVerifiedLookup } from "./recipients.ts";
import type { HandoffRetryPolicy } from "./retry.ts";

/**
 * The statements every handoff makes. The app coalesces each across its concurrent jobs with a
 * Batcher, over the statements `@svc/core/batched` lists.
 */
export interface HandoffWrites {
  /**
   * Claims one email for a handoff attempt, with the checks its handoff needs first (see
   * claimAndCheckEmails); null when it is not claimable (see claimEmails).
   */
  claim(emailId: string): Promise<ClaimedHandoff | null>;
  /**
   * Renews the claim right before the provider call: true while it is still this handoff's,
   * false when another worker has claimed the email since (see renewEmailClaims).
   */
  renewClaim(claim: HeldClaim): Promise<boolean>;
  /** Records an accepted handoff (see markEmailsSent). */
  markSent(accepted: AcceptedHandoff): Promise<void>;
  /** How long a claim keeps other workers off the email; after it, a worker may claim it again. */
  readonly claimLeaseMs: number;
}

/**
 * The records of a handoff that does not end accepted, and the reads only some emails need (test
 * keys, files). One statement each, not batched: `handoffRecords(db)` is their Postgres version.
 */
export interface HandoffRecords {
  /**
   * Ends the email `failed` with its `failed` event (our payload); `provider` when one was asked.
   * Answers the webhook deliveries to enqueue, or null if the email was not moved.
   */
  fail(emailId: string, failure: EmailFailure, provider: string | null): Promise<string[] | null>;
  /** Ends the email `failed` with a `rendering_failed` event (our payload); as `fail` otherwise. */
  failRendering(emailId: string, failure: RenderingFailure): Promise<string[] | null>;
  /** Gives the claim back: the email waits, queued, for its retry. */
  release(emailId: string): Promise<void>;
  /** Gives the claim back after a handoff to `region` whose outcome is unknown (see releaseUnknownHandoff). */
  releaseUnknown(emailId: string, region: string): Promise<void>;
  /** Notes on the email which recipients were dropped as suppressed. */
  setSuppressedRecipients(emailId: string, suppressed: readonly SuppressedRecipient[]): Promise<void>;
  /** Fails the email with our own `rejected` event; answers the webhook deliveries to enqueue. */
  rejectSuppressed(emailId: string, suppressed: readonly SuppressedRecipient[]): Promise<string[]>;
  /** Fails the email with the provider's refusal as its `rejected` event; answers the deliveries. */
  reject(emailId: string, refusal: ProviderRefusal, provider: string): Promise<string[]>;
  preVerifiedRecipients: PreVerifiedLookup;
  /** The bytes of the email's files, in their order; null when any is missing. Throws FileStoreUnavailable. */
  attachmentContents(email: EmailFiles): Promise<Buffer[] | null>;
  deleteAttachmentContents(email: EmailFiles): Promise<unknown>;
}

/**
 * Acceptances a handoff could not record in Postgres while its claim lasted, kept where every
 * sender finds them (Redis: `UnrecordedAcceptances` of @svc/queues), so that the email's next
 * claim records the acceptance instead of sending the email again.
 */
export interface UnrecordedAcceptances {
  keep(accepted: AcceptedHandoff): Promise<void>;
  find(emailId: string): Promise<AcceptedHandoff | null>;
  drop(emailId: string): Promise<void>;
}

/**
 * Shared by every sender (Redis): the account's send rate, counted in recipients, and the
 * workspaces held because the provider paused their sending. One round trip per handoff.
 */
export interface HandoffGate {
  /** Takes `recipients` of the rate for one of the workspace's emails, unless it is held. */
  pass(workspaceId: string, recipients: number): Promise<SendGateDecision>;
  /** Holds the workspace's emails for `holdMs`: the provider said its sending is paused. */
  hold(workspaceId: string): Promise<void>;
  readonly holdMs: number;
  /** The provider refused a send for the account's daily quota: it is spent until the window moves. */
  quotaSpent(): Promise<void>;
  /** The provider refused a send because the account's sending is paused: every email waits. */
  pauseAccount(): Promise<void>;
  /** How often the account (quota, pause) is read again: the wait when no better time is known. */
  readonly accountRefreshMs: number;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` (an email's turn at the send rate). */
  sleep(ms: number): Promise<void>;
}

export interface HandoffPorts {
  provider: HandoffProvider;
  /** The claim, the checks before the handoff and the record of an accepted one (batched). */
  writes: HandoffWrites;
  records: HandoffRecords;
  unrecordedAcceptances: UnrecordedAcceptances;
  /** Where the webhook deliveries of a `rejected` or `failed` event go. */
  deliveries: Pick<Producer<"webhookDelivery">, "enqueueMany">;
  gate: HandoffGate;
  /** Attachment bytes this process may hold at once, and how long a handoff waits for room (see AttachmentBudget). */
  attachmentBudget: Pick<AttachmentBudget, "hold" | "maxWaitMs">;
  clock: Clock;
  retry: HandoffRetryPolicy;
  /** Renders templated emails from their pinned version (see cachedTemplateRenderer). */
  templates: TemplateRenderer;
  /** Signs the List-Unsubscribe link of an email with a topic. */
  unsubscribe: Pick<UnsubscribeLinks, "headersFor">;
}
