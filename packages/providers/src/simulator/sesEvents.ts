import { addressDomain, bareAddress } from "@svc/core/addresses";
import { EMAIL_ID_TAG } from "../emailIdTag.ts";
import type { OutboundEmail } from "../types.ts";
import { sesLikeId } from "./messageIds.ts";
import type { PlannedEvent, SimulatedEventKind } from "./scenarios.ts";

/** What of a message its events tell: the fields SES's `mail` object (and a click's link) come from. */
export type MailFields = Pick<
  OutboundEmail,
  "emailId" | "from" | "replyTo" | "to" | "cc" | "bcc" | "subject" | "headers" | "tags" | "html"
>;

/** What every event of one simulated message shares. */
export interface SimulatedMail {
  /** `emailId` empty: no tag of ours is added (SES reports the message's own tags, ours among them). */
  email: MailFields;
  messageId: string;
  /** When send() accepted the message: `mail.timestamp`. */
  acceptedAt: Date;
  configurationSet: string;
  /** Whose SES sent it (`mail.sendingAccountId`, `sourceArn`, `ses:caller-identity`); the simulator's by default. */
  sender?: SendingAccount;
}

export interface SendingAccount {
  accountId: string;
  region: string;
  callerIdentity: string;
}

const SIMULATOR_ACCOUNT: SendingAccount = { accountId: "000000000000", region: "us-east-1", callerIdentity: "simulator" };
const READER = { ipAddress: "192.0.2.10", userAgent: "Mozilla/5.0 (Svc Simulator)" };
const REPORTING_MTA = "a8-70.smtp-out.simulator.amazonses.com";

const EVENT_TYPE: Record<SimulatedEventKind, string> = {
  Send: "Send",
  Delivery: "Delivery",
  Bounce: "Bounce",
  SuppressedBounce: "Bounce",
  Complaint: "Complaint",
  DeliveryDelay: "DeliveryDelay",
  Reject: "Reject",
  RenderingFailure: "Rendering Failure",
  Open: "Open",
  Click: "Click",
};

/**
 * One SES event as SES publishes it to SNS ("Contents of event data that Amazon SES publishes to
 * Amazon SNS"): `eventType`, `mail`, and the type's own object. `at` is the event's own time.
 */
export function buildSesEvent(mail: SimulatedMail, event: PlannedEvent, index: number): Record<string, unknown> {
  const [objectName, object] = eventObject(mail, event, eventTime(mail, index), `${mail.messageId}:${index}`);
  return { eventType: EVENT_TYPE[event.kind], mail: mailObject(mail), [objectName]: object };
}

/** Spacing of one message's event times, after its acceptance. */
const EVENT_SPACING_MS = 50;

/**
 * The time of the message's `index`th event: derived from the acceptance time alone, like every
 * other field of the event, so that an event reported again (after a crash, by another sender)
 * is the same event and the ingester stores it once.
 */
export function eventTime(mail: SimulatedMail, index: number): Date {
  return new Date(mail.acceptedAt.getTime() + EVENT_SPACING_MS * (index + 1));
}

