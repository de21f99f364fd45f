import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  CreateConfigurationSetCommand,
  CreateConfigurationSetEventDestinationCommand,
  type EventType,
  SESv2Client,
  SendEmailCommand,
} from "@aws-sdk/client-sesv2";
import { CreateTopicCommand, PublishCommand, SetTopicAttributesCommand, SNSClient, SubscribeCommand } from "@aws-sdk/client-sns";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CertificateCache, certUrlPolicy, type SnsMessage, SnsVerifier, snsMessageSchema } from "@svc/sns";
import { type AwsLocal, startAwsLocal } from "../src/index.ts";

/**
 * SES's sending events: SendEmail through a configuration set with an SNS event destination
 * makes aws-local publish SES's event notifications for the matching types, signed as SNS signs,
 * to the topic's confirmed HTTP subscribers, after SendEmail has answered.
 */

const credentials = { accessKeyId: "AKIDLOCAL", secretAccessKey: "local-secret" };
let aws: AwsLocal;
let ses: SESv2Client;
let sns: SNSClient;
let subscriber: Server;
let subscriberUrl: string;
let topicArn: string;
let verifier: SnsVerifier;
const received: string[] = [];

/** A configuration set of its own with one SNS destination for `types`. */
async function configurationSet(types: EventType[], enabled = true): Promise<string> {
  const name = `set-${randomUUID().slice(0, 8)}`;
  await ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: name }));
  await ses.send(
    new CreateConfigurationSetEventDestinationCommand({
      ConfigurationSetName: name,
      EventDestinationName: "to-sns",
      EventDestination: { Enabled: enabled, MatchingEventTypes: types, SnsDestination: { TopicArn: topicArn } },
    }),
  );
  return name;
}

async function send(to: string[], configurationSetName: string): Promise<string> {
  const answer = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: "Shop <orders@shop.example.com>",
      Destination: { ToAddresses: to },
      ReplyToAddresses: ["help@shop.example.com"],
      ConfigurationSetName: configurationSetName,
      Content: {
        Simple: {
          Subject: { Data: "Your order" },
          Body: { Html: { Data: '<a href="https://shop.example.com/o/1">order</a>' }, Text: { Data: "order" } },
          Headers: [{ Name: "X-Order", Value: "1" }],
        },
      },
      EmailTags: [{ Name: "svc_email_id", Value: "email_test1" }],
    }),
  );
  return answer.MessageId!;
}

/** Every notification posted so far for `messageId`, verified, with its SES event. */
async function eventsOf(messageId: string): Promise<Array<{ message: SnsMessage; event: Record<string, any> }>> {
  const found: Array<{ message: SnsMessage; event: Record<string, any> }> = [];
  for (const body of received) {
    const message = snsMessageSchema.parse(JSON.parse(body));
    if (message.Type !== "Notification") continue;
    const event = JSON.parse(message.Message) as Record<string, any>;
    if (event.mail?.messageId !== messageId) continue;
    const verification = await verifier.verify(message);
    expect(verification).toEqual({ ok: true, message });
    found.push({ message, event });
  }
  return found;
}

beforeAll(async () => {
  aws = await startAwsLocal();
  ses = new SESv2Client({ endpoint: aws.url, region: "us-east-1", credentials });
  sns = new SNSClient({ endpoint: aws.url, region: "us-east-1", credentials });
  subscriber = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => subscriber.listen(0, "127.0.0.1", resolve));
  subscriberUrl = `http://127.0.0.1:${(subscriber.address() as AddressInfo).port}/sns/ses`;

  topicArn = (await sns.send(new CreateTopicCommand({ Name: "ses-events" }))).TopicArn!;
  await sns.send(new SetTopicAttributesCommand({ TopicArn: topicArn, AttributeName: "SignatureVersion", AttributeValue: "2" }));
  await sns.send(new SubscribeCommand({ TopicArn: topicArn, Protocol: "http", Endpoint: subscriberUrl }));
  await aws.settled();
  const confirmation = snsMessageSchema.parse(JSON.parse(received[0]!));
  if (confirmation.Type !== "SubscriptionConfirmation") throw new Error("expected the subscription's confirmation first");
  expect((await aws.visit(confirmation.SubscribeURL)).status).toBe(200);
  verifier = new SnsVerifier({
    certUrls: certUrlPolicy(aws.signingCertUrlPattern),
    topicArns: [topicArn],
    certificates: new CertificateCache(),
  });
});

afterAll(async () => {
  await aws.close();
  await new Promise((resolve) => subscriber.close(resolve));
});

