import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { snsEnv } from "@svc/config";
import { z } from "zod";
import {
  buildStringToSign,
  CertificateCache,
  certUrlPolicy,
  createSigningIdentity,
  isSnsHostUrl,
  isTrustedCertUrl,
  type SigningIdentity,
  SnsVerifier,
  signSnsMessage,
} from "../src/index.ts";

const DEFAULT_PATTERN = z.object(snsEnv).parse({}).SNS_CERT_URL_PATTERN;
const AWS_CERT_URL = "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem";

const identity = createSigningIdentity();
const otherIdentity = createSigningIdentity();

function notification(overrides: Record<string, string> = {}) {
  return {
    Type: "Notification" as const,
    MessageId: "22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324",
    TopicArn: "arn:aws:sns:us-west-2:123456789012:MyTopic",
    Message: '{"eventType":"Send"}',
    Timestamp: "2026-11-22T10:00:00.000Z",
    SigningCertURL: AWS_CERT_URL,
    ...overrides,
  };
}

/** A verifier whose certificate "download" returns `pem`, counting calls. */
function verifierServing(pem: string, options: { topicArns?: string[] } = {}) {
  const certificates = new CertificateCache({ fetchText: async () => pem });
  const verifier = new SnsVerifier({
    certUrls: certUrlPolicy(DEFAULT_PATTERN),
    topicArns: options.topicArns ?? [],
    certificates,
  });
  return { verifier, certificates };
}

describe("string to sign", () => {
  it("lists a Notification's fields in order, Subject only when present", () => {
    expect(buildStringToSign({ ...notification(), SignatureVersion: "2", Signature: "x" })).toBe(
      'Message\n{"eventType":"Send"}\nMessageId\n22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324\n' +
        "Timestamp\n2026-11-22T10:00:00.000Z\nTopicArn\narn:aws:sns:us-west-2:123456789012:MyTopic\nType\nNotification\n",
    );
    expect(buildStringToSign({ ...notification(), Subject: "Hi", SignatureVersion: "2", Signature: "x" })).toContain(
      "MessageId\n22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324\nSubject\nHi\nTimestamp\n",
    );
  });

  it("lists a confirmation's fields including SubscribeURL and Token", () => {
    const text = buildStringToSign({
      Type: "SubscriptionConfirmation",
      MessageId: "m",
      TopicArn: "arn:t",
      Message: "You have chosen to subscribe",
      Timestamp: "2026-01-01T00:00:00.000Z",
      Token: "tok",
      SubscribeURL: "https://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&Token=tok",
      SigningCertURL: AWS_CERT_URL,
      SignatureVersion: "1",
      Signature: "x",
    });
    expect(text).toBe(
      "Message\nYou have chosen to subscribe\nMessageId\nm\n" +
        "SubscribeURL\nhttps://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&Token=tok\n" +
        "Timestamp\n2026-01-01T00:00:00.000Z\nToken\ntok\nTopicArn\narn:t\nType\nSubscriptionConfirmation\n",
    );
  });
});

