import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { createWebhookSubscription, EVENT_TYPES, SecretBox } from "@svc/core";
import { verifyWebhook } from "@svc/webhooks";
import { z } from "zod";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { type Stack, startStack } from "../support/stack.ts";

/**
 * The whole loop, every app its own process: POST /emails → sender → simulator → signed SNS →
 * ingest → events on GET /emails/{id} → signed webhooks at a local receiver.
 */
interface Received {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  receivedAt: number;
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
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks), receivedAt: Date.now() });
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
    { workspaceId: fx.workspaceId, url: `http://127.0.0.1:${port}/hooks`, events: [...EVENT_TYPES] },
    { allowPrivate: true },
  );
  secret = subscription.secret;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => receiver?.close(r));
  await handle.close();
});

async function send(to: string): Promise<string> {
  const response = await fetch(`${stack.apiUrl}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
    body: JSON.stringify({ from: `Acme <hello@${fx.domain}>`, to: [to], subject: `Scenario ${to}`, text: "Hi", html: "<p>Hi</p>" }),
  });
  expect(response.status).toBe(202);
  const body = (await response.json()) as { id: string; status: string };
  expect(body.status).toBe("queued");
  return body.id;
}

interface EmailWithEvents {
  id: string;
  status: string;
  provider: string | null;
  providerMessageId: string | null;
  events: Array<{ id: string; emailId: string; type: string; payloadJson: string }>;
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

// The simulator's table (issue 3): recipient local part → events in order → final status.
const SCENARIOS: Array<[string, string[], string]> = [
  ["someone", ["sent", "delivered"], "delivered"],
  ["bounce", ["sent", "bounced"], "bounced"],
  ["suppressionlist", ["sent", "bounced"], "bounced"],
  ["complaint", ["sent", "delivered", "complained"], "complained"],
  ["delay", ["sent", "delivery_delayed"], "delivery_delayed"],
  ["reject", ["rejected"], "rejected"],
  ["renderfail", ["rendering_failed"], "failed"],
  ["open", ["sent", "delivered", "opened"], "delivered"],
  ["click", ["sent", "delivered", "opened", "clicked"], "delivered"],
];

describe("the pipeline on the simulator", () => {
  it.each(SCENARIOS)("%s@example.com ends with events %j and status %s", async (local, events, status) => {
    const id = await send(`${local}+e2e@example.com`);
    const email = await waitForEmail(id, (e) => e.events.length >= events.length && e.status === status);
    expect(email.events.map((e) => e.type)).toEqual(events);
    expect(email.provider).toBe("simulator");
    expect(email.providerMessageId).toEqual(expect.any(String));
    for (const event of email.events) {
      expect(event.emailId).toBe(id);
      expect(() => JSON.parse(event.payloadJson)).not.toThrow();
    }
    if (local === "bounce") {
      const payload = JSON.parse(email.events[1]!.payloadJson) as { bounce: { bounceType: string; bounceSubType: string } };
      expect(payload.bounce).toMatchObject({ bounceType: "Permanent", bounceSubType: "General" });
    }
    if (local === "complaint") {
      expect(JSON.parse(email.events[2]!.payloadJson)).toMatchObject({ complaint: { complaintFeedbackType: "abuse" } });
    }
  });

  it("brings a signed `bounced` webhook for bounce@example.com to a local receiver", async () => {
    const id = await send("bounce@example.com");
    const deadline = Date.now() + 30_000;
    let hook: Received | undefined;
    while (!hook && Date.now() < deadline) {
      hook = received.find((r) => r.headers["x-service-event-type"] === "bounced" && r.rawBody.toString().includes(id));
      if (!hook) await new Promise((r) => setTimeout(r, 200));
    }
    expect(hook).toBeDefined();
    expect(verifyWebhook({ rawBody: hook!.rawBody, headers: hook!.headers, secret })).toMatchObject({ ok: true });
    const body = JSON.parse(hook!.rawBody.toString()) as {
      id: string;
      type: string;
      data: { emailId: string; event: { eventId: string; type: string } };
    };
    expect(body).toMatchObject({ type: "email.event", data: { emailId: id, event: { type: "bounced" } } });
    expect(body.id).toMatch(/^wd_/);
    expect(hook!.headers["x-service-delivery-id"]).toBe(body.id);
    expect(body.data.event.eventId).toMatch(/^evt_/);
    // The webhook names the stored event of this email.
    const event = await handle.prisma.emailEvent.findUniqueOrThrow({ where: { id: body.data.event.eventId } });
    expect(event).toMatchObject({ emailId: id, type: "bounced" });
  });

  it("keeps test keys from reaching recipients that are not pre-verified", async () => {
    const response = await fetch(`${stack.apiUrl}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${fx.testKey}`, "content-type": "application/json" },
      body: JSON.stringify({ from: `hello@${fx.domain}`, to: ["stranger@example.com"], subject: "Test key", text: "Hi" }),
    });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const email = await waitForEmail(id, (e) => e.status === "failed");
    // No provider event: only our `failed` record, saying why.
    expect(email.events.map((event) => [event.type, JSON.parse(event.payloadJson).reason])).toEqual([["failed", "no_permitted_recipient"]]);
    expect(email.providerMessageId).toBeNull();
    expect((email as unknown as { errorMessage: string }).errorMessage).toContain("stranger@example.com");
    // Subscribers hear of it: a signed `failed` webhook naming the reason.
    const deadline = Date.now() + 30_000;
    let hook: Received | undefined;
    while (!hook && Date.now() < deadline) {
      hook = received.find((r) => r.headers["x-service-event-type"] === "failed" && r.rawBody.toString().includes(id));
      if (!hook) await new Promise((r) => setTimeout(r, 200));
    }
    expect(hook).toBeDefined();
    expect(verifyWebhook({ rawBody: hook!.rawBody, headers: hook!.headers, secret })).toMatchObject({ ok: true });
    expect(JSON.parse(hook!.rawBody.toString())).toMatchObject({
      data: { emailId: id, event: { eventId: email.events[0]!.id, type: "failed", reason: { code: "no_permitted_recipient" } } },
    });
  });
});
