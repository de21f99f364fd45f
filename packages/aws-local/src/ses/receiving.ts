import { randomBytes } from "node:crypto";
import type { ReceiptRule } from "@aws-sdk/client-ses";
import { publish } from "../sns/delivery.ts";
import type { AwsLocalState, ReceivedActionState, ReceivedEmailState } from "../state.ts";

/**
 * Plays SES receiving a message: the active receipt rule set's enabled rules are evaluated in
 * order for the envelope's recipients; each matching rule's actions run in order (an S3 action
 * stores the raw message at `<prefix><message id>` and, with a topic, publishes SES's `Received`
 * notification there; an SNS action publishes it with the content; a Stop action ends the
 * evaluation). The notification follows SES's documented format ("Notification contents for
 * Amazon SES email receiving"), signed and posted like every message of this SNS.
 */

export type VerdictStatus = "PASS" | "FAIL" | "GRAY" | "PROCESSING_FAILED" | "DISABLED";

export interface ReceiveEmailInput {
  /** The message as the sender's MTA sent it (DATA). */
  raw: Buffer | string;
  /** RCPT TO addresses. */
  recipients: string[];
  /** MAIL FROM; defaults to the From header's address. */
  mailFrom?: string;
  /** SES's scan and authentication verdicts; PASS unless given. */
  verdicts?: Partial<Record<"spf" | "dkim" | "dmarc" | "spam" | "virus", VerdictStatus>>;
  /** The From domain's DMARC policy, reported by SES with a DMARC FAIL. */
  dmarcPolicy?: "NONE" | "QUARANTINE" | "REJECT";
}

/** Where an S3 action's object goes: aws-local's S3 buckets. */
export type PutObject = (bucket: string, key: string, body: Buffer) => void;

/** SES receiving's message ids: 20 to 40 lower-case letters and digits, e.g. `d6iitobk75ur44p8kdnnp7g2n800`. */
function receivedMessageId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(28)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