describe("signature versions", () => {
  for (const version of ["1", "2"] as const) {
    it(`verifies SignatureVersion ${version} and refuses a tampered copy`, async () => {
      const { verifier } = verifierServing(identity.certificatePem);
      const signed = signSnsMessage(notification(), identity.privateKeyPem, version);
      expect(signed.SignatureVersion).toBe(version);
      expect(await verifier.verify(signed)).toEqual({ ok: true, message: signed });
      expect((await verifier.verify({ ...signed, Message: '{"eventType":"Bounce"}' })).ok).toBe(false);
      expect((await verifier.verify({ ...signed, Subject: "added" })).ok).toBe(false);
    });
  }

  it("refuses a signature made with another key, or under the other version", async () => {
    const { verifier } = verifierServing(identity.certificatePem);
    const forged = signSnsMessage(notification(), otherIdentity.privateKeyPem, "2");
    expect(await verifier.verify(forged)).toEqual({ ok: false, reasonClass: "signature", reason: "signature (v2) does not verify" });
    const v1 = signSnsMessage(notification(), identity.privateKeyPem, "1");
    expect((await verifier.verify({ ...v1, SignatureVersion: "2" })).ok).toBe(false);
  });

  it("refuses unknown versions and malformed envelopes without fetching a certificate", async () => {
    const { verifier, certificates } = verifierServing(identity.certificatePem);
    const signed = signSnsMessage(notification(), identity.privateKeyPem, "2");
    const v3 = await verifier.verify({ ...signed, SignatureVersion: "3" });
    expect(v3).toEqual({ ok: false, reasonClass: "signature_version", reason: 'unsupported SignatureVersion "3"' });
    const missing = await verifier.verify({ ...signed, Signature: undefined });
    expect(missing.ok).toBe(false);
    expect(await verifier.verify("not an object")).toMatchObject({ ok: false });
    expect(certificates.fetchCount).toBe(0);
  });

  it("refuses a topic outside the allow-list before fetching anything", async () => {
    const { verifier, certificates } = verifierServing(identity.certificatePem, { topicArns: ["arn:aws:sns:us-east-1:1:ours"] });
    const signed = signSnsMessage(notification(), identity.privateKeyPem, "2");
    const result = await verifier.verify(signed);
    expect(result).toEqual({
      ok: false,
      reasonClass: "topic",
      reason: "TopicArn arn:aws:sns:us-west-2:123456789012:MyTopic is not in SNS_TOPIC_ARNS",
    });
    expect(certificates.fetchCount).toBe(0);
    const ours = signSnsMessage(notification({ TopicArn: "arn:aws:sns:us-east-1:1:ours" }), identity.privateKeyPem, "2");
    expect((await verifier.verify(ours)).ok).toBe(true);
  });

  it("refuses an expired certificate", async () => {
    const expired = createSigningIdentity({ days: -1 });
    const { verifier } = verifierServing(expired.certificatePem);
    const signed = signSnsMessage(notification(), expired.privateKeyPem, "2");
    expect(await verifier.verify(signed)).toEqual({
      ok: false,
      reasonClass: "certificate",
      reason: "the signing certificate is expired or not yet valid",
    });
  });
});

describe("certificate URL policy", () => {
  const policy = certUrlPolicy(DEFAULT_PATTERN, ["http://127.0.0.1:3004/simulator/SimpleNotificationService-simulator.pem"]);

  it("accepts SNS's own HTTPS certificate URLs", () => {
    expect(isTrustedCertUrl(AWS_CERT_URL, policy)).toBe(true);
    expect(isTrustedCertUrl("https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-abc123.pem", policy)).toBe(true);
  });

  it("refuses http, other hosts, other paths, queries and look-alikes", () => {
    for (const url of [
      AWS_CERT_URL.replace("https:", "http:"),
      "https://sns.us-east-1.amazonaws.com.evil.test/SimpleNotificationService-abc.pem",
      "https://evil.test/SimpleNotificationService-abc.pem",
      "https://sns.us-east-1.amazonaws.com/other.pem",
      "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem?x=1",
      "https://sns.us-east-1.amazonaws.com:8443/SimpleNotificationService-abc.pem",
      "https://user@sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem",
      "not a url",
    ]) {
      expect([url, isTrustedCertUrl(url, policy)]).toEqual([url, false]);
    }
  });

  it("accepts an exactly listed URL and anchors custom patterns", () => {
    expect(isTrustedCertUrl("http://127.0.0.1:3004/simulator/SimpleNotificationService-simulator.pem", policy)).toBe(true);
    expect(isTrustedCertUrl("http://127.0.0.1:3004/simulator/SimpleNotificationService-simulator.pem/x", policy)).toBe(false);
    const loose = certUrlPolicy("https://certs\\.example\\.com/[a-z]+\\.pem");
    expect(isTrustedCertUrl("https://certs.example.com/a.pem", loose)).toBe(true);
    expect(isTrustedCertUrl("https://attacker.test/https://certs.example.com/a.pem", loose)).toBe(false);
  });

  it("recognises SNS hosts for SubscribeURL", () => {
    expect(isSnsHostUrl("https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=x&Token=y")).toBe(true);
    expect(isSnsHostUrl("http://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription")).toBe(false);
    expect(isSnsHostUrl("https://sns.eu-west-1.amazonaws.com.evil.test/")).toBe(false);
    expect(isSnsHostUrl("https://127.0.0.1/")).toBe(false);
  });
});

