import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CreateBucketCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import {
  AlreadyExistsException,
  CannotDeleteException,
  CreateReceiptRuleCommand,
  CreateReceiptRuleSetCommand,
  DeleteReceiptRuleCommand,
  DeleteReceiptRuleSetCommand,
  DescribeActiveReceiptRuleSetCommand,
  DescribeReceiptRuleSetCommand,
  InvalidS3ConfigurationException,
  InvalidSnsTopicException,
  RuleSetDoesNotExistException,
  SESClient,
  SetActiveReceiptRuleSetCommand,
  UpdateReceiptRuleCommand,
} from "@aws-sdk/client-ses";
import { CreateTopicCommand, SNSClient, SubscribeCommand } from "@aws-sdk/client-sns";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CertificateCache, certUrlPolicy, SnsVerifier } from "@svc/sns";
import { type AwsLocal, startAwsLocal } from "../src/index.ts";

const credentials = { accessKeyId: "AKIDLOCAL", secretAccessKey: "local-secret" };
let aws: AwsLocal;
let ses: SESClient;
let sns: SNSClient;
let s3: S3Client;
let topicArn: string;

let subscriber: Server;
let subscriberUrl: string;
const posted: string[] = [];

beforeAll(async () => {
  aws = await startAwsLocal();
  const common = { endpoint: aws.url, region: "us-east-1", credentials };
  ses = new SESClient(common);
  sns = new SNSClient(common);
  s3 = new S3Client({ ...common, forcePathStyle: true });
  subscriber = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      posted.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => subscriber.listen(0, "127.0.0.1", resolve));
  subscriberUrl = `http://127.0.0.1:${(subscriber.address() as AddressInfo).port}/sns/ses`;
  topicArn = (await sns.send(new CreateTopicCommand({ Name: "inbound" }))).TopicArn!;
});

afterAll(async () => {
  ses.destroy();
  sns.destroy();
  s3.destroy();
  await aws.close();
  await new Promise<void>((resolve) => subscriber.close(() => resolve()));
});

