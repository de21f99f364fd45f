import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { closeServer } from "@svc/runtime";
import { confirmByGet } from "../src/index.ts";
import { CertificateHost, type IngestUnderTest, newIdentity, signedConfirmation, startIngest } from "./support.ts";

const SNS_SUBSCRIBE_URL =
  "https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn:aws:sns:us-east-1:123456789012:ses-events&Token=2336412f37fb687f5d51e6e2425c464de257ef";

const identity = newIdentity();
const certs = new CertificateHost();
let certUrl: string;
let ingest: IngestUnderTest;

/** Stands in for a host that is not SNS: it must never be visited. */
let bait: Server;
let baitUrl: string;
const baitHits: string[] = [];

beforeAll(async () => {
  await certs.start();
  certUrl = certs.serve("/SimpleNotificationService-subscriptions.pem", identity);
  ingest = await startIngest({ SNS_CERT_URL_PATTERN: certs.pattern });
  bait = createServer((req, res) => {
    baitHits.push(req.url ?? "");
    res.writeHead(req.url?.startsWith("/fail") ? 500 : 200).end("<ConfirmSubscriptionResponse/>");
  });
  await new Promise<void>((resolve) => bait.listen(0, "127.0.0.1", resolve));
  baitUrl = `http://127.0.0.1:${(bait.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await ingest.close();
  await certs.stop();
  await closeServer(bait);
});

describe("SubscriptionConfirmation", () => {
  it("confirms by visiting SubscribeURL when it is SNS's own host", async () => {
    const answer = await ingest.post(signedConfirmation(identity, certUrl, "SubscriptionConfirmation", SNS_SUBSCRIBE_URL));
    expect(answer).toEqual({ status: 200, json: { status: "confirmed" } });
    expect(ingest.confirmed).toEqual([SNS_SUBSCRIBE_URL]);
  });

  it("does not visit a SubscribeURL on any other host, even in a verified message", async () => {
    for (const url of [
      `${baitUrl}/?Action=ConfirmSubscription`,
      "https://sns.us-east-1.amazonaws.com.attacker.test/x",
      SNS_SUBSCRIBE_URL.replace("https:", "http:"),
    ]) {
      const answer = await ingest.post(signedConfirmation(identity, certUrl, "SubscriptionConfirmation", url));
      expect(answer).toEqual({ status: 403, json: { error: "SubscribeURL is not an SNS endpoint.", code: "forbidden" } });
    }
    expect(ingest.confirmed).toEqual([SNS_SUBSCRIBE_URL]);
    expect(baitHits).toEqual([]);
  });

  it("does not confirm an unverified message", async () => {
    const forged = signedConfirmation(newIdentity(), certUrl, "SubscriptionConfirmation", SNS_SUBSCRIBE_URL);
    expect((await ingest.post(forged)).status).toBe(403);
    const tampered = { ...signedConfirmation(identity, certUrl, "SubscriptionConfirmation", SNS_SUBSCRIBE_URL), Token: "other" };
    expect((await ingest.post(tampered)).status).toBe(403);
    expect(ingest.confirmed).toEqual([SNS_SUBSCRIBE_URL]);
  });

  it("logs an UnsubscribeConfirmation and does nothing else", async () => {
    const logCount = ingest.logs.length;
    const answer = await ingest.post(signedConfirmation(identity, certUrl, "UnsubscribeConfirmation", SNS_SUBSCRIBE_URL));
    expect(answer).toEqual({ status: 200, json: { status: "acknowledged" } });
    expect(ingest.confirmed).toEqual([SNS_SUBSCRIBE_URL]);
    expect(ingest.logs.slice(logCount).map((line) => line.msg)).toContain("SNS unsubscribe confirmation received; nothing to do");
  });
});

describe("confirmByGet", () => {
  it("GETs the URL and fails on a non-2xx answer", async () => {
    await confirmByGet(`${baitUrl}/ok?Token=1`);
    await expect(confirmByGet(`${baitUrl}/fail`)).rejects.toThrow("HTTP 500");
    expect(baitHits).toEqual(["/ok?Token=1", "/fail"]);
  });
});
