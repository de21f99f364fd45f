import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  CreateConfigurationSetCommand,
  CreateConfigurationSetEventDestinationCommand,
  GetAccountCommand,
  SESv2Client,
  SendEmailCommand,
} from "@aws-sdk/client-sesv2";
import { CreateTopicCommand, ListSubscriptionsByTopicCommand, SNSClient, SubscribeCommand } from "@aws-sdk/client-sns";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { snsMessageSchema } from "@svc/sns";
import { type AwsLocal, startAwsLocal } from "../src/index.ts";

/**
 * The parts aws-local plays for an install's checks (`svc doctor`) and the sender's quota: SES's
 * mailbox simulator addresses and their events, the account's quota counted within its window and
 * refused past it, the account's pause, and subscriptions SNS leaves unconfirmed; the real SDK
 * over HTTP, and the control API as a client in another process uses it.
 */

const credentials = { accessKeyId: "AKIDLOCAL", secretAccessKey: "local-secret" };
const WINDOW_MS = 1_500;
let aws: AwsLocal;
let ses: SESv2Client;
let sns: SNSClient;
let subscriber: Server;
let subscriberUrl: string;
let topicArn: string;
const received: string[] = [];

const control = async (path: string, body: unknown) => {
  const response = await fetch(`${aws.url}/_aws-local/${path}`, { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
};

const sendTo = (to: string[], configurationSetName?: string) =>
  ses.send(
    new SendEmailCommand({
      FromEmailAddress: "doctor@shop.example.com",
      Destination: { ToAddresses: to },
      ...(configurationSetName ? { ConfigurationSetName: configurationSetName } : {}),
      Content: { Simple: { Subject: { Data: "check" }, Body: { Text: { Data: "check" } } } },
    }),
  );

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { name: string; message: string }) => ({ name: error.name, message: error.message }),
  );

beforeAll(async () => {
  aws = await startAwsLocal({ quotaWindowMs: WINDOW_MS });
  ses = new SESv2Client({ endpoint: aws.url, region: "us-east-1", credentials, maxAttempts: 1 });
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
  topicArn = (await sns.send(new CreateTopicCommand({ Name: "doctor-events" }))).TopicArn!;
  await sns.send(new SubscribeCommand({ TopicArn: topicArn, Protocol: "http", Endpoint: subscriberUrl }));
  await aws.settled();
  const confirmation = snsMessageSchema.parse(JSON.parse(received[0]!));
  if (confirmation.Type !== "SubscriptionConfirmation") throw new Error("expected the subscription's confirmation first");
  expect((await aws.visit(confirmation.SubscribeURL)).status).toBe(200);
});

afterAll(async () => {
  ses.destroy();
  sns.destroy();
  await aws.close();
  await new Promise((resolve) => subscriber.close(resolve));
});

describe("SES's mailbox simulator", () => {
  it("answers success, bounce, complaint and suppressionlist at simulator.amazonses.com with SES's events", async () => {
    await ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: "doctor" }));
    await ses.send(
      new CreateConfigurationSetEventDestinationCommand({
        ConfigurationSetName: "doctor",
        EventDestinationName: "to-sns",
        EventDestination: {
          Enabled: true,
          MatchingEventTypes: ["SEND", "DELIVERY", "BOUNCE", "COMPLAINT"],
          SnsDestination: { TopicArn: topicArn },
        },
      }),
    );
    const ids: Record<string, string> = {};
    for (const box of ["success", "bounce", "complaint", "suppressionlist"])
      ids[box] = (await sendTo([`${box}@simulator.amazonses.com`], "doctor")).MessageId!;
    await aws.settled();

    // Each event is posted on its own: they may arrive in any order, so they are compared sorted.
    const typesOf = (messageId: string) =>
      eventsOf(messageId)
        .map((event) => event.eventType as string)
        .sort();
    const eventsOf = (messageId: string) =>
      received
        .map((body) => snsMessageSchema.parse(JSON.parse(body)))
        .flatMap((message) => (message.Type === "Notification" ? [JSON.parse(message.Message) as Record<string, any>] : []))
        .filter((event) => event.mail?.messageId === messageId);
    expect(typesOf(ids.success!)).toEqual(["Delivery", "Send"]);
    expect(typesOf(ids.bounce!)).toEqual(["Bounce", "Send"]);
    expect(eventsOf(ids.bounce!).find((event) => event.eventType === "Bounce")!.bounce).toMatchObject({ bounceType: "Permanent" });
    expect(typesOf(ids.complaint!)).toEqual(["Complaint", "Delivery", "Send"]);
    // SES answers an address on its suppression list with a bounce of its own making.
    expect(typesOf(ids.suppressionlist!)).toEqual(["Bounce", "Send"]);
    expect(eventsOf(ids.suppressionlist!).find((event) => event.eventType === "Bounce")!.bounce).toMatchObject({
      bounceType: "Permanent",
      bounceSubType: "Suppressed",
    });
  });
});

