import type { ReceiptAction, ReceiptRule } from "@aws-sdk/client-ses";
import { AwsError, type AwsLocalRoutes } from "../server.ts";
import { requireParam } from "../sns/query.ts";
import type { AwsLocalState, ReceiptRuleSetState } from "../state.ts";
import type { XmlValue } from "../xml.ts";

/**
 * Classic SES (v1, query protocol) receipt rule sets and rules: create, describe, update, delete,
 * and which set is active. What a rule does with a message is played by `receiveEmail`
 * (receiving.ts). Errors carry the query codes the SDK maps to its exceptions
 * (`AlreadyExists`, `RuleSetDoesNotExist`, `RuleDoesNotExist`, `CannotDelete`, `InvalidSnsTopic`).
 */

/** SES's rule and rule set names: letters, digits, `.`, `_`, `-`, starting and ending with a letter or digit. */
const RULE_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,62}[A-Za-z0-9])?$/;
/** SES's quotas: 200 rules per set, 100 recipients per rule, 40 rule sets per account. */
const MAX_RULES = 200;
const MAX_RECIPIENTS = 100;
const MAX_RULE_SETS = 40;

export function receiptRules(routes: AwsLocalRoutes): void {
  routes.sesClassic("CreateReceiptRuleSet", ({ params, state }) => {
    state.calls.push("ses:CreateReceiptRuleSet");
    const name = ruleName(requireParam(params, "RuleSetName"), "RuleSetName");
    if (state.ses.receiptRuleSets.has(name)) throw new AwsError("AlreadyExists", `Rule set ${name} already exists.`);
    if (state.ses.receiptRuleSets.size >= MAX_RULE_SETS) throw new AwsError("LimitExceeded", "Maximum number of rule sets reached.");
    state.ses.receiptRuleSets.set(name, { name, createdAt: new Date(), rules: [] });
    return {};
  });

  routes.sesClassic("DescribeReceiptRuleSet", ({ params, state }) => {
    state.calls.push("ses:DescribeReceiptRuleSet");
    return describeSet(existingSet(state, requireParam(params, "RuleSetName")));
  });

  routes.sesClassic("DescribeActiveReceiptRuleSet", ({ state }) => {
    state.calls.push("ses:DescribeActiveReceiptRuleSet");
    const active = state.ses.activeReceiptRuleSet ? state.ses.receiptRuleSets.get(state.ses.activeReceiptRuleSet) : undefined;
    return active ? describeSet(active) : {};
  });

  routes.sesClassic("ListReceiptRuleSets", ({ state }) => {
    state.calls.push("ses:ListReceiptRuleSets");
    return {
      RuleSets: [...state.ses.receiptRuleSets.values()].map((set) => ({ Name: set.name, CreatedTimestamp: set.createdAt.toISOString() })),
    };
  });

  routes.sesClassic("SetActiveReceiptRuleSet", ({ params, state }) => {
    state.calls.push("ses:SetActiveReceiptRuleSet");
    // No name deactivates whichever set is active.
    const name = params.get("RuleSetName");
    state.ses.activeReceiptRuleSet = name ? existingSet(state, name).name : null;
    return {};
  });

  routes.sesClassic("DeleteReceiptRuleSet", ({ params, state }) => {
    state.calls.push("ses:DeleteReceiptRuleSet");
    const name = requireParam(params, "RuleSetName");
    if (state.ses.activeReceiptRuleSet === name) throw new AwsError("CannotDelete", `Cannot delete active rule set: ${name}`);
    // Deleting a set that does not exist succeeds, as in SES.
    state.ses.receiptRuleSets.delete(name);
    return {};
  });

  routes.sesClassic("CreateReceiptRule", ({ params, state }) => {
    state.calls.push("ses:CreateReceiptRule");
    const set = existingSet(state, requireParam(params, "RuleSetName"));
    const rule = parseRule(params, state);
    if (set.rules.some((existing) => existing.Name === rule.Name)) throw new AwsError("AlreadyExists", `Rule ${rule.Name} already exists.`);
    if (set.rules.length >= MAX_RULES) throw new AwsError("LimitExceeded", "Maximum number of rules in the rule set reached.");
    const after = params.get("After");
    if (after) {
      const index = set.rules.findIndex((existing) => existing.Name === after);
      if (index < 0) throw ruleMissing(after);
      set.rules.splice(index + 1, 0, rule);
    } else {
      set.rules.unshift(rule);
    }
    return {};
  });

  routes.sesClassic("DescribeReceiptRule", ({ params, state }) => {
    state.calls.push("ses:DescribeReceiptRule");
    const set = existingSet(state, requireParam(params, "RuleSetName"));
    const name = requireParam(params, "RuleName");
    const rule = set.rules.find((existing) => existing.Name === name);
    if (!rule) throw ruleMissing(name);
    return { Rule: ruleXml(rule) };
  });

  routes.sesClassic("UpdateReceiptRule", ({ params, state }) => {
    state.calls.push("ses:UpdateReceiptRule");
    const set = existingSet(state, requireParam(params, "RuleSetName"));
    const rule = parseRule(params, state);
    const index = set.rules.findIndex((existing) => existing.Name === rule.Name);
    if (index < 0) throw ruleMissing(rule.Name!);
    set.rules[index] = rule;
    return {};
  });

  routes.sesClassic("DeleteReceiptRule", ({ params, state }) => {
    state.calls.push("ses:DeleteReceiptRule");
    const set = existingSet(state, requireParam(params, "RuleSetName"));
    const name = requireParam(params, "RuleName");
    set.rules = set.rules.filter((existing) => existing.Name !== name);
    return {};
  });
}