describe("certificate cache over HTTP", () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  let served: SigningIdentity;

  beforeAll(async () => {
    served = identity;
    server = createServer((req, res) => {
      const path = req.url ?? "/";
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path.startsWith("/cert")) return void res.end(served.certificatePem);
      if (path === "/redirect") return void res.writeHead(302, { location: "/cert-a" }).end();
      if (path === "/huge") return void res.end("x".repeat(200 * 1024));
      if (path === "/garbage") return void res.end("-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----\n");
      res.writeHead(404).end("missing");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("fetches a URL once for many concurrent and later requests", async () => {
    const cache = new CertificateCache();
    const certs = await Promise.all(Array.from({ length: 20 }, () => cache.get(`${base}/cert-a`)));
    await cache.get(`${base}/cert-a`);
    expect(hits.get("/cert-a")).toBe(1);
    expect(cache.fetchCount).toBe(1);
    expect(certs[0]!.fingerprint256).toBe(certs[19]!.fingerprint256);
  });

  it("remembers a failure for failureTtlMs, then tries again; follows no redirects and refuses oversized or invalid bodies", async () => {
    const cache = new CertificateCache({ failureTtlMs: 60_000 });
    await expect(cache.get(`${base}/missing`)).rejects.toThrow("HTTP 404");
    await expect(cache.get(`${base}/missing`)).rejects.toThrow("HTTP 404");
    expect(hits.get("/missing")).toBe(1);
    await expect(cache.get(`${base}/missing`, Date.now() + 61_000)).rejects.toThrow("HTTP 404");
    expect(hits.get("/missing")).toBe(2);
    await expect(cache.get(`${base}/redirect`)).rejects.toThrow("could not fetch");
    await expect(cache.get(`${base}/huge`)).rejects.toThrow("too large");
    await expect(cache.get(`${base}/garbage`)).rejects.toThrow("not a valid X.509 certificate");
  });

  it("refuses, without fetching, a certificate beyond maxConcurrentFetches in flight", async () => {
    const started: string[] = [];
    const release: Array<() => void> = [];
    let hold = true;
    const cache = new CertificateCache({
      maxConcurrentFetches: 2,
      fetchText: (url) => {
        started.push(url);
        if (!hold) return Promise.resolve(identity.certificatePem);
        return new Promise((resolve) => release.push(() => resolve(identity.certificatePem)));
      },
    });
    const first = cache.get("https://a.test/1.pem");
    const second = cache.get("https://a.test/2.pem");
    const sameAsFirst = cache.get("https://a.test/1.pem"); // shares the fetch in flight
    await expect(cache.get("https://a.test/3.pem")).rejects.toThrow("too many signing certificates");
    expect(started).toEqual(["https://a.test/1.pem", "https://a.test/2.pem"]);
    hold = false;
    for (const go of release) go();
    await Promise.all([first, second, sameAsFirst]);
    await cache.get("https://a.test/3.pem"); // room again
    expect(started).toHaveLength(3);
  });

  it("keeps at most maxEntries certificates, dropping the least recently used", async () => {
    const cache = new CertificateCache({ maxEntries: 2 });
    await cache.get(`${base}/cert-1`);
    await cache.get(`${base}/cert-2`);
    await cache.get(`${base}/cert-1`); // now cert-2 is the least recently used
    await cache.get(`${base}/cert-3`);
    await cache.get(`${base}/cert-1`);
    await cache.get(`${base}/cert-2`);
    expect([hits.get("/cert-1"), hits.get("/cert-2"), hits.get("/cert-3")]).toEqual([1, 2, 1]);
  });
});
