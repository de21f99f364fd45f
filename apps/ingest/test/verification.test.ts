import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createWorkspaceFixture, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import {
  CertificateHost,
  type IngestUnderTest,
  insertEmail,
  newIdentity,
  newMessageId,
  sesEvent,
  signedNotification,
  startIngest,
  TOPIC_ARN,
} from "./support.ts";

const AWS_CERT_URL = "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem";
const SIMULATOR_PATH = "/simulator/SimpleNotificationService-simulator.pem";

const identity = newIdentity();
const attacker = newIdentity();
const certs = new CertificateHost();
let certUrl: string;
let ingest: IngestUnderTest;
let fx: WorkspaceFixture;

beforeAll(async () => {
  await certs.start();
  certUrl = certs.serve("/SimpleNotificationService-test1.pem", identity);
  ingest = await startIngest({
    SNS_CERT_URL_PATTERN: certs.pattern,
    SNS_TOPIC_ARNS: `${TOPIC_ARN}, arn:aws:sns:us-east-1:123456789012:other`,
  });
  fx = await createWorkspaceFixture(ingest.handle);
});

afterAll(async () => {
  await ingest.close();
  await certs.stop();
});

/** An email and a Delivery event for it, ready to sign. */
async function deliveryFor(): Promise<{ emailId: string; message: Record<string, unknown> }> {
  const messageId = newMessageId();
  const emailId = await insertEmail(ingest.handle, fx, { providerMessageId: messageId });
  const message = sesEvent(
    "Delivery",
    { messageId, emailId },
    { timestamp: "2026-11-22T10:00:01.000Z", recipients: ["recipient@example.com"] },
  );
  return { emailId, message };
}

async function storedFor(emailId: string, snsMessageId: string) {
  const events = await ingest.handle.prisma.emailEvent.count({ where: { emailId } });
  const unmatched = await ingest.handle.prisma.unmatchedNotification.count({ where: { snsMessageId } });
  const email = await ingest.handle.prisma.email.findUniqueOrThrow({ where: { id: emailId } });
  return { events, unmatched, status: email.status };
}

describe("signature versions", () => {
  for (const version of ["1", "2"] as const) {
    it(`accepts a notification signed with SignatureVersion ${version}`, async () => {
      const { emailId, message } = await deliveryFor();
      const signed = signedNotification(identity, certUrl, message, { version });
      const answer = await ingest.post(signed);
      expect(answer).toEqual({ status: 200, json: { status: "stored" } });
      expect(await storedFor(emailId, signed.MessageId)).toEqual({ events: 1, unmatched: 0, status: "delivered" });
    });
  }

  it("accepts application/json as well as SNS's text/plain, with a Subject", async () => {
    const { emailId, message } = await deliveryFor();
    const signed = signedNotification(identity, certUrl, message, { subject: "Amazon SES Email Event Notification" });
    expect((await ingest.post(signed, "application/json")).status).toBe(200);
    expect((await storedFor(emailId, signed.MessageId)).events).toBe(1);
  });

  it("fetched the certificate once for all of the above", () => {
    expect(certs.hitsFor(certUrl)).toBe(1);
  });
});

describe("refusals: 403 and nothing stored", () => {
  /** 403, nothing stored, and one warning saying why (without the signature). */
  async function expectRefused(signed: Record<string, unknown> & { MessageId: string }, emailId: string, why: RegExp) {
    const logCount = ingest.logs.length;
    const answer = await ingest.post(signed);
    expect(answer).toEqual({ status: 403, json: { error: "SNS message could not be verified.", code: "forbidden" } });
    expect(await storedFor(emailId, signed.MessageId)).toEqual({ events: 0, unmatched: 0, status: "sent" });
    const lines = ingest.logs.slice(logCount).filter((line) => line.msg === "refused SNS message");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe(40);
    expect(String(lines[0]!.fields.reason)).toMatch(why);
    if (typeof signed.Signature === "string") expect(JSON.stringify(lines[0]!.fields)).not.toContain(signed.Signature);
  }

  it("refuses a forged signature (another key, the trusted certificate URL)", async () => {
    const { emailId, message } = await deliveryFor();
    await expectRefused(signedNotification(attacker, certUrl, message), emailId, /signature \(v2\) does not verify/);
  });

  it("refuses a tampered Message", async () => {
    const { emailId, message } = await deliveryFor();
    const signed = signedNotification(identity, certUrl, { ...message, eventType: "Bounce" });
    const original = JSON.stringify(message);
    await expectRefused({ ...signed, Message: original }, emailId, /does not verify/);
    await expectRefused(
      { ...signed, Signature: signed.Signature.replace(/^./, (c) => (c === "A" ? "B" : "A")) },
      emailId,
      /does not verify/,
    );
  });

  it("refuses certificate URLs that do not match SNS_CERT_URL_PATTERN, without fetching them", async () => {
    const { emailId, message } = await deliveryFor();
    // A working certificate for the attacker's key, served from the same host on another path.
    const untrusted = certs.serve("/evil.pem", attacker);
    await expectRefused(signedNotification(attacker, untrusted, message), emailId, /untrusted SigningCertURL/);
    expect(certs.hitsFor(untrusted)).toBe(0);
    // SNS's own URL over http, and another host.
    await expectRefused(
      signedNotification(identity, AWS_CERT_URL.replace("https:", "http:"), message),
      emailId,
      /untrusted SigningCertURL/,
    );
    await expectRefused(
      signedNotification(identity, "https://certs.attacker.test/SimpleNotificationService-1.pem", message),
      emailId,
      /untrusted/,
    );
    // The real SNS host is not in this test's pattern either (and is never contacted).
    await expectRefused(signedNotification(identity, AWS_CERT_URL, message), emailId, /untrusted SigningCertURL/);
  });

  it("refuses a TopicArn outside SNS_TOPIC_ARNS", async () => {
    const { emailId, message } = await deliveryFor();
    await expectRefused(
      signedNotification(identity, certUrl, message, { topicArn: "arn:aws:sns:us-east-1:999999999999:theirs" }),
      emailId,
      /not in SNS_TOPIC_ARNS/,
    );
  });

  it("refuses unknown signature versions and envelopes missing fields", async () => {
    const { emailId, message } = await deliveryFor();
    const signed = signedNotification(identity, certUrl, message);
    await expectRefused({ ...signed, SignatureVersion: "3" }, emailId, /unsupported SignatureVersion/);
    const { Signature: _dropped, ...unsigned } = signed;
    await expectRefused(unsigned, emailId, /not a well-formed SNS message \(Signature\)/);
  });
});