export function receiveEmail(state: AwsLocalState, baseUrl: string, putObject: PutObject, input: ReceiveEmailInput): ReceivedEmailState {
  const raw = typeof input.raw === "string" ? Buffer.from(input.raw) : input.raw;
  const messageId = receivedMessageId();
  const timestamp = new Date().toISOString();
  const headers = headerFields(raw);
  const header = (name: string) => headers.find((field) => field.name.toLowerCase() === name)?.value;
  const mailFrom = input.mailFrom ?? addressIn(header("from") ?? "") ?? "";
  const received: ReceivedEmailState = { messageId, recipients: input.recipients, actions: [] };
  state.ses.received.push(received);

  const set = state.ses.activeReceiptRuleSet ? state.ses.receiptRuleSets.get(state.ses.activeReceiptRuleSet) : undefined;
  for (const rule of set?.rules ?? []) {
    if (!rule.Enabled) continue;
    const matched = input.recipients.filter((recipient) => ruleTakes(rule, recipient));
    if (matched.length === 0) continue;
    const notification = (action: Record<string, string>, content?: string) =>
      JSON.stringify({
        notificationType: "Received",
        mail: {
          timestamp,
          source: mailFrom,
          messageId,
          destination: input.recipients,
          headersTruncated: false,
          headers,
          commonHeaders: commonHeaders(header, messageId),
        },
        receipt: {
          timestamp,
          processingTimeMillis: 1,
          recipients: matched,
          spamVerdict: { status: rule.ScanEnabled ? (input.verdicts?.spam ?? "PASS") : "DISABLED" },
          virusVerdict: { status: rule.ScanEnabled ? (input.verdicts?.virus ?? "PASS") : "DISABLED" },
          spfVerdict: { status: input.verdicts?.spf ?? "PASS" },
          dkimVerdict: { status: input.verdicts?.dkim ?? "PASS" },
          dmarcVerdict: { status: input.verdicts?.dmarc ?? "PASS" },
          ...(input.verdicts?.dmarc === "FAIL" && input.dmarcPolicy ? { dmarcPolicy: input.dmarcPolicy } : {}),
          action,
        },
        ...(content !== undefined ? { content } : {}),
      });
    const notify = (topicArn: string | undefined, action: Record<string, string>, content?: string) => {
      const topic = topicArn ? state.sns.topics.get(topicArn) : undefined;
      if (!topic) return undefined;
      return publish(state, topic, { message: notification(action, content), subject: "Amazon SES Email Receipt Notification" }, baseUrl);
    };
    let stop = false;
    for (const action of rule.Actions ?? []) {
      const done: ReceivedActionState = { ruleName: rule.Name!, type: "Stop" };
      if (action.S3Action) {
        const objectKey = `${action.S3Action.ObjectKeyPrefix ?? ""}${messageId}`;
        putObject(action.S3Action.BucketName!, objectKey, raw);
        const topicArn = action.S3Action.TopicArn;
        Object.assign(done, { type: "S3", bucketName: action.S3Action.BucketName, objectKey, topicArn });
        const snsMessageId = notify(topicArn, {
          type: "S3",
          ...(topicArn ? { topicArn } : {}),
          bucketName: action.S3Action.BucketName!,
          objectKey,
        });
        if (snsMessageId) done.snsMessageId = snsMessageId;
      } else if (action.SNSAction) {
        const encoding = action.SNSAction.Encoding ?? "UTF-8";
        const content = encoding === "Base64" ? raw.toString("base64") : raw.toString("utf8");
        Object.assign(done, { type: "SNS", topicArn: action.SNSAction.TopicArn });
        const snsMessageId = notify(action.SNSAction.TopicArn, { type: "SNS", topicArn: action.SNSAction.TopicArn!, encoding }, content);
        if (snsMessageId) done.snsMessageId = snsMessageId;
      } else if (action.StopAction) {
        stop = true;
      } else if (action.AddHeaderAction) {
        done.type = "AddHeader";
      }
      received.actions.push(done);
      if (stop) break;
    }
    if (stop) break;
  }
  return received;
}

/**
 * SES's recipient conditions: an address matches itself, a domain every address at it, and
 * `.domain` every address at its subdomains; a rule without recipients takes every recipient.
 */
export function ruleTakes(rule: ReceiptRule, recipient: string): boolean {
  const conditions = rule.Recipients ?? [];
  if (conditions.length === 0) return true;
  const address = recipient.toLowerCase();
  const domain = address.slice(address.lastIndexOf("@") + 1);
  return conditions.some((condition) => {
    if (condition.includes("@")) return condition === address;
    if (condition.startsWith(".")) return domain.endsWith(condition);
    return condition === domain;
  });
}

/** The header fields of the message, unfolded, in order (SES lists them in `mail.headers`). */
function headerFields(raw: Buffer): Array<{ name: string; value: string }> {
  const text = raw.subarray(0, 256 * 1024).toString("utf8");
  const end = text.search(/\r?\n\r?\n/);
  const block = (end >= 0 ? text.slice(0, end) : text).replace(/\r?\n[ \t]+/g, " ");
  return block.split(/\r?\n/).flatMap((line) => {
    const colon = line.indexOf(":");
    return colon > 0 ? [{ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() }] : [];
  });
}

function addressIn(value: string): string | undefined {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(value)?.[1] ?? /([^\s<>,"]+@[^\s<>,"]+)/.exec(value)?.[1];
}

function commonHeaders(header: (name: string) => string | undefined, messageId: string): Record<string, unknown> {
  const list = (name: string) => {
    const value = header(name);
    return value ? value.split(",").map((entry) => entry.trim()) : undefined;
  };
  return Object.fromEntries(
    Object.entries({
      returnPath: header("return-path"),
      from: list("from"),
      date: header("date"),
      to: list("to"),
      cc: list("cc"),
      messageId: header("message-id") ?? messageId,
      subject: header("subject"),
    }).filter((entry) => entry[1] !== undefined),
  );
}
