import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AlreadyExistsException,
  CreateConfigurationSetCommand,
  CreateConfigurationSetEventDestinationCommand,
  DeleteConfigurationSetCommand,
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetConfigurationSetEventDestinationsCommand,
  ListConfigurationSetsCommand,
  NotFoundException,
  PutConfigurationSetSuppressionOptionsCommand,
  PutConfigurationSetTrackingOptionsCommand,
  SESv2Client,
  UpdateConfigurationSetEventDestinationCommand,
} from "@aws-sdk/client-sesv2";
import {
  CreateTopicCommand,
  GetSubscriptionAttributesCommand,
  GetTopicAttributesCommand,
  InvalidParameterException,
  ListSubscriptionsByTopicCommand,
  ListTopicsCommand,
  PublishCommand,
  SetTopicAttributesCommand,
  SNSClient,
  NotFoundException as SnsNotFoundException,
  SubscribeCommand,
} from "@aws-sdk/client-sns";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CertificateCache, certUrlPolicy, SnsVerifier, snsMessageSchema } from "@svc/sns";
import { type AwsLocal, startAwsLocal } from "../src/index.ts";

const credentials = { accessKeyId: "AKIDLOCAL", secretAccessKey: "local-secret" };
let aws: AwsLocal;
let ses: SESv2Client;
let sns: SNSClient;

/** An HTTP subscriber that records what SNS posts to it. */
let subscriber: Server;
let subscriberUrl: string;
const received: Array<{ headers: Record<string, unknown>; body: string }> = [];

beforeAll(async () => {
  aws = await startAwsLocal({ account: { ProductionAccessEnabled: false } });
  ses = new SESv2Client({ endpoint: aws.url, region: "us-east-1", credentials });
  sns = new SNSClient({ endpoint: aws.url, region: "us-east-1", credentials });
  subscriber = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => subscriber.listen(0, "127.0.0.1", resolve));
  subscriberUrl = `http://127.0.0.1:${(subscriber.address() as AddressInfo).port}/sns/ses`;
});

afterAll(async () => {
  ses.destroy();
  sns.destroy();
  await aws.close();
  await new Promise((resolve) => subscriber.close(resolve));
});

