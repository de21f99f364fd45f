import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { createWebhookSubscription, SecretBox } from "@svc/core";
import { verifyWebhook } from "@svc/webhooks";
import { z } from "zod";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { type Stack, startStack } from "../support/stack.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhookReceiver.ts";

/**
 * One-click unsubscribe end to end, every app its own process on the simulator: an email with a
 * topic carries List-Unsubscribe and List-Unsubscribe-Post in the message the provider got; a
 * plain HTTP POST of its link suppresses the recipient for that topic; the next email of that
 * topic is rejected `unsubscribed` while another topic (and another workspace) still goes; the
 * `unsubscribed` event reaches a real webhook receiver, signed.
 */
const handle = openTestDb();
let stack: Stack;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;
let receiver: WebhookReceiver;
let secret: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  stack = await startStack({ apps: ["api", "ingest", "sender", "dispatcher"] });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
  other = await createWorkspaceFixture(handle, { plan: "unlimited" });
  const box = new SecretBox(loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY);
  const subscription = await createWebhookSubscription(
    handle.prisma,
    box,
    { workspaceId: fx.workspaceId, url: receiver.url, events: ["unsubscribed", "rejected"] },
    { allowPrivate: true },
  );
  secret = subscription.secret;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  await handle.close();
});

async function send(workspace: WorkspaceFixture, to: string, topic?: string): Promise<string> {
  const response = await fetch(`${stack.apiUrl}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${workspace.keys["full-access"]}`, "content-type": "application/json" },
    body: JSON.stringify({
      from: `Acme <news@${workspace.domain}>`,
      to: [to],
      subject: "Unsubscribe",
      text: "Hi",
      ...(topic ? { unsubscribe: { topic } } : {}),
    }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

interface EmailWithEvents {
  id: string;
  status: string;
  providerMessageId: string | null;
  suppressedRecipients: Array<{ address: string; reason: string }>;
  events: Array<{ type: string; payloadJson: string }>;
}

async function waitForEmail(workspace: WorkspaceFixture, id: string, done: (email: EmailWithEvents) => boolean): Promise<EmailWithEvents> {
  const deadline = Date.now() + 30_000;
  let email: EmailWithEvents | undefined;
  while (Date.now() < deadline) {
    const response = await fetch(`${stack.apiUrl}/emails/${id}`, { headers: { authorization: `Bearer ${workspace.keys["read-only"]}` } });
    email = (await response.json()) as EmailWithEvents;
    if (done(email)) return email;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`email ${id} never settled: ${JSON.stringify(email)}`);
}

async function topicSuppressions(query = ""): Promise<Array<{ topic: string; address: string; emailId: string | null }>> {
  const response = await fetch(`${stack.apiUrl}/suppressions/topics${query}`, {
    headers: { authorization: `Bearer ${fx.keys["read-only"]}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ topic: string; address: string; emailId: string | null }>;
}

/** The headers of the message the provider was handed (the simulator's SES Send event carries them). */
function sentHeaders(email: EmailWithEvents): Map<string, string> {
  const sent = JSON.parse(email.events.find((e) => e.type === "sent")!.payloadJson) as {
    mail: { headers: Array<{ name: string; value: string }> };
  };
  return new Map(sent.mail.headers.map(({ name, value }) => [name.toLowerCase(), value]));
}

describe("one-click unsubscribe on the simulator", () => {
  it("carries the headers, unsubscribes by topic over plain HTTP, rejects that topic only, and signs the webhook", async () => {
    const address = "reader@example.com";
    const first = await waitForEmail(fx, await send(fx, address, "newsletter"), (e) => e.status === "delivered");
    const headers = sentHeaders(first);
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = /^<(http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/u1\.[A-Za-z0-9_-]+)>$/.exec(headers.get("list-unsubscribe") ?? "")?.[1];
    expect(link).toBeDefined();
    // The recipient's address is not readable from the link.
    expect(link).not.toContain("reader");
    // An email without a topic has neither header.
    const plain = await waitForEmail(fx, await send(fx, "plain@example.com"), (e) => e.status === "delivered");
    expect(sentHeaders(plain).has("list-unsubscribe")).toBe(false);

    // A GET (a link scanner, a preview) shows the page and changes nothing.
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect(await topicSuppressions()).toEqual([]);

    // What a mailbox provider sends (RFC 8058): a form POST, answered 200 without a redirect.
    const post = await fetch(link!, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(200);
    expect(await topicSuppressions()).toEqual([expect.objectContaining({ topic: "newsletter", address, emailId: first.id })]);

    const hook = await receiver.waitFor("unsubscribed", first.id);
    expect(verifyWebhook({ rawBody: hook.rawBody, headers: hook.headers, secret })).toMatchObject({ ok: true });
    expect(JSON.parse(hook.rawBody.toString())).toMatchObject({ data: { emailId: first.id, event: { type: "unsubscribed" } } });
    const afterwards = await waitForEmail(fx, first.id, (e) => e.events.some((event) => event.type === "unsubscribed"));
    expect(JSON.parse(afterwards.events.find((e) => e.type === "unsubscribed")!.payloadJson)).toEqual({
      source: "svc",
      topic: "newsletter",
      recipient: address,
    });

    // The next newsletter to that address (however it is written) is never handed off.
    const next = await waitForEmail(fx, await send(fx, "READER@Example.com", "newsletter"), (e) => e.status === "failed");
    expect(next.providerMessageId).toBeNull();
    expect(next.suppressedRecipients).toEqual([{ address, reason: "unsubscribed" }]);
    expect(next.events.map((e) => e.type)).toEqual(["rejected"]);
    expect(JSON.parse(next.events[0]!.payloadJson)).toEqual({
      source: "svc",
      reason: "unsubscribed",
      recipients: [{ address, reason: "unsubscribed" }],
    });
    const rejected = await receiver.waitFor("rejected", next.id);
    expect(verifyWebhook({ rawBody: rejected.rawBody, headers: rejected.headers, secret })).toMatchObject({ ok: true });

    // Another topic, an email without one, and another workspace's newsletter still go.
    await waitForEmail(fx, await send(fx, address, "billing"), (e) => e.status === "delivered");
    await waitForEmail(fx, await send(fx, address), (e) => e.status === "delivered");
    await waitForEmail(other, await send(other, address, "newsletter"), (e) => e.status === "delivered");

    // Removing the entry lets the topic's mail through again.
    const removed = await fetch(`${stack.apiUrl}/suppressions/topics/newsletter/${encodeURIComponent(address)}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${fx.keys["full-access"]}` },
    });
    expect(removed.status).toBe(200);
    expect(await topicSuppressions()).toEqual([]);
    await waitForEmail(fx, await send(fx, address, "newsletter"), (e) => e.status === "delivered");
  });

  it("refuses unsubscribe with more than one recipient, or a bad topic, with 422", async () => {
    for (const body of [
      { to: ["a@example.com", "b@example.com"], unsubscribe: { topic: "news" } },
      { to: ["a@example.com"], cc: ["b@example.com"], unsubscribe: { topic: "news" } },
      { to: ["a@example.com"], unsubscribe: { topic: "bad topic!" } },
      { to: ["a@example.com"], unsubscribe: { topic: "news" }, headers: { "List-Unsubscribe": "<https://elsewhere>" } },
    ]) {
      const response = await fetch(`${stack.apiUrl}/emails`, {
        method: "POST",
        headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
        body: JSON.stringify({ from: `news@${fx.domain}`, subject: "x", text: "x", ...body }),
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: "validation_failed" });
    }
  });
});
