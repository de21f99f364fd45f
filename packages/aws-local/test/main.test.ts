import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  CreateConfigurationSetCommand,
  CreateConfigurationSetEventDestinationCommand,
  CreateEmailIdentityCommand,
  GetEmailIdentityCommand,
  SESv2Client,
  SendEmailCommand,
} from "@aws-sdk/client-sesv2";
import { CreateTopicCommand, GetSubscriptionAttributesCommand, SNSClient, SubscribeCommand } from "@aws-sdk/client-sns";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CertificateCache, certUrlPolicy, SnsVerifier, snsMessageSchema } from "@svc/sns";

/**
 * aws-local as its own process: it listens where AWS_LOCAL_PORT says, prints where, serves the
 * SDK clients, and takes the control operations a client in another process needs.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const credentials = { accessKeyId: "AKIDLOCAL", secretAccessKey: "local-secret" };
let child: ChildProcess;
let started: { url: string; signingCertUrl: string; signingCertUrlPattern: string };
let subscriber: Server;
let subscriberUrl: string;
const received: string[] = [];

beforeAll(async () => {
  child = spawn(`${ROOT}node_modules/.bin/tsx`, [`${ROOT}packages/aws-local/src/main.ts`], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", AWS_LOCAL_PORT: "0", AWS_REGION: "eu-west-1", AWS_LOCAL_ACCOUNT_ID: "210987654321" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve(JSON.parse(line));
    });
    child.once("exit", (code) => reject(new Error(`aws-local exited (${code}) before listening`)));
  });
  child.stderr!.resume();
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
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await new Promise((resolve) => subscriber.close(resolve));
});

async function controlPost(path: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${started.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function waitFor(predicate: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("aws-local as a process", () => {
  it("serves SES and SNS, confirms and verifies through its control operations, and publishes sending events", async () => {
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const ses = new SESv2Client({ endpoint: started.url, region: "eu-west-1", credentials });
    const sns = new SNSClient({ endpoint: started.url, region: "eu-west-1", credentials });

    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: "Shop.example.com" }));
    expect((await ses.send(new GetEmailIdentityCommand({ EmailIdentity: "shop.example.com" }))).VerifiedForSendingStatus).toBe(false);
    expect(await controlPost("/_aws-local/verify-identity", { identity: "shop.example.com" })).toEqual({
      status: 200,
      json: { identity: "Shop.example.com", verifiedForSending: true },
    });
    expect((await ses.send(new GetEmailIdentityCommand({ EmailIdentity: "shop.example.com" }))).VerifiedForSendingStatus).toBe(true);
    expect((await controlPost("/_aws-local/verify-identity", { identity: "other.example.com" })).status).toBe(404);

    const topicArn = (await sns.send(new CreateTopicCommand({ Name: "events" }))).TopicArn!;
    expect(topicArn).toBe("arn:aws:sns:eu-west-1:210987654321:events");
    const subscribed = await sns.send(
      new SubscribeCommand({ TopicArn: topicArn, Protocol: "http", Endpoint: subscriberUrl, ReturnSubscriptionArn: true }),
    );
    await waitFor(() => received.length === 1);
    expect(await controlPost("/_aws-local/confirm-subscriptions", { endpoint: subscriberUrl })).toEqual({
      status: 200,
      json: { confirmed: [subscribed.SubscriptionArn] },
    });
    expect(
      (await sns.send(new GetSubscriptionAttributesCommand({ SubscriptionArn: subscribed.SubscriptionArn! }))).Attributes
        ?.PendingConfirmation,
    ).toBe("false");

    await ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: "main-set" }));
    await ses.send(
      new CreateConfigurationSetEventDestinationCommand({
        ConfigurationSetName: "main-set",
        EventDestinationName: "sns",
        EventDestination: { Enabled: true, MatchingEventTypes: ["DELIVERY"], SnsDestination: { TopicArn: topicArn } },
      }),
    );
    const sent = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: "orders@shop.example.com",
        Destination: { ToAddresses: ["someone@example.com"] },
        ConfigurationSetName: "main-set",
        EmailTags: [{ Name: "email_id", Value: "em_1" }],
        Content: { Simple: { Subject: { Data: "s" }, Body: { Text: { Data: "t" } } } },
      }),
    );
    // Another process counts what SendEmail took, by a tag's value.
    expect(await controlPost("/_aws-local/sent", { tag: "email_id" })).toEqual({ status: 200, json: { total: 1, byTag: { em_1: 1 } } });
    expect(await controlPost("/_aws-local/sent", { tag: "other" })).toEqual({ status: 200, json: { total: 1, byTag: {} } });
    expect((await controlPost("/_aws-local/sent", {})).status).toBe(400);
    await waitFor(() => received.length === 2);
    const notification = snsMessageSchema.parse(JSON.parse(received[1]!));
    const verifier = new SnsVerifier({
      certUrls: certUrlPolicy(started.signingCertUrlPattern),
      topicArns: [topicArn],
      certificates: new CertificateCache(),
    });
    expect((await verifier.verify(notification)).ok).toBe(true);
    expect(notification.SigningCertURL).toBe(started.signingCertUrl);
    if (notification.Type !== "Notification") throw new Error("expected a notification");
    expect(JSON.parse(notification.Message)).toMatchObject({
      eventType: "Delivery",
      mail: { messageId: sent.MessageId, sendingAccountId: "210987654321" },
    });
    ses.destroy();
    sns.destroy();
  }, 30_000);
});