describe("SES v2 over REST-JSON", () => {
  it("creates, reads, lists and deletes configuration sets with the SDK's shapes", async () => {
    await ses.send(
      new CreateConfigurationSetCommand({
        ConfigurationSetName: "svc-events",
        ReputationOptions: { ReputationMetricsEnabled: true },
        SuppressionOptions: { SuppressedReasons: ["BOUNCE", "COMPLAINT"] },
        Tags: [{ Key: "managed-by", Value: "svc" }],
      }),
    );
    const set = await ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: "svc-events" }));
    expect(set).toMatchObject({
      ConfigurationSetName: "svc-events",
      ReputationOptions: { ReputationMetricsEnabled: true },
      SendingOptions: { SendingEnabled: true },
      SuppressionOptions: { SuppressedReasons: ["BOUNCE", "COMPLAINT"] },
      Tags: [{ Key: "managed-by", Value: "svc" }],
    });
    expect(set.TrackingOptions).toBeUndefined();

    await ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: "svc-open" }));
    expect((await ses.send(new ListConfigurationSetsCommand({}))).ConfigurationSets).toEqual(["svc-events", "svc-open"]);
    await ses.send(new DeleteConfigurationSetCommand({ ConfigurationSetName: "svc-open" }));
    expect((await ses.send(new ListConfigurationSetsCommand({}))).ConfigurationSets).toEqual(["svc-events"]);
  });

  it("answers AWS's error shapes, which the SDK turns into its exception classes", async () => {
    const duplicate = ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: "svc-events" }));
    await expect(duplicate).rejects.toBeInstanceOf(AlreadyExistsException);
    const missing = await ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: "nope" })).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundException);
    expect(missing).toMatchObject({
      name: "NotFoundException",
      message: "Configuration set <nope> does not exist.",
      $metadata: { httpStatusCode: 404 },
    });
    await expect(ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: "bad name!" }))).rejects.toMatchObject({
      name: "BadRequestException",
    });
  });

  it("keeps option PUTs and event destinations", async () => {
    await ses.send(new PutConfigurationSetSuppressionOptionsCommand({ ConfigurationSetName: "svc-events", SuppressedReasons: ["BOUNCE"] }));
    await ses.send(
      new PutConfigurationSetTrackingOptionsCommand({
        ConfigurationSetName: "svc-events",
        CustomRedirectDomain: "track.acme.test",
        HttpsPolicy: "REQUIRE",
      }),
    );
    const destination = {
      Enabled: true,
      MatchingEventTypes: ["SEND", "DELIVERY"] as const,
      SnsDestination: { TopicArn: "arn:aws:sns:us-east-1:123456789012:svc-ses-events" },
    };
    await ses.send(
      new CreateConfigurationSetEventDestinationCommand({
        ConfigurationSetName: "svc-events",
        EventDestinationName: "svc-sns",
        EventDestination: { ...destination, MatchingEventTypes: [...destination.MatchingEventTypes] },
      }),
    );
    await ses.send(
      new UpdateConfigurationSetEventDestinationCommand({
        ConfigurationSetName: "svc-events",
        EventDestinationName: "svc-sns",
        EventDestination: { ...destination, MatchingEventTypes: ["SEND", "BOUNCE", "COMPLAINT"] },
      }),
    );
    const set = await ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: "svc-events" }));
    expect(set.SuppressionOptions).toEqual({ SuppressedReasons: ["BOUNCE"] });
    expect(set.TrackingOptions).toEqual({ CustomRedirectDomain: "track.acme.test", HttpsPolicy: "REQUIRE" });
    const destinations = await ses.send(new GetConfigurationSetEventDestinationsCommand({ ConfigurationSetName: "svc-events" }));
    expect(destinations.EventDestinations).toEqual([
      { Name: "svc-sns", Enabled: true, MatchingEventTypes: ["SEND", "BOUNCE", "COMPLAINT"], SnsDestination: destination.SnsDestination },
    ]);
    await expect(
      ses.send(
        new CreateConfigurationSetEventDestinationCommand({
          ConfigurationSetName: "svc-events",
          EventDestinationName: "svc-sns",
          EventDestination: destination as never,
        }),
      ),
    ).rejects.toBeInstanceOf(AlreadyExistsException);
  });

  it("answers GetAccount from its state", async () => {
    const account = await ses.send(new GetAccountCommand({}));
    expect(account).toMatchObject({
      ProductionAccessEnabled: false,
      SendingEnabled: true,
      EnforcementStatus: "HEALTHY",
      SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 0 },
    });
    aws.state.ses.account.SendQuota = { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 3 };
    expect((await ses.send(new GetAccountCommand({}))).SendQuota).toEqual({ Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 3 });
  });
});

