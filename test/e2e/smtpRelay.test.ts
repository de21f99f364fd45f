import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { createWebhookSubscription, EVENT_TYPES, SecretBox } from "@svc/core";
import { verifyWebhook } from "@svc/webhooks";
import { z } from "zod";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { type Stack, startStack } from "../support/stack.ts";
import { queuedIdIn, swaks } from "../support/swaks.ts";

/**
 * The relay as a process of the whole pipeline on the simulator (relay → api's core service →
 * sender → simulator → signed SNS → ingest → dispatcher), driven by swaks over STARTTLS: the
 * email named in the 250 line is the one GET /emails shows, and its events reach a webhook.
 */
const handle = openTestDb();
let stack: Stack;
let fx: WorkspaceFixture;
let receiver: Server;
let secret: string;
let caFile: string;
const received: Array<{ headers: Record<string, string | string[] | undefined>; rawBody: Buffer }> = [];

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

  stack = await startStack({ apps: ["ingest", "api", "sender", "dispatcher", "smtp"] });
  caFile = path.join(stack.env.SMTP_TLS_DIR!, "tls-localhost.pem");
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
  const box = new SecretBox(loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY);
  secret = (
    await createWebhookSubscription(
      handle.prisma,
      box,
      { workspaceId: fx.workspaceId, url: `http://127.0.0.1:${port}/hooks`, events: [...EVENT_TYPES] },
      { allowPrivate: true },
    )
  ).secret;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => receiver?.close(r));
  await handle.close();
});

/** swaks to the relay over STARTTLS, checking the relay's certificate against the one it keeps. */
function swaksArgs(key: string, extra: string[] = []): string[] {
  return [
    "--server",
    "127.0.0.1",
    "--port",
    stack.env.SMTP_PORT!,
    "--tls",
    "--tls-verify",
    "--tls-ca-path",
    caFile,
    "--auth",
    "PLAIN",
    "--auth-user",
    "svc",
    "--auth-password",
    key,
    "--from",
    `hello@${fx.domain}`,
    ...extra,
  ];
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the relay in the pipeline (simulator)", () => {
  it("reports healthy and ready", async () => {
    const ready = await fetch(`${stack.apps.smtp!.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it("queues a swaks message as the email GET /emails shows, and its events reach a signed webhook", async () => {
    const run = await swaks(
      swaksArgs(fx.keys["send-only"], ["--to", "someone+smtp@example.com", "--header", "Subject: Over SMTP", "--body", "Sent with swaks"]),
    );
    expect(run.code).toBe(0);
    expect(run.transcript).toContain("STARTTLS");
    const id = queuedIdIn(run.transcript);

    const list = (await (
      await fetch(`${stack.apiUrl}/emails`, { headers: { authorization: `Bearer ${fx.keys["read-only"]}` } })
    ).json()) as Array<{ id: string; subject: string; to: string[] }>;
    expect(list.find((e) => e.id === id)).toMatchObject({ subject: "Over SMTP", to: ["someone+smtp@example.com"] });

    const email = await waitFor("the email to be delivered", async () => {
      const response = await fetch(`${stack.apiUrl}/emails/${id}`, { headers: { authorization: `Bearer ${fx.keys["read-only"]}` } });
      const body = (await response.json()) as { status: string; text: string; events: Array<{ type: string }> };
      return body.status === "delivered" ? body : undefined;
    });
    expect(email.events.map((e) => e.type)).toEqual(["sent", "delivered"]);
    expect(email.text.trim()).toBe("Sent with swaks");

    const hook = await waitFor("the delivered webhook", async () =>
      received.find((r) => r.headers["x-service-event-type"] === "delivered" && r.rawBody.toString().includes(id)),
    );
    expect(verifyWebhook({ rawBody: hook.rawBody, headers: hook.headers, secret })).toMatchObject({ ok: true });
    expect(JSON.parse(hook.rawBody.toString())).toMatchObject({ data: { emailId: id, event: { type: "delivered" } } });
  });

  it("refuses AUTH without TLS (swaks without --tls), so the key never travels in the clear", async () => {
    const args = swaksArgs(fx.keys["send-only"], ["--to", "someone@example.com"]).filter(
      (arg) => !["--tls", "--tls-verify", "--tls-ca-path", caFile].includes(arg),
    );
    const run = await swaks(args);
    expect(run.code).not.toBe(0);
    expect(run.transcript).toMatch(/538 Error: Must issue a STARTTLS command first/);
  });

  it("refuses an unverified From domain with 550 5.7.1 and stores nothing", async () => {
    const before = await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } });
    const args = swaksArgs(fx.keys["send-only"], [
      "--to",
      "someone@example.com",
      "--header",
      "From: m@not-verified.example",
      "--header",
      "Subject: no",
    ]);
    const run = await swaks(args);
    expect(run.code).not.toBe(0);
    expect(run.replies).toContain("550 5.7.1 The from domain not-verified.example is not verified for this workspace.");
    expect(await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } })).toBe(before);
  });

  it("queues one email for a message retransmitted with the same Message-ID", async () => {
    const messageId = `<retransmit-${Date.now()}@${fx.domain}>`;
    const args = swaksArgs(fx.keys["send-only"], [
      "--to",
      "someone@example.com",
      "--header",
      "Subject: Twice",
      "--header",
      `Message-Id: ${messageId}`,
    ]);
    const first = queuedIdIn((await swaks(args)).transcript);
    const second = queuedIdIn((await swaks(args)).transcript);
    expect(second).toBe(first);
    expect(await handle.prisma.email.count({ where: { organizationId: fx.workspaceId, subject: "Twice" } })).toBe(1);
  });

  it("keeps its certificate in SMTP_TLS_DIR for SMTP_HOSTNAME", () => {
    expect(readFileSync(caFile, "utf8")).toMatch(/BEGIN CERTIFICATE/);
  });
});