function existingSet(state: AwsLocalState, name: string): ReceiptRuleSetState {
  const set = state.ses.receiptRuleSets.get(name);
  if (!set) throw new AwsError("RuleSetDoesNotExist", `Rule set does not exist: ${name}`);
  return set;
}

function ruleMissing(name: string): AwsError {
  return new AwsError("RuleDoesNotExist", `Rule does not exist: ${name}`);
}

function ruleName(value: string, field: string): string {
  if (!RULE_NAME.test(value)) {
    throw new AwsError(
      "InvalidParameterValue",
      `${field} must be 1-64 letters, digits, periods, underscores or dashes, starting and ending with a letter or digit.`,
    );
  }
  return value;
}

/** `Rule.*` of CreateReceiptRule and UpdateReceiptRule, as the query protocol flattens it. */
function parseRule(params: URLSearchParams, state: AwsLocalState): ReceiptRule {
  const name = ruleName(requireParam(params, "Rule.Name"), "Rule.Name");
  const recipients = members(params, "Rule.Recipients").map((recipient) => recipient.toLowerCase());
  if (recipients.length > MAX_RECIPIENTS) throw new AwsError("LimitExceeded", `A rule has at most ${MAX_RECIPIENTS} recipients.`);
  const actions: ReceiptAction[] = [];
  for (let index = 1; ; index += 1) {
    const prefix = `Rule.Actions.member.${index}`;
    if (![...params.keys()].some((key) => key.startsWith(`${prefix}.`))) break;
    actions.push(parseAction(params, prefix, state));
  }
  const tlsPolicy = params.get("Rule.TlsPolicy") ?? "Optional";
  if (tlsPolicy !== "Optional" && tlsPolicy !== "Require") throw new AwsError("InvalidParameterValue", "TlsPolicy: Optional or Require.");
  return {
    Name: name,
    Enabled: params.get("Rule.Enabled") === "true",
    TlsPolicy: tlsPolicy,
    Recipients: recipients,
    Actions: actions,
    ScanEnabled: params.get("Rule.ScanEnabled") === "true",
  };
}

function parseAction(params: URLSearchParams, prefix: string, state: AwsLocalState): ReceiptAction {
  const field = (name: string) => params.get(`${prefix}.${name}`) ?? undefined;
  const topic = (name: string) => {
    const arn = field(name);
    if (arn !== undefined && !state.sns.topics.has(arn)) throw new AwsError("InvalidSnsTopic", `Could not publish to SNS topic <${arn}>.`);
    return arn;
  };
  if (field("S3Action.BucketName") !== undefined) {
    const bucket = field("S3Action.BucketName")!;
    // SES checks at once that it may write to the bucket; here: that it exists.
    if (!state.s3.buckets.has(bucket)) throw new AwsError("InvalidS3Configuration", `Could not write to bucket: ${bucket}`);
    return {
      S3Action: definedOnly({
        BucketName: bucket,
        ObjectKeyPrefix: field("S3Action.ObjectKeyPrefix"),
        TopicArn: topic("S3Action.TopicArn"),
        KmsKeyArn: field("S3Action.KmsKeyArn"),
        IamRoleArn: field("S3Action.IamRoleArn"),
      }) as { BucketName: string },
    };
  }
  if (field("SNSAction.TopicArn") !== undefined) {
    const encoding = field("SNSAction.Encoding") ?? "UTF-8";
    if (encoding !== "UTF-8" && encoding !== "Base64") throw new AwsError("InvalidParameterValue", "SNSAction.Encoding: UTF-8 or Base64.");
    return { SNSAction: { TopicArn: topic("SNSAction.TopicArn")!, Encoding: encoding } };
  }
  if (field("StopAction.Scope") !== undefined) {
    if (field("StopAction.Scope") !== "RuleSet") throw new AwsError("InvalidParameterValue", "StopAction.Scope: RuleSet.");
    return { StopAction: definedOnly({ Scope: "RuleSet", TopicArn: topic("StopAction.TopicArn") }) as { Scope: "RuleSet" } };
  }
  if (field("AddHeaderAction.HeaderName") !== undefined) {
    return {
      AddHeaderAction: { HeaderName: field("AddHeaderAction.HeaderName")!, HeaderValue: field("AddHeaderAction.HeaderValue") ?? "" },
    };
  }
  throw new AwsError("InvalidParameterValue", `${prefix}: aws-local plays S3, SNS, Stop and AddHeader actions only.`);
}

/** `Name.member.1`, `Name.member.2`, … in order. */
function members(params: URLSearchParams, name: string): string[] {
  const values: string[] = [];
  for (let index = 1; ; index += 1) {
    const value = params.get(`${name}.member.${index}`);
    if (value === null) return values;
    values.push(value);
  }
}

function definedOnly(object: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(object).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function describeSet(set: ReceiptRuleSetState): XmlValue {
  return { Metadata: { Name: set.name, CreatedTimestamp: set.createdAt.toISOString() }, Rules: set.rules.map(ruleXml) };
}

function ruleXml(rule: ReceiptRule): XmlValue {
  return {
    Name: rule.Name!,
    Enabled: rule.Enabled ?? false,
    TlsPolicy: rule.TlsPolicy ?? "Optional",
    Recipients: rule.Recipients ?? [],
    Actions: (rule.Actions ?? []).map((action) => JSON.parse(JSON.stringify(action)) as XmlValue),
    ScanEnabled: rule.ScanEnabled ?? false,
  };
}