describe("the simulator's certificate", () => {
  const simulatorIdentity = newIdentity();

  async function attempt(env: Record<string, string>) {
    const simulatorUrl = certs.serve(SIMULATOR_PATH, simulatorIdentity);
    const other = await startIngest({ SIMULATOR_CERT_URL: simulatorUrl, ...env });
    try {
      const { emailId, message } = await deliveryFor();
      const answer = await other.post(signedNotification(simulatorIdentity, simulatorUrl, message));
      return { status: answer.status, events: (await storedFor(emailId, "-")).events };
    } finally {
      await other.close();
    }
  }

  it("is trusted when SNS_TRUST_SIMULATOR is on and EMAIL_PROVIDER=simulator", async () => {
    expect(await attempt({ EMAIL_PROVIDER: "simulator", SNS_TRUST_SIMULATOR: "true" })).toEqual({ status: 200, events: 1 });
  });

  it("is not trusted when EMAIL_PROVIDER=ses, even with SNS_TRUST_SIMULATOR on", async () => {
    // With SES the ingester needs an accepted topic to start at all: the simulator's is listed.
    expect(await attempt({ EMAIL_PROVIDER: "ses", SNS_TRUST_SIMULATOR: "true", SNS_TOPIC_ARNS: TOPIC_ARN })).toEqual({
      status: 403,
      events: 0,
    });
  });

  it("is not trusted when SNS_TRUST_SIMULATOR is off", async () => {
    expect(await attempt({ EMAIL_PROVIDER: "simulator", SNS_TRUST_SIMULATOR: "false" })).toEqual({ status: 403, events: 0 });
  });
});

describe("bad requests", () => {
  it("answers 413 above 256 KB and 415 for other content types, storing nothing", async () => {
    const before = await ingest.handle.prisma.unmatchedNotification.count();
    const { message } = await deliveryFor();
    const big = signedNotification(identity, certUrl, { ...message, padding: "x".repeat(256 * 1024) });
    const tooLarge = { status: 413, json: { error: "Body is larger than 256 KB.", code: "payload_too_large" } };
    // SNS's own content type is read directly; others go through body-parser: the same answers.
    expect(await ingest.post(big)).toEqual(tooLarge);
    expect(await ingest.post(big, "application/json")).toEqual(tooLarge);
    expect(await ingest.post(big, "text/plain; charset=ISO-8859-1")).toEqual(tooLarge);
    const ok = signedNotification(identity, certUrl, message);
    expect((await ingest.post(ok, "application/x-www-form-urlencoded")).status).toBe(415);
    expect(await ingest.post("{not json")).toEqual({ status: 400, json: { error: "Body is not JSON.", code: "bad_request" } });
    expect(await ingest.handle.prisma.unmatchedNotification.count()).toBe(before);
  });

  it("reads a notification the same whether SNS's text/plain or another accepted content type carries it", async () => {
    const { message } = await deliveryFor();
    const signed = signedNotification(identity, certUrl, message);
    expect(await ingest.post(signed, "application/json; charset=utf-8")).toEqual({ status: 200, json: { status: "stored" } });
    expect(await ingest.post(signed, "text/plain; charset=UTF-8")).toEqual({ status: 200, json: { status: "duplicate" } });
    expect(await ingest.post(signed, "Text/Plain")).toEqual({ status: 200, json: { status: "duplicate" } });
  });

  it("answers health and readiness", async () => {
    expect(await (await fetch(`${ingest.url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${ingest.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready", checks: { postgres: "ok", redis: "ok" } }]);
  });
});