function eventObject(mail: SimulatedMail, { kind, recipients }: PlannedEvent, at: Date, seed: string): [string, Record<string, unknown>] {
  const timestamp = at.toISOString();
  switch (kind) {
    case "Send":
      return ["send", {}];
    case "Delivery":
      return [
        "delivery",
        {
          timestamp,
          processingTimeMillis: Math.max(0, at.getTime() - mail.acceptedAt.getTime()),
          recipients,
          smtpResponse: "250 2.6.0 Message received",
          reportingMTA: REPORTING_MTA,
          remoteMtaIp: "192.0.2.25",
        },
      ];
    case "Bounce":
      return [
        "bounce",
        {
          feedbackId: sesLikeId(at.getTime(), seed),
          bounceType: "Permanent",
          bounceSubType: "General",
          bouncedRecipients: recipients.map((emailAddress) => ({
            emailAddress,
            action: "failed",
            status: "5.1.1",
            diagnosticCode: "smtp; 550 5.1.1 user unknown",
          })),
          timestamp,
          reportingMTA: "dns; simulator.amazonses.com",
        },
      ];
    case "SuppressedBounce":
      return [
        "bounce",
        {
          feedbackId: sesLikeId(at.getTime(), seed),
          bounceType: "Permanent",
          bounceSubType: "Suppressed",
          bouncedRecipients: recipients.map((emailAddress) => ({
            emailAddress,
            action: "failed",
            status: "5.1.1",
            diagnosticCode:
              "Amazon SES has suppressed sending to this address because it has a recent history of bouncing as an invalid address.",
          })),
          timestamp,
          reportingMTA: "dns; amazonses.com",
        },
      ];
    case "Complaint":
      return [
        "complaint",
        {
          feedbackId: sesLikeId(at.getTime(), seed),
          complaintSubType: null,
          complainedRecipients: recipients.map((emailAddress) => ({ emailAddress })),
          timestamp,
          userAgent: "Simulated ISP Feedback Loop",
          complaintFeedbackType: "abuse",
          arrivalDate: timestamp,
        },
      ];
    case "DeliveryDelay":
      return [
        "deliveryDelay",
        {
          timestamp,
          delayType: "TransientCommunicationFailure",
          expirationTime: new Date(at.getTime() + 24 * 60 * 60 * 1000).toISOString(),
          delayedRecipients: recipients.map((emailAddress) => ({
            emailAddress,
            status: "4.4.7",
            diagnosticCode: "smtp; 421 4.4.7 Try again later (greylisted)",
          })),
          reportingMTA: REPORTING_MTA,
        },
      ];
    case "Reject":
      return ["reject", { reason: "Bad content" }];
    case "RenderingFailure":
      return [
        "failure",
        {
          errorMessage: "Attribute 'name' is not present in the rendering data. (simulated rendering failure)",
          templateName: "simulator",
        },
      ];
    case "Open":
      return ["open", { timestamp, ...READER }];
    case "Click":
      return ["click", { timestamp, ...READER, link: firstLink(mail.email.html), linkTags: { simulated: ["true"] } }];
  }
}

/**
 * SES's `mail` object: `destination` lists every recipient (bcc included); the headers are the
 * message's (so no Bcc); `tags` holds SES's auto-tags and the message tags.
 */
function mailObject({
  email,
  messageId,
  acceptedAt,
  configurationSet,
  sender = SIMULATOR_ACCOUNT,
}: SimulatedMail): Record<string, unknown> {
  const domain = fromDomain(email.from);
  const headers = [
    { name: "From", value: email.from },
    ...(email.replyTo.length > 0 ? [{ name: "Reply-To", value: email.replyTo.join(", ") }] : []),
    { name: "To", value: email.to.join(", ") },
    ...(email.cc.length > 0 ? [{ name: "Cc", value: email.cc.join(", ") }] : []),
    { name: "Subject", value: email.subject },
    { name: "MIME-Version", value: "1.0" },
    ...email.headers,
  ];
  const commonHeaders: Record<string, unknown> = { from: [email.from], to: email.to, messageId, subject: email.subject };
  if (email.cc.length > 0) commonHeaders.cc = email.cc;
  if (email.replyTo.length > 0) commonHeaders.replyTo = email.replyTo;
  const tags: Record<string, string[]> = {};
  for (const { name, value } of email.tags) tags[name] = [value];
  return {
    timestamp: acceptedAt.toISOString(),
    source: email.from,
    sourceArn: `arn:aws:ses:${sender.region}:${sender.accountId}:identity/${domain}`,
    sendingAccountId: sender.accountId,
    messageId,
    destination: [...email.to, ...email.cc, ...email.bcc],
    headersTruncated: false,
    headers,
    commonHeaders,
    tags: {
      ...tags,
      "ses:configuration-set": [configurationSet],
      "ses:source-ip": ["127.0.0.1"],
      "ses:from-domain": [domain],
      "ses:caller-identity": [sender.callerIdentity],
      ...(email.emailId ? { [EMAIL_ID_TAG]: [email.emailId] } : {}),
    },
  };
}

function fromDomain(from: string): string {
  return addressDomain(bareAddress(from));
}

/** The first http(s) link of the HTML body, or a stand-in: what a reader would click. */
function firstLink(html: string | null): string {
  const match = html ? /href\s*=\s*["'](https?:\/\/[^"']+)["']/i.exec(html) : null;
  return match?.[1] ?? "https://example.com/";
}
