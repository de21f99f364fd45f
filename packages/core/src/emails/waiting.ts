import type { Db } from "@svc/db";
import type { WaitingHold } from "@svc/queues";
import { addressDomain, bareAddress } from "../addresses/parse.ts";
import type { IdentityState } from "../domains/identities.ts";
import {
  ACCOUNT_PAUSED_REASON,
  ACCOUNT_QUOTA_REASON,
  ATTACHMENT_BUDGET_REASON,
  HANDOFF_UNKNOWN_REASON,
  RATE_LIMIT_REASON,
  REGION_UNAVAILABLE_REASON,
  RENDER_BUSY_REASON,
  TENANT_PAUSED_REASON,
} from "../sending/handoff.ts";
import { findDomainsNamed } from "../stores/domains.ts";
import { getEmailWithEvents } from "./read.ts";
import type { EmailWithEventsView } from "./views.ts";

/**
 * Why an email waits longer than expected, where the service can know: said in GET /emails/{id}
 * and on the dashboard's email page.
 */

/** A handoff normally happens within seconds; past this, a queued or sending email is explained. */
export const EXPECTED_HANDOFF_MS = 60_000;
/** SES reports a delivery, bounce or delay within minutes; a `sent` email with nothing more for this long is explained. */
export const EXPECTED_PROVIDER_EVENT_MS = 2 * 3_600_000;

export interface WaitingReason {
  code:
    | "scheduled"
    | "provider_retry"
    | WaitingHoldCode
    | "no_sender"
    | "no_job"
    | "backlog"
    | "domain_not_verified"
    | "provider_identity_not_verified"
    | "no_provider_events";
  message: string;
  /** When the next attempt is due (scheduled, provider_retry and every hold: tenant_paused, account_paused, account_quota, rate_limit, render_busy, attachment_budget). */
  nextAttemptAt?: string;
}

export interface EmailWaiting {
  /** Since when it waits in its status. */
  since: string;
  reasons: WaitingReason[];
}

/** Why a delayed send job waits, as the sender recorded it on the job: one list, @svc/queues' WaitingHold. */
type WaitingHoldCode = WaitingHold;

/** What each hold says, before its time. */
const HOLD_MESSAGES: Record<WaitingHoldCode, { text: string; next: string }> = {
  tenant_paused: { text: `${TENANT_PAUSED_REASON} The workspace's overview shows the provider's status and reason.`, next: "Next check" },
  account_paused: { text: `${ACCOUNT_PAUSED_REASON} svc doctor and svc ses status show the account's state.`, next: "Next check" },
  account_quota: { text: ACCOUNT_QUOTA_REASON, next: "Resumes at" },
  rate_limit: { text: RATE_LIMIT_REASON, next: "Its turn" },
  render_busy: { text: RENDER_BUSY_REASON, next: "Next attempt" },
  attachment_budget: { text: ATTACHMENT_BUDGET_REASON, next: "Next attempt" },
  region_unavailable: { text: `${REGION_UNAVAILABLE_REASON} svc doctor shows each region's state.`, next: "Next look" },
  handoff_unknown: { text: HANDOFF_UNKNOWN_REASON, next: "May move at" },
};

/** BullMQ states of a job waiting for a worker: `prioritized` is where a job with a priority waits. */
const WAITING_JOB_STATES = new Set(["waiting", "prioritized"]);

/** What the send queue knows (see @svc/queues sendQueueFacts); null when it could not be asked. */
interface QueueFacts {
  job: { state: string | null; retryAt: Date | null; lastError: string | null; held?: WaitingHoldCode | null };
  workers: number | null;
  waiting: number;
}

interface DomainFacts {
  name: string;
  status: string | null;
  failureReason: string | null;
  providerState: IdentityState | null;
}

/** Whether the email waits longer than expected in its status (and so is worth explaining). */
export function waitsLongerThanExpected(
  email: Pick<EmailWithEventsView, "status" | "createdAt" | "sentAt" | "events"> & Partial<Pick<EmailWithEventsView, "scheduledAt">>,
  now: Date,
): boolean {
  // A scheduled email waits by design until its time; past it, it is as late as a queued one.
  if (email.status === "scheduled") return email.scheduledAt != null && now.getTime() - Date.parse(email.scheduledAt) > EXPECTED_HANDOFF_MS;
  if (email.status === "queued" || email.status === "sending") return now.getTime() - Date.parse(email.createdAt) > EXPECTED_HANDOFF_MS;
  if (email.status === "sent") {
    const last = lastActivity(email);
    return last !== null && now.getTime() - last > EXPECTED_PROVIDER_EVENT_MS;
  }
  return false;
}

function lastActivity(email: Pick<EmailWithEventsView, "sentAt" | "events">): number | null {
  const times = [email.sentAt, ...email.events.map((event) => event.eventTimestamp)]
    .filter((time): time is string => time !== null)
    .map(Date.parse);
  return times.length > 0 ? Math.max(...times) : null;
}

