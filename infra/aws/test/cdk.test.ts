import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { configurationSetName, eventTypesFor } from "@svc/core";
import { Match, Template } from "aws-cdk-lib/assertions";
import { sdkActionsOf, shippedProcesses } from "../../../test/support/sdkCalls.ts";
import { PROCESS_ACTIONS, type ProcessName, svcAwsApp } from "../src/index.ts";

/**
 * infra/aws synthesized by the CDK's own CLI (`cdk synth`, offline) and its templates asserted
 * with the CDK's assertions library: the IAM policy of each process against the AWS calls its
 * code makes, and what each SES region needs against what `svc ses setup` expects to find.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const CDK = path.join(here, "../node_modules/.bin/cdk");
const INGEST_URL = "https://mail.example.com/sns/ses";
let out: string;
const template = (stack: string) => Template.fromJSON(JSON.parse(readFileSync(path.join(out, `${stack}.template.json`), "utf8")));

beforeAll(() => {
  out = mkdtempSync(path.join(os.tmpdir(), "svc-cdk-"));
  const context = {
    regions: "us-east-1,eu-west-1",
    ingestUrl: INGEST_URL,
    fileBucket: "acme-mail-files",
    receivingRegion: "eu-west-1",
    inboundBucket: "acme-mail-in",
  };
  execFileSync(
    CDK,
    ["synth", "--no-notices", "--quiet", "-o", out, ...Object.entries(context).flatMap(([key, value]) => ["-c", `${key}=${value}`])],
    {
      cwd: path.join(here, ".."),
      env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
}, 240_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every action a policy grants, over its statements. */
function grantedActions(policy: { Properties: { PolicyDocument: { Statement: Array<{ Action: string | string[] }> } } }): string[] {
  return policy.Properties.PolicyDocument.Statement.flatMap((statement) => [statement.Action].flat()).sort();
}