describe("SES sending events through an SNS event destination", () => {
  it("publishes Send and Delivery for a delivered recipient, signed, with SES's event JSON and SendEmail's message id", async () => {
    const set = await configurationSet(["SEND", "DELIVERY", "BOUNCE"]);
    const messageId = await send(["someone@example.com"], set);
    // Nothing yet at the answer: SES reports after it.
    expect(await eventsOf(messageId)).toEqual([]);
    await aws.settled();

    const events = await eventsOf(messageId);
    expect(events.map(({ event }) => event.eventType)).toEqual(["Send", "Delivery"]);
    for (const { message } of events) expect(message).toMatchObject({ TopicArn: topicArn, SignatureVersion: "2" });
    const [send_, delivery] = events.map(({ event }) => event);
    expect(send_!.send).toEqual({});
    expect(delivery!.delivery).toMatchObject({ recipients: ["someone@example.com"], smtpResponse: "250 2.6.0 Message received" });
    expect(delivery!.mail).toMatchObject({
      messageId,
      source: "Shop <orders@shop.example.com>",
      sendingAccountId: "123456789012",
      sourceArn: "arn:aws:ses:us-east-1:123456789012:identity/shop.example.com",
      destination: ["someone@example.com"],
      commonHeaders: { subject: "Your order", replyTo: ["help@shop.example.com"] },
      tags: { svc_email_id: ["email_test1"], "ses:configuration-set": [set] },
    });
    expect(delivery!.mail.headers).toContainEqual({ name: "X-Order", value: "1" });
  });

  it("follows the recipient's scenario (bounce) and publishes only the event types the destination matches", async () => {
    const set = await configurationSet(["BOUNCE", "COMPLAINT"]);
    const bounced = await send(["bounce+1@example.com"], set);
    const complained = await send(["complaint@example.com"], set);
    await aws.settled();

    const bounce = await eventsOf(bounced);
    expect(bounce.map(({ event }) => event.eventType)).toEqual(["Bounce"]);
    expect(bounce[0]!.event.bounce).toMatchObject({
      bounceType: "Permanent",
      bouncedRecipients: [expect.objectContaining({ emailAddress: "bounce+1@example.com" })],
    });
    // Send and Delivery happen to it too, but this destination does not take them.
    expect((await eventsOf(complained)).map(({ event }) => event.eventType)).toEqual(["Complaint"]);
  });

  it("publishes nothing through a disabled destination or without a configuration set", async () => {
    const disabled = await configurationSet(["SEND", "DELIVERY"], false);
    const viaDisabled = await send(["someone@example.com"], disabled);
    const plain = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: "orders@shop.example.com",
        Destination: { ToAddresses: ["someone@example.com"] },
        Content: { Simple: { Subject: { Data: "s" }, Body: { Text: { Data: "t" } } } },
      }),
    );
    await aws.settled();
    expect(await eventsOf(viaDisabled)).toEqual([]);
    expect(await eventsOf(plain.MessageId!)).toEqual([]);
    expect(aws.state.ses.sentEmails.map((email) => email.messageId)).toEqual(expect.arrayContaining([viaDisabled, plain.MessageId]));
  });
});

describe("SNS's HTTP delivery policy", () => {
  it("posts a notification its subscriber failed again, as the policy says, and a confirmation never", async () => {
    const retrying = await startAwsLocal({ snsRetry: { retries: 2, delayMs: 20 } });
    const answers = [503, 429, 200];
    const bodies: string[] = [];
    const flaky = createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => {
        bodies.push(body);
        const isConfirmation = req.headers["x-amz-sns-message-type"] === "SubscriptionConfirmation";
        res.writeHead(isConfirmation ? 500 : (answers.shift() ?? 200)).end();
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", resolve));
    try {
      const endpoint = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/sns/ses`;
      const client = new SNSClient({ endpoint: retrying.url, region: "us-east-1", credentials });
      const topic = (await client.send(new CreateTopicCommand({ Name: "flaky" }))).TopicArn!;
      await client.send(new SubscribeCommand({ TopicArn: topic, Protocol: "http", Endpoint: endpoint }));
      await retrying.settled();
      const confirmation = snsMessageSchema.parse(JSON.parse(bodies[0]!));
      if (confirmation.Type !== "SubscriptionConfirmation") throw new Error("expected the subscription's confirmation first");
      expect((await retrying.visit(confirmation.SubscribeURL)).status).toBe(200);

      await client.send(new PublishCommand({ TopicArn: topic, Message: "{}" }));
      await retrying.settled();
      expect(retrying.state.sns.deliveries.map(({ type, status, attempts }) => ({ type, status, attempts }))).toEqual([
        { type: "SubscriptionConfirmation", status: 500, attempts: 1 },
        { type: "Notification", status: 200, attempts: 3 },
      ]);
      // The same signed message each time, as SNS posts it again.
      expect(new Set(bodies.slice(1)).size).toBe(1);

      answers.push(503, 503, 503, 503);
      await client.send(new PublishCommand({ TopicArn: topic, Message: "{}" }));
      await retrying.settled();
      expect(retrying.state.sns.deliveries[2]).toMatchObject({ status: 503, attempts: 3 });
      client.destroy();
    } finally {
      await retrying.close();
      await new Promise((resolve) => flaky.close(resolve));
    }
  });
});
