import {
  AppError,
  type AuditBy,
  createApiKey,
  createWebhookSubscription,
  deleteWebhookSubscription,
  getEmailWithEvents,
  getWorkspace,
  listDomains,
  parseSendEmailInput,
  queueEmail,
  removeSuppression,
  revokeApiKey,
  type SecretBox,
  sqlPool,
} from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { SendQueue } from "@svc/queues";
import { type DoctorCheck, describeError, failed, ok } from "./report.ts";
import { WebhookReceiver } from "./webhookReceiver.ts";

/** SES's mailbox simulator: each address answers with one outcome, and none of it touches a real mailbox. */
export const SIMULATOR_MAILBOXES = [
  { address: "success@simulator.amazonses.com", expected: "delivered" },
  { address: "bounce@simulator.amazonses.com", expected: "bounced" },
  { address: "complaint@simulator.amazonses.com", expected: "complained" },
  // SES answers an address on its account-level suppression list with a bounce of its own.
  { address: "suppressionlist@simulator.amazonses.com", expected: "bounced" },
] as const;

const POLL_MS = 250;

export interface RoundTripDeps {
  db: DbHandle;
  sendQueue: SendQueue;
  /** WEBHOOK_SECRET_KEY's box, for the temporary subscription's secret. */
  box: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: whether the subscription may point at this machine's loopback address. */
  allowPrivateUrls: boolean;
  by: AuditBy;
}

export interface RoundTripOptions {
  workspaceId: string;
  /** The domain to send from when it is a verified domain of the workspace; else its first verified one. */
  preferredDomain?: string;
  timeoutMs: number;
  /** Where the receiver listens. */
  listenHost: string;
  listenPort: number;
  /** The URL the dispatcher reaches the receiver at; the listening address by default. */
  webhookUrl?: string;
}

interface Leg {
  address: string;
  expected: string;
  emailId: string;
}

/**
 * One email to each mailbox-simulator address through the normal pipeline: queued with the
 * core use case (a row, then its send job), handed to SES by the sender, its event back through
 * SNS and the ingester into the email's timeline, and out to a webhook by the dispatcher, to a
 * receiver run here under a temporary subscription. One check per address, naming the first leg
 * that did not happen within the timeout. What it creates (a sending key, the subscription, the
 * simulator addresses its bounce and complaint put on the suppression list) is removed again.
 */
export async function mailboxSimulatorRoundTrip(deps: RoundTripDeps, options: RoundTripOptions): Promise<DoctorCheck[]> {
  const { db } = deps;
  const workspace = await getWorkspace(db.prisma, options.workspaceId);
  const from = await senderDomain(db, workspace.id, options.preferredDomain);
  const receiver = await WebhookReceiver.listen(options.listenHost, options.listenPort);
  let subscriptionId: string | null = null;
  let keyId: string | null = null;
  try {
    // A previous run's bounce and complaint suppressed these; the sender would drop them unsent.
    await unsuppressSimulator(db, workspace.id);
    const subscription = await createWebhookSubscription(
      db.prisma,
      deps.box,
      { workspaceId: workspace.id, url: options.webhookUrl ?? receiver.url, events: ["delivered", "bounced", "complained"] },
      { allowPrivate: deps.allowPrivateUrls },
    ).catch((error: unknown) => {
      throw new AppError(
        "validation_failed",
        `the temporary webhook subscription was refused (${describeError(error)}); pass --webhook-url with an https URL that reaches this machine's receiver (--webhook-listen), or set WEBHOOK_ALLOW_PRIVATE_URLS=true`,
      );
    });
    subscriptionId = subscription.id;
    receiver.expectSecret(subscription.secret);
    const key = await createApiKey(db.prisma, {
      workspaceId: workspace.id,
      environment: "live",
      scope: "send-only",
      name: "svc doctor round trip",
    });
    keyId = key.id;
    const legs: Leg[] = [];
    for (const mailbox of SIMULATOR_MAILBOXES) {
      const input = parseSendEmailInput({
        from: `svc doctor <doctor@${from}>`,
        to: [mailbox.address],
        subject: "svc doctor round trip",
        text: `A check of the install's pipeline (${mailbox.expected} expected).`,
      });
      const queued = await queueEmail(
        db,
        { workspaceId: workspace.id, apiKeyId: key.id, environment: "live", plan: workspace.plan },
        input,
        { countsAgainstDailyLimit: false },
      );
      legs.push({ ...mailbox, emailId: queued.emailId });
    }
    await deps.sendQueue.enqueue(
      workspace.id,
      legs.map((leg) => leg.emailId),
    );
    const deadline = Date.now() + options.timeoutMs;
    const pending = new Set(legs);
    while (pending.size > 0 && Date.now() < deadline) {
      for (const leg of pending) if (await legDone(db, workspace.id, leg, receiver)) pending.delete(leg);
      if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return Promise.all(legs.map((leg) => legCheck(db, workspace.id, leg, receiver, options.timeoutMs)));
  } finally {
    await receiver.close();
    if (subscriptionId) await deleteWebhookSubscription(db.prisma, subscriptionId, workspace.id).catch(() => {});
    if (keyId) await revokeApiKey(db.prisma, keyId, workspace.id, deps.by).catch(() => {});
    await unsuppressSimulator(db, workspace.id).catch(() => {});
  }
}

async function senderDomain(db: DbHandle, workspaceId: string, preferred: string | undefined): Promise<string> {
  const verified = (await listDomains(db.prisma, workspaceId)).filter((domain) => domain.status === "verified");
  const domain = verified.find((entry) => entry.domain === preferred) ?? verified[0];
  if (!domain) throw new AppError("validation_failed", `workspace ${workspaceId} has no verified domain to send from`);
  return domain.domain;
}

async function unsuppressSimulator(db: DbHandle, workspaceId: string): Promise<void> {
  for (const { address } of SIMULATOR_MAILBOXES)
    await removeSuppression(sqlPool(db), workspaceId, address, { confirmComplaint: true }).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === "not_found")) throw error;
    });
}

