import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "@jest/globals";
import { createSigningIdentity, hasValidSignature, SIGNING_THREAD_NAME, SigningThread, signSnsMessage } from "../src/index.ts";

const identity = createSigningIdentity();
const threads: SigningThread[] = [];

function signingThread(privateKeyPem = identity.privateKeyPem): SigningThread {
  const thread = new SigningThread(privateKeyPem);
  threads.push(thread);
  return thread;
}

afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

function notification(n: number) {
  return {
    Type: "Notification" as const,
    MessageId: `message-${n}`,
    TopicArn: "arn:aws:sns:us-east-1:123456789012:ses-events",
    Message: JSON.stringify({ eventType: "Delivery", n }),
    Timestamp: "2026-11-27T06:00:00.000Z",
    SigningCertURL: "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-x.pem",
    UnsubscribeURL: "https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe",
  };
}

/** This process's threads by the name the OS knows them by. */
function threadNames(): string[] {
  return readdirSync("/proc/self/task").map((tid) => readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim());
}

/** The count of signing threads once it falls to `expected`, or as it stands when `ms` runs out. */
async function signingThreadsWithin(ms: number, expected: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const count = threadNames().filter((name) => name === SIGNING_THREAD_NAME).length;
    if (count === expected || Date.now() > deadline) return count;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("SigningThread", () => {
  for (const version of ["1", "2"] as const) {
    it(`signs SignatureVersion ${version} exactly as signing in the caller's thread does`, async () => {
      const signed = await signingThread().sign(notification(1), version);
      expect(signed).toEqual(signSnsMessage(notification(1), identity.privateKeyPem, version));
      expect(hasValidSignature(signed, identity.certificatePem, version)).toBe(true);
    });
  }

  it("answers each of many concurrent messages with its own signature", async () => {
    const thread = signingThread();
    const signed = await Promise.all(Array.from({ length: 40 }, (_, n) => thread.sign(notification(n))));
    signed.forEach((message, n) => {
      expect(message.MessageId).toBe(`message-${n}`);
      expect(hasValidSignature(message, identity.certificatePem, "2")).toBe(true);
    });
    expect(new Set(signed.map((message) => message.Signature)).size).toBe(40);
  });

  it("runs on a thread named for it, so that its CPU can be told from the host's", async () => {
    const before = threadNames().filter((name) => name === SIGNING_THREAD_NAME).length;
    const thread = signingThread();
    await thread.sign(notification(1));
    expect(threadNames().filter((name) => name === SIGNING_THREAD_NAME)).toHaveLength(before + 1);
    await thread.close();
    // The OS reaps a terminated thread a moment after Node reports it stopped.
    expect(await signingThreadsWithin(5_000, before)).toBe(before);
  });

  it("refuses with a clear error, holding no key text, when the key cannot be read", async () => {
    const badKey = "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n";
    const failure = await signingThread(badKey)
      .sign(notification(1))
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(failure?.message).toMatch(/^The SNS signing thread failed: /);
    expect(failure?.message).not.toContain("bm90IGEga2V5");
  });

  it("refuses signatures once closed", async () => {
    const thread = signingThread();
    await thread.sign(notification(1));
    await thread.close();
    await expect(thread.sign(notification(2))).rejects.toThrow("The SNS signing thread is closed.");
  });
});