describe("receipt rule sets over the classic SES API", () => {
  it("are created, described with their rules in order, updated, activated and deleted", async () => {
    await expect(
      ses.send(
        new CreateReceiptRuleCommand({
          RuleSetName: "svc-inbound",
          Rule: { Name: "r", Enabled: true, Actions: [{ S3Action: { BucketName: "mail" } }] },
        }),
      ),
    ).rejects.toBeInstanceOf(RuleSetDoesNotExistException);
    await ses.send(new CreateReceiptRuleSetCommand({ RuleSetName: "svc-inbound" }));
    await expect(ses.send(new CreateReceiptRuleSetCommand({ RuleSetName: "svc-inbound" }))).rejects.toBeInstanceOf(AlreadyExistsException);
    await expect(
      ses.send(
        new CreateReceiptRuleCommand({
          RuleSetName: "svc-inbound",
          Rule: { Name: "r", Enabled: true, Actions: [{ S3Action: { BucketName: "mail" } }] },
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidS3ConfigurationException);
    await s3.send(new CreateBucketCommand({ Bucket: "mail" }));
    await ses.send(
      new CreateReceiptRuleCommand({
        RuleSetName: "svc-inbound",
        Rule: {
          Name: "reply-acme-com",
          Enabled: true,
          ScanEnabled: true,
          Recipients: ["Reply.Acme.com"],
          Actions: [{ S3Action: { BucketName: "mail", ObjectKeyPrefix: "inbound/", TopicArn: topicArn } }],
        },
      }),
    );
    await ses.send(
      new CreateReceiptRuleCommand({
        RuleSetName: "svc-inbound",
        After: "reply-acme-com",
        Rule: { Name: "second", Enabled: false, Recipients: [".example.org"], Actions: [{ StopAction: { Scope: "RuleSet" } }] },
      }),
    );
    const described = await ses.send(new DescribeReceiptRuleSetCommand({ RuleSetName: "svc-inbound" }));
    expect(described.Metadata?.Name).toBe("svc-inbound");
    expect(described.Metadata?.CreatedTimestamp).toBeInstanceOf(Date);
    expect(described.Rules).toEqual([
      {
        Name: "reply-acme-com",
        Enabled: true,
        TlsPolicy: "Optional",
        ScanEnabled: true,
        Recipients: ["reply.acme.com"],
        Actions: [{ S3Action: { BucketName: "mail", ObjectKeyPrefix: "inbound/", TopicArn: topicArn } }],
      },
      {
        Name: "second",
        Enabled: false,
        TlsPolicy: "Optional",
        ScanEnabled: false,
        Recipients: [".example.org"],
        Actions: [{ StopAction: { Scope: "RuleSet" } }],
      },
    ]);

    await ses.send(
      new UpdateReceiptRuleCommand({
        RuleSetName: "svc-inbound",
        Rule: { Name: "second", Enabled: true, Recipients: ["example.org"], Actions: [{ StopAction: { Scope: "RuleSet" } }] },
      }),
    );
    const updated = await ses.send(new DescribeReceiptRuleSetCommand({ RuleSetName: "svc-inbound" }));
    expect(updated.Rules?.[1]).toMatchObject({ Name: "second", Enabled: true, Recipients: ["example.org"] });

    expect((await ses.send(new DescribeActiveReceiptRuleSetCommand({}))).Metadata).toBeUndefined();
    await ses.send(new SetActiveReceiptRuleSetCommand({ RuleSetName: "svc-inbound" }));
    expect((await ses.send(new DescribeActiveReceiptRuleSetCommand({}))).Metadata?.Name).toBe("svc-inbound");
    await expect(ses.send(new DeleteReceiptRuleSetCommand({ RuleSetName: "svc-inbound" }))).rejects.toBeInstanceOf(CannotDeleteException);

    await ses.send(new DeleteReceiptRuleCommand({ RuleSetName: "svc-inbound", RuleName: "second" }));
    expect((await ses.send(new DescribeReceiptRuleSetCommand({ RuleSetName: "svc-inbound" }))).Rules?.map((rule) => rule.Name)).toEqual([
      "reply-acme-com",
    ]);
  });

  it("refuse a missing rule set and a topic that does not exist", async () => {
    await expect(ses.send(new DescribeReceiptRuleSetCommand({ RuleSetName: "nope" }))).rejects.toBeInstanceOf(RuleSetDoesNotExistException);
    await ses.send(new CreateReceiptRuleSetCommand({ RuleSetName: "checks" }));
    await expect(
      ses.send(
        new CreateReceiptRuleCommand({
          RuleSetName: "checks",
          Rule: { Name: "r", Enabled: true, Actions: [{ SNSAction: { TopicArn: "arn:aws:sns:us-east-1:123456789012:missing" } }] },
        }),
      ),
    ).rejects.toBeInstanceOf(InvalidSnsTopicException);
    await ses.send(new DeleteReceiptRuleSetCommand({ RuleSetName: "checks" }));
    await expect(ses.send(new DescribeReceiptRuleSetCommand({ RuleSetName: "checks" }))).rejects.toBeInstanceOf(
      RuleSetDoesNotExistException,
    );
  });
});

describe("a received message", () => {
  it("is stored in the rule's bucket under its prefix and announced to the topic, signed", async () => {
    await sns.send(new SubscribeCommand({ TopicArn: topicArn, Protocol: "http", Endpoint: subscriberUrl }));
    await aws.settled();
    const confirmation = JSON.parse(posted.shift()!) as { SubscribeURL: string };
    expect((await aws.visit(confirmation.SubscribeURL)).status).toBe(200);

    const raw = "From: Ann <ann@sender.test>\r\nTo: help@reply.acme.com\r\nSubject: Hi\r\nMessage-ID: <m1@sender.test>\r\n\r\nHello\r\n";
    const received = aws.receiveEmail({
      raw,
      recipients: ["help@reply.acme.com", "other@elsewhere.test"],
      verdicts: { spf: "FAIL", spam: "GRAY" },
    });
    await aws.settled();
    expect(received.actions).toEqual([
      expect.objectContaining({ ruleName: "reply-acme-com", type: "S3", bucketName: "mail", objectKey: `inbound/${received.messageId}` }),
    ]);
    const object = await s3.send(new GetObjectCommand({ Bucket: "mail", Key: `inbound/${received.messageId}` }));
    expect(await object.Body!.transformToString()).toBe(raw);

    expect(posted).toHaveLength(1);
    const verifier = new SnsVerifier({
      certUrls: certUrlPolicy(aws.signingCertUrlPattern),
      topicArns: [topicArn],
      certificates: new CertificateCache(),
    });
    const verified = await verifier.verify(JSON.parse(posted[0]!));
    expect(verified.ok).toBe(true);
    const envelope = JSON.parse(posted[0]!) as { Message: string; Subject: string };
    expect(envelope.Subject).toBe("Amazon SES Email Receipt Notification");
    const notification = JSON.parse(envelope.Message);
    expect(notification).toMatchObject({
      notificationType: "Received",
      mail: {
        source: "ann@sender.test",
        messageId: received.messageId,
        destination: ["help@reply.acme.com", "other@elsewhere.test"],
        commonHeaders: { subject: "Hi", messageId: "<m1@sender.test>" },
      },
      receipt: {
        recipients: ["help@reply.acme.com"],
        spfVerdict: { status: "FAIL" },
        dkimVerdict: { status: "PASS" },
        spamVerdict: { status: "GRAY" },
        virusVerdict: { status: "PASS" },
        action: { type: "S3", topicArn, bucketName: "mail", objectKey: `inbound/${received.messageId}` },
      },
    });
    expect(notification.mail.headers).toContainEqual({ name: "Subject", value: "Hi" });
  });
});