async function eventsOf(db: DbHandle, workspaceId: string, emailId: string) {
  const { email } = await getEmailWithEvents(db.prisma, workspaceId, emailId);
  return { status: email.status, errorMessage: email.errorMessage, types: email.events.map((event) => event.type as string) };
}

const webhookArrived = (receiver: WebhookReceiver, leg: Leg) =>
  receiver.received.some((webhook) => webhook.emailId === leg.emailId && webhook.type === leg.expected);

async function legDone(db: DbHandle, workspaceId: string, leg: Leg, receiver: WebhookReceiver): Promise<boolean> {
  return webhookArrived(receiver, leg) && (await eventsOf(db, workspaceId, leg.emailId)).types.includes(leg.expected);
}

/** The first leg that did not happen, in the pipeline's order, with what to look at. */
async function legCheck(db: DbHandle, workspaceId: string, leg: Leg, receiver: WebhookReceiver, timeoutMs: number): Promise<DoctorCheck> {
  const name = `round trip ${leg.address}`;
  const seconds = `${Math.round(timeoutMs / 1000)} s`;
  const { status, errorMessage, types } = await eventsOf(db, workspaceId, leg.emailId);
  if (status === "queued" || status === "sending" || status === "scheduled")
    return failed(
      name,
      `${leg.emailId} was not handed to SES within ${seconds} (status ${status}${errorMessage ? `; last error: ${errorMessage}` : ""})`,
      "make sure the sender runs on this REDIS_URL and QUEUE_PREFIX and read its logs (svc email waiting reasons on the email's page)",
    );
  if (status === "failed" || status === "rejected" || status === "canceled")
    return failed(
      name,
      `${leg.emailId} was not sent: ${status}${errorMessage ? ` (${errorMessage})` : ""}`,
      "read the reason; fix the domain, the account or the suppression it names",
    );
  if (!types.includes(leg.expected))
    return failed(
      name,
      `SES took ${leg.emailId} but no ${leg.expected} event reached its timeline within ${seconds} (events: ${types.join(", ") || "none"})`,
      "SNS is not delivering to the ingester: check the sns subscription and ingester lines above, the configuration set's event destination, and the ingester's logs",
    );
  if (!webhookArrived(receiver, leg))
    return failed(
      name,
      `the ${leg.expected} event of ${leg.emailId} is in its timeline but no signed webhook arrived within ${seconds}`,
      "make sure the dispatcher runs on this REDIS_URL and QUEUE_PREFIX and can reach the webhook URL, and read its logs",
    );
  return ok(name, `${leg.expected}: queued, sent by SES, the event in ${leg.emailId}'s timeline and its webhook received`);
}