describe("SNS over the query protocol", () => {
  let topicArn: string;

  it("creates topics idempotently and keeps their attributes", async () => {
    const created = await sns.send(new CreateTopicCommand({ Name: "svc-ses-events", Attributes: { SignatureVersion: "2" } }));
    topicArn = created.TopicArn!;
    expect(topicArn).toBe("arn:aws:sns:us-east-1:123456789012:svc-ses-events");
    expect((await sns.send(new CreateTopicCommand({ Name: "svc-ses-events", Attributes: { SignatureVersion: "2" } }))).TopicArn).toBe(
      topicArn,
    );
    await expect(
      sns.send(new CreateTopicCommand({ Name: "svc-ses-events", Attributes: { SignatureVersion: "1" } })),
    ).rejects.toBeInstanceOf(InvalidParameterException);
    await sns.send(new SetTopicAttributesCommand({ TopicArn: topicArn, AttributeName: "DisplayName", AttributeValue: "svc" }));
    const attributes = (await sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }))).Attributes;
    expect(attributes).toMatchObject({
      TopicArn: topicArn,
      SignatureVersion: "2",
      DisplayName: "svc",
      Owner: "123456789012",
      SubscriptionsConfirmed: "0",
    });
    expect((await sns.send(new ListTopicsCommand({}))).Topics).toEqual([{ TopicArn: topicArn }]);
    await expect(sns.send(new GetTopicAttributesCommand({ TopicArn: `${topicArn}-missing` }))).rejects.toBeInstanceOf(SnsNotFoundException);
  });

  it("posts a signed SubscriptionConfirmation, confirms when SubscribeURL is visited, then delivers signed notifications", async () => {
    const subscribed = await sns.send(
      new SubscribeCommand({ TopicArn: topicArn, Protocol: "http", Endpoint: subscriberUrl, ReturnSubscriptionArn: true }),
    );
    const subscriptionArn = subscribed.SubscriptionArn!;
    expect(subscriptionArn).toMatch(new RegExp(`^${topicArn}:[0-9a-f-]{36}$`));
    await aws.settled();

    const verifier = new SnsVerifier({
      certUrls: certUrlPolicy(aws.signingCertUrlPattern),
      topicArns: [topicArn],
      certificates: new CertificateCache(),
    });
    const confirmation = snsMessageSchema.parse(JSON.parse(received[0]!.body));
    expect(received[0]!.headers).toMatchObject({
      "content-type": "text/plain; charset=UTF-8",
      "x-amz-sns-message-type": "SubscriptionConfirmation",
    });
    expect(confirmation).toMatchObject({
      Type: "SubscriptionConfirmation",
      TopicArn: topicArn,
      SignatureVersion: "2",
      SigningCertURL: aws.signingCertUrl,
    });
    expect((await verifier.verify(confirmation)).ok).toBe(true);
    if (confirmation.Type !== "SubscriptionConfirmation") throw new Error("unreachable");
    expect(confirmation.SubscribeURL.startsWith("https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&")).toBe(true);

    const listedPending = await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn }));
    expect(listedPending.Subscriptions).toEqual([
      { SubscriptionArn: "PendingConfirmation", Owner: "123456789012", Protocol: "http", Endpoint: subscriberUrl, TopicArn: topicArn },
    ]);
    expect((await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn: subscriptionArn }))).Attributes).toMatchObject({
      PendingConfirmation: "true",
    });

    const visit = await aws.visit(confirmation.SubscribeURL);
    expect(visit.status).toBe(200);
    expect(await visit.text()).toContain(`<SubscriptionArn>${subscriptionArn}</SubscriptionArn>`);
    expect((await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn: subscriptionArn }))).Attributes).toMatchObject({
      PendingConfirmation: "false",
      Endpoint: subscriberUrl,
      Protocol: "http",
      TopicArn: topicArn,
    });
    // Subscribing a confirmed endpoint again changes nothing and posts nothing.
    expect((await sns.send(new SubscribeCommand({ TopicArn: topicArn, Protocol: "http", Endpoint: subscriberUrl }))).SubscriptionArn).toBe(
      subscriptionArn,
    );

    const published = await sns.send(new PublishCommand({ TopicArn: topicArn, Message: '{"eventType":"Send"}' }));
    await aws.settled();
    expect(received).toHaveLength(2);
    const notification = snsMessageSchema.parse(JSON.parse(received[1]!.body));
    expect(notification).toMatchObject({
      Type: "Notification",
      MessageId: published.MessageId,
      TopicArn: topicArn,
      Message: '{"eventType":"Send"}',
    });
    expect((await verifier.verify(notification)).ok).toBe(true);
    expect(aws.state.sns.deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
      ["SubscriptionConfirmation", 200],
      ["Notification", 200],
    ]);
  });

  it("answers XML errors for bad input and unknown actions", async () => {
    await expect(sns.send(new SubscribeCommand({ TopicArn: topicArn, Protocol: "carrier-pigeon", Endpoint: "x" }))).rejects.toBeInstanceOf(
      InvalidParameterException,
    );
    const unknown = await fetch(aws.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "Action=Nope",
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("<Code>InvalidAction</Code>");
  });

  it("records every operation served", () => {
    expect(aws.state.calls).toContain("sns:CreateTopic");
    expect(aws.state.calls).toContain("ses:GetAccount");
  });
});
