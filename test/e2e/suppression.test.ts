import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { createWebhookSubscription, SecretBox } from "@svc/core";
import { verifyWebhook } from "@svc/webhooks";
import { z } from "zod";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { type Stack, startStack } from "../support/stack.ts";

/**
 * The suppression list end to end, every app its own process on the simulator: a permanent
 * bounce or a complaint puts the recipient on the list, and the next email to it is never handed
 * off; it ends `failed` with a `rejected` event that reaches a subscribed webhook receiver.
 */
interface Received {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

const handle = openTestDb();
let stack: Stack;
let fx: WorkspaceFixture;
let receiver: Server;
let secret: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const port = (receiver.address() as { port: number }).port;
  stack = await startStack();
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
  const box = new SecretBox(loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY);
  const subscription = await createWebhookSubscription(
    handle.prisma,
    box,
    { workspaceId: fx.workspaceId, url: `http://127.0.0.1:${port}/hooks`, events: ["rejected"] },
    { allowPrivate: true },
  );
  secret = subscription.secret;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => receiver?.close(r));
  await handle.close();
});

async function send(to: string[], key = fx.keys["full-access"]): Promise<string> {
  const response = await fetch(`${stack.apiUrl}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ from: `Acme <hello@${fx.domain}>`, to, subject: "Suppression", text: "Hi" }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

interface EmailWithEvents {
  id: string;
  status: string;
  provider: string | null;
  providerMessageId: string | null;
  errorMessage: string | null;
  suppressedRecipients: Array<{ address: string; reason: string }>;
  events: Array<{ type: string; payloadJson: string }>;
}

async function waitForEmail(id: string, done: (email: EmailWithEvents) => boolean): Promise<EmailWithEvents> {
  const deadline = Date.now() + 30_000;
  let email: EmailWithEvents | undefined;
  while (Date.now() < deadline) {
    const response = await fetch(`${stack.apiUrl}/emails/${id}`, { headers: { authorization: `Bearer ${fx.keys["read-only"]}` } });
    email = (await response.json()) as EmailWithEvents;
    if (done(email)) return email;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`email ${id} never settled: ${JSON.stringify(email)}`);
}

async function suppressions(query = ""): Promise<Array<{ address: string; reason: string; emailId: string | null }>> {
  const response = await fetch(`${stack.apiUrl}/suppressions${query}`, { headers: { authorization: `Bearer ${fx.keys["read-only"]}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ address: string; reason: string; emailId: string | null }>;
}

async function webhookFor(emailId: string): Promise<Received> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const hook = received.find((r) => r.headers["x-service-event-type"] === "rejected" && r.rawBody.toString().includes(emailId));
    if (hook) return hook;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no rejected webhook for ${emailId}`);
}

/** The second email to a suppressed address: never handed off, failed, a rejected event of ours, a webhook. */
async function expectSuppressed(id: string, address: string, reason: string): Promise<void> {
  const email = await waitForEmail(id, (e) => e.status === "failed" && e.events.length >= 1);
  // Never handed off: the simulator assigns a message id and reports a Send for everything it accepts.
  expect(email.provider).toBeNull();
  expect(email.providerMessageId).toBeNull();
  expect(email.events.map((e) => e.type)).toEqual(["rejected"]);
  expect(email.errorMessage).toContain(address);
  expect(email.errorMessage).toContain(reason);
  expect(email.suppressedRecipients).toEqual([{ address, reason }]);
  expect(JSON.parse(email.events[0]!.payloadJson)).toEqual({ source: "svc", reason: "suppressed", recipients: [{ address, reason }] });
  const hook = await webhookFor(id);
  expect(verifyWebhook({ rawBody: hook.rawBody, headers: hook.headers, secret })).toMatchObject({ ok: true });
  expect(JSON.parse(hook.rawBody.toString())).toMatchObject({ data: { emailId: id, event: { type: "rejected" } } });
  // Nothing after it either (a late Send would mean it was handed off after all).
  await new Promise((r) => setTimeout(r, 500));
  expect((await waitForEmail(id, () => true)).events.map((e) => e.type)).toEqual(["rejected"]);
}

describe("the suppression list on the simulator", () => {
  it("a hard bounce suppresses the next email to that address (and test keys share the list)", async () => {
    const address = "bounce+supp@example.com";
    const first = await send([address]);
    await waitForEmail(first, (e) => e.status === "bounced");
    expect(await suppressions(`?address=bounce%2Bsupp`)).toEqual([
      expect.objectContaining({ address, reason: "hard_bounce", emailId: first }),
    ]);

    await expectSuppressed(await send(["Bounce+Supp@Example.com"]), address, "hard_bounce");
    await expectSuppressed(await send([address], fx.testKey), address, "hard_bounce");
  });

  it("a complaint suppresses the next email to that address", async () => {
    const address = "complaint+supp@example.com";
    const first = await send([address]);
    await waitForEmail(first, (e) => e.status === "complained");
    expect(await suppressions(`?reason=complaint`)).toEqual([expect.objectContaining({ address, reason: "complaint", emailId: first })]);
    await expectSuppressed(await send([address]), address, "complaint");
  });

  it("an email to [suppressed, fine] goes to fine only and says it dropped the other", async () => {
    const suppressed = "bounce+mixed@example.com";
    await waitForEmail(await send([suppressed]), (e) => e.status === "bounced");
    const id = await send([suppressed, "fine+mixed@example.com"]);
    const email = await waitForEmail(id, (e) => e.status === "delivered");
    expect(email.suppressedRecipients).toEqual([{ address: suppressed, reason: "hard_bounce" }]);
    const sent = JSON.parse(email.events.find((e) => e.type === "sent")!.payloadJson) as { mail: { destination: string[] } };
    expect(sent.mail.destination).toEqual(["fine+mixed@example.com"]);
    expect(email.events.map((e) => e.type)).toEqual(["sent", "delivered"]);
  });

  it("a soft bounce (delay) suppresses nothing: the next email is handed off", async () => {
    const address = "delay+supp@example.com";
    await waitForEmail(await send([address]), (e) => e.status === "delivery_delayed");
    expect(await suppressions("?address=delay")).toEqual([]);
    const again = await waitForEmail(await send([address]), (e) => e.status === "delivery_delayed");
    expect(again.providerMessageId).toEqual(expect.any(String));
    expect(again.suppressedRecipients).toEqual([]);
  });
});