describe("the account's quota and pause", () => {
  it("counts recipients in SentLast24Hours, refuses past Max24HourSend as SES does, and frees them as the window moves", async () => {
    // The quota as the control API sets it (a client in another process), with what was sent before.
    const set = await control("account", { max24HourSend: 10, sentLast24Hours: 4 });
    expect(set.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const before = (await ses.send(new GetAccountCommand({}))).SendQuota!;
    expect(before).toMatchObject({ Max24HourSend: 10, SentLast24Hours: 4 });

    await sendTo(["a@example.com", "b@example.com", "c@example.com"]);
    await sendTo(["d@example.com", "e@example.com"]);
    expect((await ses.send(new GetAccountCommand({}))).SendQuota?.SentLast24Hours).toBe(9);
    // Two more would make 11: refused whole, and nothing taken.
    expect(await refusal(sendTo(["f@example.com", "g@example.com"]))).toEqual({
      name: "ThrottlingException",
      message: "Daily message quota exceeded.",
    });
    expect((await ses.send(new GetAccountCommand({}))).SendQuota?.SentLast24Hours).toBe(9);
    await sendTo(["f@example.com"]);

    // Once the window has moved past them, the sends are no longer counted (what was sent before stays).
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 100));
    expect((await ses.send(new GetAccountCommand({}))).SendQuota?.SentLast24Hours).toBe(4);
    await sendTo(["f@example.com", "g@example.com"]);
  });

  it("refuses past MaxSendRate recipients a second when told to enforce it", async () => {
    // A second after the last test's sends, so that only these count.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await control("account", { max24HourSend: -1, maxSendRate: 2, enforceSendRate: true });
    await sendTo(["a@example.com", "b@example.com"]);
    expect(await refusal(sendTo(["c@example.com"]))).toEqual({ name: "ThrottlingException", message: "Maximum sending rate exceeded." });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await sendTo(["c@example.com"]);
    await control("account", { enforceSendRate: false });
  });

  it("pauses and enables the account's sending from the control API; GetAccount says so", async () => {
    expect((await control("account", { sendingEnabled: false })).json).toMatchObject({ SendingEnabled: false });
    expect((await ses.send(new GetAccountCommand({}))).SendingEnabled).toBe(false);
    expect(await refusal(sendTo(["a@example.com"]))).toEqual({
      name: "SendingPausedException",
      message: "Sending is paused for this account.",
    });
    await control("account", { sendingEnabled: true });
    await sendTo(["a@example.com"]);
  });

  it("refuses a malformed control request with 400, changing nothing", async () => {
    const before = JSON.stringify(aws.state.ses.account);
    expect((await control("account", { max24HourSend: "lots" })).status).toBe(400);
    expect((await control("account", { sendingEnabled: "no" })).status).toBe(400);
    expect((await control("subscription-confirmations", { mode: "maybe" })).status).toBe(400);
    expect(JSON.stringify(aws.state.ses.account)).toBe(before);
  });
});

describe("subscriptions SNS leaves unconfirmed", () => {
  const listed = async (topic: string) =>
    (await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topic }))).Subscriptions?.map((s) => s.SubscriptionArn);

  it("posts no confirmation while withheld, so a new subscription stays pending", async () => {
    await control("subscription-confirmations", { mode: "withhold" });
    const topic = (await sns.send(new CreateTopicCommand({ Name: "withheld" }))).TopicArn!;
    const posted = aws.state.sns.deliveries.length;
    await sns.send(new SubscribeCommand({ TopicArn: topic, Protocol: "http", Endpoint: `${subscriberUrl}?withheld` }));
    await aws.settled();
    expect(aws.state.sns.deliveries.length).toBe(posted);
    expect(await listed(topic)).toEqual(["PendingConfirmation"]);
    await control("subscription-confirmations", { mode: "post" });
  });

  it("makes a confirmed subscription pending again", async () => {
    expect(await listed(topicArn)).not.toContain("PendingConfirmation");
    const { json } = await control("unconfirm-subscriptions", { endpoint: subscriberUrl });
    expect(json.unconfirmed).toHaveLength(1);
    expect(await listed(topicArn)).toEqual(["PendingConfirmation"]);
    await control("confirm-subscriptions", { endpoint: subscriberUrl });
    expect(await listed(topicArn)).not.toContain("PendingConfirmation");
  });
});
