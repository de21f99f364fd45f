import { createHash } from "node:crypto";
import { CreateBucketCommand, HeadBucketCommand, type S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import {
  CreateReceiptRuleCommand,
  CreateReceiptRuleSetCommand,
  DeleteReceiptRuleCommand,
  DescribeActiveReceiptRuleSetCommand,
  DescribeReceiptRuleSetCommand,
  type ReceiptRule,
  RuleSetDoesNotExistException,
  type SESClient,
  SetActiveReceiptRuleSetCommand,
  UpdateReceiptRuleCommand,
} from "@aws-sdk/client-ses";

/**
 * Brings SES receiving to what the service needs, idempotently (read first, change only what is
 * missing or differs, so a second run changes nothing):
 *
 * - the bucket, when asked to create it;
 * - one receipt rule set, holding one rule per verified receiving domain: that domain's
 *   recipients, spam and virus scanning on, one S3 action storing the message under the prefix
 *   and notifying the topic the ingester is subscribed to (the S3 action's own notification, so
 *   one message makes one notification); rules of ours for domains no longer verified are removed;
 * - the set active, unless another set is active: an account has one active set, and switching
 *   would silently stop whatever that set does, so that takes `replaceActiveRuleSet`.
 */

export interface DesiredSesInbound {
  ruleSetName: string;
  /** Rule names start with this, so that rules of ours are told from others in the set. */
  rulePrefix: string;
  bucket: string;
  objectKeyPrefix: string;
  createBucket: boolean;
  region: string;
  topicArn: string;
  domains: readonly string[];
  replaceActiveRuleSet: boolean;
}

export interface AppliedSesInbound {
  ruleSetName: string;
  active: boolean;
  /** Another active set left in place (without replaceActiveRuleSet). */
  otherActiveRuleSet: string | null;
  rules: Array<{ name: string; domain: string }>;
  changes: string[];
}

export interface SesInboundClients {
  sesClassic: SESClient;
  s3: S3Client;
}

/** A rule name SES takes (64 characters of letters, digits, `.`, `_`, `-`) that names the domain when it fits. */
export function receiptRuleName(prefix: string, domain: string): string {
  const readable = `${prefix}-${domain}`;
  if (readable.length <= 64) return readable;
  const digest = createHash("sha256").update(domain).digest("hex").slice(0, 16);
  return `${readable.slice(0, 64 - 17).replace(/[._-]+$/, "")}-${digest}`;
}

export async function applySesInbound(clients: SesInboundClients, desired: DesiredSesInbound): Promise<AppliedSesInbound> {
  const changes: string[] = [];
  if (desired.createBucket) await ensureBucket(clients.s3, desired, changes);
  const current = await ensureRuleSet(clients.sesClassic, desired.ruleSetName, changes);

  const wanted = desired.domains.map((domain) => ({ domain, rule: ruleFor(desired, domain) }));
  const ours = current.filter((rule) => rule.Name?.startsWith(`${desired.rulePrefix}-`));
  for (const rule of ours) {
    if (!wanted.some((entry) => entry.rule.Name === rule.Name)) {
      await clients.sesClassic.send(new DeleteReceiptRuleCommand({ RuleSetName: desired.ruleSetName, RuleName: rule.Name! }));
      changes.push(`receipt rule ${rule.Name} removed (its domain is no longer verified for receiving)`);
    }
  }
  let last = current.filter((rule) => wanted.some((entry) => entry.rule.Name === rule.Name) || !ours.includes(rule)).at(-1)?.Name;
  for (const { domain, rule } of wanted) {
    const existing = current.find((candidate) => candidate.Name === rule.Name);
    if (!existing) {
      await clients.sesClassic.send(
        new CreateReceiptRuleCommand({ RuleSetName: desired.ruleSetName, Rule: rule, ...(last ? { After: last } : {}) }),
      );
      changes.push(`receipt rule ${rule.Name} created (${domain} → s3://${desired.bucket}/${desired.objectKeyPrefix})`);
      last = rule.Name;
    } else if (!sameRule(existing, rule)) {
      await clients.sesClassic.send(new UpdateReceiptRuleCommand({ RuleSetName: desired.ruleSetName, Rule: rule }));
      changes.push(`receipt rule ${rule.Name} corrected`);
    }
  }

  const active = (await clients.sesClassic.send(new DescribeActiveReceiptRuleSetCommand({}))).Metadata?.Name ?? null;
  let otherActiveRuleSet: string | null = null;
  if (active !== desired.ruleSetName) {
    if (active === null || desired.replaceActiveRuleSet) {
      await clients.sesClassic.send(new SetActiveReceiptRuleSetCommand({ RuleSetName: desired.ruleSetName }));
      changes.push(
        active === null
          ? `receipt rule set ${desired.ruleSetName} activated`
          : `receipt rule set ${desired.ruleSetName} activated in place of ${active}`,
      );
    } else {
      otherActiveRuleSet = active;
    }
  }
  return {
    ruleSetName: desired.ruleSetName,
    active: otherActiveRuleSet === null,
    otherActiveRuleSet,
    rules: wanted.map(({ domain, rule }) => ({ name: rule.Name!, domain })),
    changes,
  };
}

function ruleFor(desired: DesiredSesInbound, domain: string): ReceiptRule {
  return {
    Name: receiptRuleName(desired.rulePrefix, domain),
    Enabled: true,
    TlsPolicy: "Optional",
    ScanEnabled: true,
    Recipients: [domain],
    Actions: [{ S3Action: { BucketName: desired.bucket, ObjectKeyPrefix: desired.objectKeyPrefix, TopicArn: desired.topicArn } }],
  };
}

function sameRule(current: ReceiptRule, wanted: ReceiptRule): boolean {
  const actions = current.Actions ?? [];
  const s3 = actions[0]?.S3Action;
  const want = wanted.Actions![0]!.S3Action!;
  return (
    current.Enabled === true &&
    current.ScanEnabled === true &&
    (current.TlsPolicy ?? "Optional") === wanted.TlsPolicy &&
    JSON.stringify((current.Recipients ?? []).map((recipient) => recipient.toLowerCase())) === JSON.stringify(wanted.Recipients) &&
    actions.length === 1 &&
    s3 !== undefined &&
    s3.BucketName === want.BucketName &&
    (s3.ObjectKeyPrefix ?? "") === want.ObjectKeyPrefix &&
    s3.TopicArn === want.TopicArn &&
    !s3.KmsKeyArn &&
    !s3.IamRoleArn
  );
}

async function ensureRuleSet(ses: SESClient, name: string, changes: string[]): Promise<ReceiptRule[]> {
  try {
    return (await ses.send(new DescribeReceiptRuleSetCommand({ RuleSetName: name }))).Rules ?? [];
  } catch (error) {
    if (!(error instanceof RuleSetDoesNotExistException)) throw error;
  }
  await ses.send(new CreateReceiptRuleSetCommand({ RuleSetName: name }));
  changes.push(`receipt rule set ${name} created`);
  return [];
}

async function ensureBucket(s3: S3Client, desired: DesiredSesInbound, changes: string[]): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: desired.bucket }));
    return;
  } catch (error) {
    if (!(error instanceof S3ServiceException) || error.$metadata.httpStatusCode !== 404) throw error;
  }
  await s3.send(
    new CreateBucketCommand({
      Bucket: desired.bucket,
      // us-east-1 is S3's default location and must not be named.
      ...(desired.region !== "us-east-1" ? { CreateBucketConfiguration: { LocationConstraint: desired.region as never } } : {}),
    }),
  );
  changes.push(`S3 bucket ${desired.bucket} created`);
}