/** The explanation from what the queue and the domain say; never null for an email that waits too long. */
export function explainWaiting(email: EmailWithEventsView, facts: { queue: QueueFacts | null; domain: DomainFacts | null }): EmailWaiting {
  const reasons: WaitingReason[] = [];
  if (email.status === "sent") {
    reasons.push({
      code: "no_provider_events",
      message:
        "The provider accepted this email but has reported nothing since. Check that its events reach the ingester (svc ses status: configuration set, event destination, SNS subscription, last notification).",
    });
    return { since: email.sentAt ?? email.createdAt, reasons };
  }

  if (email.status === "scheduled" && email.scheduledAt) {
    reasons.push({
      code: "scheduled",
      message: `It was scheduled for ${email.scheduledAt} and is not queued yet: a sender's scheduler queues due emails every few seconds while a sender runs.`,
      nextAttemptAt: email.scheduledAt,
    });
    return { since: email.scheduledAt, reasons };
  }

  const { queue, domain } = facts;
  if (domain && domain.status !== "verified") {
    reasons.push({
      code: "domain_not_verified",
      message: `The from domain ${domain.name} is ${domain.status ?? "not a domain of this workspace"}${domain.failureReason ? `: ${domain.failureReason}` : ""}; the sender will not hand this email off.`,
    });
  } else if (domain?.providerState && !domain.providerState.verifiedForSending) {
    reasons.push({
      code: "provider_identity_not_verified",
      message: `SES has not verified the from domain ${domain.name} (DKIM ${domain.providerState.dkim?.status ?? "unknown"}); SES refuses mail from it until it does. Run svc domain verify to see each record's state.`,
    });
  }
  if (queue) {
    const held = queue.job.held;
    if (queue.job.state === "delayed" && queue.job.retryAt && held) {
      const next = queue.job.retryAt.toISOString();
      reasons.push({ code: held, message: `${HOLD_MESSAGES[held].text} ${HOLD_MESSAGES[held].next}: ${next}.`, nextAttemptAt: next });
    } else if (queue.job.state === "delayed" && queue.job.retryAt) {
      reasons.push({
        code: "provider_retry",
        message: `The provider refused the last attempt for now${queue.job.lastError ? ` (${queue.job.lastError})` : ""}; the next attempt is at ${queue.job.retryAt.toISOString()}.`,
        nextAttemptAt: queue.job.retryAt.toISOString(),
      });
    } else if (queue.job.state === null) {
      reasons.push({
        code: "no_job",
        message:
          "Its send job is missing from the queue (Redis lost it); a sender's sweeper enqueues it again within a minute while a sender runs.",
      });
    }
    if (queue.workers === 0) {
      reasons.push({ code: "no_sender", message: "No sender process is connected to the send queue: start one (the sender app)." });
    } else if (WAITING_JOB_STATES.has(queue.job.state ?? "") && queue.waiting > 1) {
      reasons.push({
        code: "backlog",
        message: `${queue.waiting} send jobs are waiting (emails sent together share one); the senders work through them at the provider's send rate.`,
      });
    }
  }
  return { since: email.createdAt, reasons };
}

/** The from-domain's state, for the explanation (the workspace's own domain only). */
export async function fromDomainFacts(prisma: Db, workspaceId: string, from: string): Promise<DomainFacts> {
  const name = addressDomain(bareAddress(from));
  const [domain] = await findDomainsNamed(prisma, workspaceId, [name]);
  return {
    name,
    status: domain?.status ?? null,
    failureReason: domain?.failureReason ?? null,
    providerState:
      domain?.providerState && typeof domain.providerState === "object" ? (domain.providerState as unknown as IdentityState) : null,
  };
}

/**
 * One email with its events (getEmailWithEvents) and `waiting`: why it waits longer than
 * expected, or null. The queue is asked only then; if it cannot answer, the explanation is made
 * from Postgres alone.
 */
export async function getEmailExplained(
  prisma: Db,
  workspaceId: string,
  emailId: string,
  /** `sharedJobId`: the batch job the email's row names (see @svc/queues sendQueueFacts). */
  queueFacts: ((emailId: string, sharedJobId: string | null) => Promise<QueueFacts>) | null,
  now: Date = new Date(),
): Promise<EmailWithEventsView & { waiting: EmailWaiting | null }> {
  const { email, sendJobId } = await getEmailWithEvents(prisma, workspaceId, emailId);
  if (!waitsLongerThanExpected(email, now)) return { ...email, waiting: null };
  const [queue, domain] = await Promise.all([
    email.status === "sent" || !queueFacts ? null : queueFacts(email.id, sendJobId).catch(() => null),
    email.status === "sent" ? null : fromDomainFacts(prisma, workspaceId, email.from),
  ]);
  return { ...email, waiting: explainWaiting(email, { queue, domain }) };
}