describe("infra/aws: IAM", () => {
  it("gives each process a policy with exactly the AWS actions its code calls, and none to a process that calls none", async () => {
    const policies = template("svc-access").findResources("AWS::IAM::ManagedPolicy");
    const byName = new Map(Object.values(policies).map((policy) => [policy.Properties.ManagedPolicyName as string, policy]));
    const checked: string[] = [];
    const processes = shippedProcesses();
    const actions = await sdkActionsOf(processes.map((process) => process.source));
    for (const { name, source } of processes) {
      const calls = actions.get(source)!;
      if (calls.length === 0) {
        expect({ name, policy: byName.has(`svc-${name}`) }).toEqual({ name, policy: false });
        continue;
      }
      expect({ name, table: [...(PROCESS_ACTIONS[name as ProcessName] ?? [])].sort() }).toEqual({ name, table: calls });
      expect({ name, granted: grantedActions(byName.get(`svc-${name}`) as never) }).toEqual({ name, granted: calls });
      checked.push(name);
    }
    expect(checked.sort()).toEqual(Object.keys(PROCESS_ACTIONS).sort());
  }, 240_000);

  it("scopes S3 to the buckets (the SES inbound bucket to the processes that read it) and SNS to the service's topics", () => {
    const access = template("svc-access");
    access.hasResourceProperties("AWS::IAM::ManagedPolicy", {
      ManagedPolicyName: "svc-api",
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Sid: "Objects",
            Resource: { "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":s3:::acme-mail-files/*"]] },
          }),
        ]),
      },
    });
    access.hasResourceProperties("AWS::IAM::ManagedPolicy", {
      ManagedPolicyName: "svc-ingest",
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Sid: "Objects",
            Resource: [
              { "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":s3:::acme-mail-files/*"]] },
              { "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":s3:::acme-mail-in/*"]] },
            ],
          }),
        ]),
      },
    });
    access.hasResourceProperties("AWS::IAM::ManagedPolicy", {
      ManagedPolicyName: "svc-dashboard",
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Sid: "SnsTopics",
            Resource: { "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":sns:*:", { Ref: "AWS::AccountId" }, ":svc-*"]] },
          }),
        ]),
      },
    });
  });

  it("with IRSA, makes a role per process that only its own service account can assume", () => {
    const { access } = svcAwsApp({
      prefix: "svc",
      regions: ["us-east-1"],
      ingestUrl: INGEST_URL,
      fileBucketName: "acme-mail-files",
      eks: {
        oidcProviderArn: "arn:aws:iam::123456789012:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/ABC",
        oidcIssuer: "https://oidc.eks.us-east-1.amazonaws.com/id/ABC",
        namespace: "mail",
        serviceAccountPrefix: "svc",
      },
    });
    const roles = Template.fromStack(access);
    roles.resourceCountIs("AWS::IAM::Role", Object.keys(PROCESS_ACTIONS).length);
    roles.hasResourceProperties("AWS::IAM::Role", {
      RoleName: "svc-sender",
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: "sts:AssumeRoleWithWebIdentity",
            Condition: {
              StringEquals: {
                "oidc.eks.us-east-1.amazonaws.com/id/ABC:sub": "system:serviceaccount:mail:svc-sender",
                "oidc.eks.us-east-1.amazonaws.com/id/ABC:aud": "sts.amazonaws.com",
              },
            },
          }),
        ],
      },
    });
  });
});

describe("infra/aws: SES regions", () => {
  const combinations = [
    { openTracking: false, clickTracking: false, trackingDomain: null },
    { openTracking: true, clickTracking: false, trackingDomain: null },
    { openTracking: false, clickTracking: true, trackingDomain: null },
    { openTracking: true, clickTracking: true, trackingDomain: null },
  ];
  /** SES's RENDERING_FAILURE is CloudFormation's renderingFailure. */
  const cloudFormationEvent = (type: string) => type.toLowerCase().replace(/_([a-z])/g, (_all, letter: string) => letter.toUpperCase());

  it.each(["us-east-1", "eu-west-1"])(
    "%s: the events topic with the ingester's HTTPS subscription, and the sets `svc ses setup` expects, publishing to it",
    (region) => {
      const stack = template(`svc-ses-${region}`);
      stack.hasResourceProperties("AWS::SNS::Topic", { TopicName: "svc-ses-events", SignatureVersion: "2" });
      stack.hasResourceProperties("AWS::SNS::Subscription", {
        Protocol: "https",
        Endpoint: INGEST_URL,
        TopicArn: { Ref: Match.anyValue() },
      });
      stack.resourceCountIs("AWS::SES::ConfigurationSet", combinations.length);
      for (const combination of combinations) {
        const name = configurationSetName("svc", combination);
        stack.hasResourceProperties("AWS::SES::ConfigurationSet", {
          Name: name,
          ReputationOptions: { ReputationMetricsEnabled: true },
          SuppressionOptions: { SuppressedReasons: ["BOUNCE", "COMPLAINT"] },
        });
        stack.hasResourceProperties("AWS::SES::ConfigurationSetEventDestination", {
          ConfigurationSetName: name,
          EventDestination: {
            Name: "svc-sns",
            Enabled: true,
            MatchingEventTypes: Match.arrayEquals(eventTypesFor(combination).map(cloudFormationEvent)),
            SnsDestination: { TopicARN: { Ref: Match.anyValue() } },
          },
        });
      }
    },
  );

  it("receives in its receiving region only: a private, encrypted bucket whose messages expire, that SES of this account alone may write", () => {
    template("svc-ses-us-east-1").resourceCountIs("AWS::S3::Bucket", 0);
    const receiving = template("svc-ses-eu-west-1");
    receiving.hasResourceProperties("AWS::S3::Bucket", {
      BucketName: "acme-mail-in",
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }] },
      LifecycleConfiguration: { Rules: [Match.objectLike({ Prefix: "inbound/", ExpirationInDays: 7, Status: "Enabled" })] },
    });
    receiving.hasResourceProperties("AWS::S3::BucketPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: "s3:PutObject",
            Principal: { Service: "ses.amazonaws.com" },
            Condition: { StringEquals: { "aws:SourceAccount": { Ref: "AWS::AccountId" } } },
          }),
        ]),
      },
    });
    receiving.hasResourceProperties("AWS::SES::ReceiptRuleSet", { RuleSetName: "svc-inbound" });
  });

  it("refuses an ingester URL SNS would not post to, and a receiving region it does not set up", () => {
    expect(() => svcAwsApp({ prefix: "svc", regions: ["us-east-1"], ingestUrl: "http://mail.example.com/sns/ses" })).toThrow(
      /must be https/,
    );
    expect(() =>
      svcAwsApp({
        prefix: "svc",
        regions: ["us-east-1"],
        ingestUrl: INGEST_URL,
        receiving: { region: "eu-west-1", bucketName: "acme-mail-in", objectKeyPrefix: "inbound/", keepDays: 7 },
      }),
    ).toThrow(/receiving.region eu-west-1 is not one of the regions/);
  });
});
