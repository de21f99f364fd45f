import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { createWebhookSubscription, SecretBox } from "@svc/core";
import { newId } from "@svc/db";
import { z } from "zod";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type SesLocal, type StoredEmail, startSesLocal } from "../support/ses.ts";
import { type ApiCall, callApi, type Stack, startStack } from "../support/stack.ts";

/**
 * Templates end to end: the api and the sender as their own processes, the sender handing off
 * through the AWS SDK to the SES emulator, whose store holds what was rendered.
 */
/** The API's JSON answers, read loosely here; the API tests check their shape. */
type Loose = any;

const BOMB_BUDGET_MS = 6_000;
const handle = openTestDb();
let emulator: SesLocal;
let stack: Stack;
let fx: WorkspaceFixture;

beforeAll(async () => {
  emulator = await startSesLocal();
  stack = await startStack({
    apps: ["api", "sender"],
    env: {
      EMAIL_PROVIDER: "ses",
      SES_ENDPOINT: emulator.url,
      SCHEDULE_POLL_INTERVAL_MS: "200",
      // Long enough that a bomb is still running while another workspace's emails go out.
      TEMPLATE_RENDER_BUDGET_MS: String(BOMB_BUDGET_MS),
      ...FAKE_AWS_CREDENTIALS,
    },
  });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await emulator?.stop();
  await handle.close();
});

const api = (path: string, init: ApiCall = {}) => callApi(stack.apiUrl, fx.keys["full-access"], path, init);

async function waitForEnd(id: string): Promise<Loose> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { body: email } = await api(`/emails/${id}`);
    if (!["queued", "sending", "scheduled"].includes(email.status)) return email;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${id} did not end in time`);
}

async function stored(email: Loose): Promise<StoredEmail> {
  const found = (await emulator.emails()).find((e) => e.messageId === email.providerMessageId);
  if (!found) throw new Error(`${email.id} is ${email.status} (${email.errorMessage}) but the emulator has no ${email.providerMessageId}`);
  return found;
}

async function emailCount(): Promise<number> {
  return handle.prisma.email.count({ where: { organizationId: fx.workspaceId } });
}

async function publishedTemplate(alias: string, body: Record<string, unknown>): Promise<string> {
  const created = await api("/templates", { body: { name: alias, alias, ...body } });
  expect(created.status).toBe(201);
  expect((await api(`/templates/${alias}/publish`, { body: {} })).status).toBe(201);
  return created.body.id;
}

const receipt = {
  subject: "Receipt for {{ name }}",
  html: "<h1>Thanks {{ name }}</h1><p>{{ items | size }} items, total {{ total }}</p>",
  variables: [
    { name: "name", type: "string" },
    { name: "total", type: "number" },
    { name: "items", type: "list", fallback: [] },
  ],
};

describe("sending by template", () => {
  it("delivers the rendered subject, HTML and derived text; a <script> variable arrives escaped", async () => {
    await publishedTemplate("receipt", receipt);
    const sent = await api("/emails", {
      body: {
        from: `Acme <billing@${fx.domain}>`,
        to: "ann@example.com",
        template: { alias: "receipt", variables: { name: "<script>alert(1)</script>", total: 42 } },
      },
    });
    expect(sent.status).toBe(202);
    const email = await waitForEnd(sent.body.id);
    expect(email.status).toBe("sent");
    const message = await stored(email);
    expect(message.subject).toBe("Receipt for <script>alert(1)</script>");
    expect(message.body.html).toBe("<h1>Thanks &lt;script&gt;alert(1)&lt;/script&gt;</h1><p>0 items, total 42</p>");
    expect(message.body.html).not.toContain("<script>");
    expect(message.body.text).toContain("total 42");
  });

  it("GET /emails/{id} names the template, its pinned version and values, answers the rendered subject once sent, and names the replies received", async () => {
    await publishedTemplate("order", {
      subject: "Order {{ n }} for {{ who }}",
      html: "<p>Order {{ n }}</p>",
      variables: [
        { name: "n", type: "number" },
        { name: "who", type: "string" },
      ],
    });
    const sent = await api("/emails", {
      body: { from: `Acme <orders@${fx.domain}>`, to: "ann@example.com", template: { alias: "order", variables: { n: 7, who: "Ann" } } },
    });
    expect(sent.status).toBe(202);
    const queued = (await api(`/emails/${sent.body.id}`)).body;
    expect(queued.template).toEqual({ id: expect.stringMatching(/^tmpl_/), alias: "order", version: 1, variables: { n: 7, who: "Ann" } });
    const email = await waitForEnd(sent.body.id);
    expect(email.status).toBe("sent");
    expect(email.subject).toBe("Order 7 for Ann");
    expect(email.subject).toBe((await stored(email)).subject);
    expect(email.html).toBeNull();
    expect(email.template).toEqual(queued.template);
    // What the answer points to renders the bodies that were sent.
    const again = await api(`/templates/${email.template.id}/render`, { body: { version: 1, variables: email.template.variables } });
    expect(again.body.html).toBe((await stored(email)).body.html);
    expect(email.replies).toEqual([]);

    const replyId = newId("inbound");
    await handle.prisma.inboundEmail.create({
      data: {
        id: replyId,
        workspaceId: fx.workspaceId,
        source: "mx",
        mailFrom: "ann@example.com",
        rcptTo: [`orders@${fx.domain}`],
        from: "Ann <ann@example.com>",
        subject: "Re: Order 7 for Ann",
        text: "Thanks",
        raw: new Uint8Array(Buffer.from("raw")),
        size: 3,
        verdicts: {},
        replyToEmailId: sent.body.id,
        receivedAt: new Date("2026-12-01T10:00:00Z"),
      },
    });
    const replied = (await api(`/emails/${sent.body.id}`)).body;
    expect(replied.replies).toEqual([{ id: replyId, receivedAt: "2026-12-01T10:00:00.000Z", from: "Ann <ann@example.com>" }]);
    // A plain email names neither.
    const plain = await api("/emails", {
      body: { from: `Acme <orders@${fx.domain}>`, to: "ann@example.com", subject: "Plain", text: "x" },
    });
    expect((await api(`/emails/${plain.body.id}`)).body).toMatchObject({ template: null, replies: [] });
  });

  it("refuses a missing required variable, a wrong type, an unknown alias or version with a 422 naming it; nothing is stored", async () => {
    await publishedTemplate("welcome", { subject: "Welcome", html: "<p>{{ who }}</p>", variables: [{ name: "who", type: "string" }] });
    const base = { from: `Acme <hi@${fx.domain}>`, to: "ann@example.com" };
    const before = await emailCount();
    const cases: Array<[unknown, string]> = [
      [{ alias: "welcome", variables: {} }, "template.variables.who: is required"],
      [{ alias: "welcome", variables: { who: 7 } }, "template.variables.who: must be a string"],
      [{ alias: "no-such-template", variables: {} }, "no template with alias no-such-template"],
      [{ alias: "welcome", version: 9, variables: { who: "x" } }, "has no version 9"],
    ];
    for (const [template, message] of cases) {
      const answer = await api("/emails", { body: { ...base, template } });
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe("validation_failed");
      expect(answer.body.error).toContain(message);
    }
    // A strict batch with one such email creates nothing; a permissive one creates the others.
    const good = { ...base, template: { alias: "welcome", variables: { who: "ok" } } };
    const bad = { ...base, template: { alias: "welcome", variables: {} } };
    const strict = await api("/emails/batch", { body: [good, bad] });
    expect(strict.status).toBe(422);
    expect(strict.body.errors).toEqual([
      { index: 1, error: expect.stringContaining("template.variables.who: is required"), code: "validation_failed" },
    ]);
    expect(await emailCount()).toBe(before);
    const permissive = await api("/emails/batch?mode=permissive", { body: [good, bad] });
    expect(permissive.status).toBe(202);
    expect(permissive.body[0]).toEqual({ id: expect.any(String), status: "queued" });
    expect(permissive.body[1]).toEqual({
      error: expect.stringContaining("template.variables.who: is required"),
      code: "validation_failed",
    });
    expect(await emailCount()).toBe(before + 1);
  });

  it("a scheduled email keeps the version in force when it was accepted; new sends use the newer one", async () => {
    await publishedTemplate("notice", { subject: "Notice v1", html: "<p>one</p>" });
    const base = { from: `Acme <hi@${fx.domain}>`, to: "ann@example.com" };
    const scheduled = await api("/emails", {
      body: { ...base, template: { alias: "notice" }, scheduledAt: new Date(Date.now() + 3_000).toISOString() },
    });
    expect(scheduled.status).toBe(202);
    expect((await api("/templates/notice", { method: "PATCH", body: { subject: "Notice v2", html: "<p>two</p>" } })).status).toBe(200);
    const v2 = await api("/templates/notice/publish", { body: {} });
    expect(v2.body.version).toBe(2);
    const now = await api("/emails", { body: { ...base, template: { alias: "notice" } } });
    const [first, second] = await Promise.all([waitForEnd(scheduled.body.id), waitForEnd(now.body.id)]);
    expect((await stored(first)).subject).toBe("Notice v1");
    expect((await stored(first)).body.html).toBe("<p>one</p>");
    expect((await stored(second)).subject).toBe("Notice v2");
    const versions = await api("/templates/notice/versions");
    expect(versions.body.data.map((v: Loose) => v.version)).toEqual([2, 1]);
  });

  it("a render that fails at the handoff (output over the limit for the given data) ends the email failed with a rendering_failed event and its webhook deliveries", async () => {
    const box = new SecretBox(loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY);
    const subscription = await createWebhookSubscription(
      handle.prisma,
      box,
      { workspaceId: fx.workspaceId, url: "http://127.0.0.1:9/hooks", events: ["rendering_failed"] },
      { allowPrivate: true },
    );
    const templateId = await publishedTemplate("huge", {
      subject: "Huge",
      html: "{% for i in (1..30) %}{{ blob }}{% endfor %}",
      variables: [{ name: "blob", type: "string" }],
    });
    const sent = await api("/emails", {
      body: { from: `Acme <hi@${fx.domain}>`, to: "ann@example.com", template: { alias: "huge", variables: { blob: "x".repeat(60_000) } } },
    });
    expect(sent.status).toBe(202);
    const email = await waitForEnd(sent.body.id);
    expect(email.status).toBe("failed");
    expect(email.errorMessage).toContain("over 1 MB");
    const events = await handle.prisma.emailEvent.findMany({ where: { emailId: sent.body.id } });
    expect(events.map((e) => e.type)).toEqual(["rendering_failed"]);
    expect(JSON.parse(events[0]!.payloadJson as string)).toMatchObject({
      source: "svc",
      template: templateId,
      version: 1,
      error: expect.stringContaining("over 1 MB"),
    });
    const deliveries = await handle.prisma.webhookDelivery.findMany({ where: { eventId: events[0]!.id } });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ subscriptionId: subscription.id, eventType: "rendering_failed" });
    expect(JSON.parse(deliveries[0]!.body as string)).toMatchObject({
      type: "email.event",
      data: { emailId: sent.body.id, event: { type: "rendering_failed" } },
    });
    // The sender counts it apart from its other failures.
    const metrics = await (await fetch(`${stack.apps.sender!.url}/metrics`)).text();
    expect(metrics).toMatch(/svc_sender_handoffs_total\{[^}]*outcome="rendering_failed"[^}]*\} 1/);
  });

  it("a render bomb of one workspace ends rendering_failed naming its budget, while another workspace's templated emails are sent meanwhile", async () => {
    const attacker = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const asAttacker = (path: string, init: ApiCall = {}) => callApi(stack.apiUrl, attacker.keys["full-access"], path, init);
    const created = await asAttacker("/templates", {
      body: {
        name: "bomb",
        alias: "bomb",
        subject: "Bomb",
        html: "{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}",
        variables: [{ name: "xs", type: "list" }],
      },
    });
    expect(created.status).toBe(201);
    expect((await asAttacker("/templates/bomb/publish", { body: {} })).status).toBe(201);
    await publishedTemplate("hello", {
      subject: "Hello {{ n }}",
      html: "<p>Hello {{ n }}</p>",
      variables: [{ name: "n", type: "number" }],
    });
    const hello = (n: number) =>
      api("/emails", { body: { from: `Acme <hi@${fx.domain}>`, to: "ann@example.com", template: { alias: "hello", variables: { n } } } });
    // The sender's render threads have started before the bomb goes in.
    expect((await waitForEnd((await hello(0)).body.id)).status).toBe("sent");

    const bomb = await asAttacker("/emails", {
      body: {
        from: `Evil <x@${attacker.domain}>`,
        to: "ann@example.com",
        template: { alias: "bomb", variables: { xs: Array.from({ length: 1000 }, (_, i) => i) } },
      },
    });
    expect(bomb.status).toBe(202);
    const bombStatus = async () => (await asAttacker(`/emails/${bomb.body.id}`)).body.status as string;
    const deadline = Date.now() + 10_000;
    while ((await bombStatus()) === "queued" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await bombStatus()).toBe("sending");

    const others = await Promise.all([1, 2, 3].map((n) => hello(n)));
    for (const other of others) expect((await waitForEnd(other.body.id)).status).toBe("sent");
    expect(await bombStatus()).toBe("sending");

    const deadlineEnd = Date.now() + 30_000;
    let last: Loose = (await asAttacker(`/emails/${bomb.body.id}`)).body;
    while (["queued", "sending"].includes(last.status) && Date.now() < deadlineEnd) {
      await new Promise((r) => setTimeout(r, 100));
      last = (await asAttacker(`/emails/${bomb.body.id}`)).body;
    }
    expect(last.status).toBe("failed");
    expect(last.errorMessage).toContain(`longer than its budget of ${BOMB_BUDGET_MS} ms`);
    const events = await handle.prisma.emailEvent.findMany({ where: { emailId: bomb.body.id } });
    expect(events.map((e) => e.type)).toEqual(["rendering_failed"]);
  });

  it("send-only keys send by template but cannot read templates; read-only keys read but cannot write", async () => {
    expect((await api("/templates", { key: fx.keys["send-only"] })).status).toBe(403);
    expect((await api("/templates", { key: fx.keys["read-only"] })).status).toBe(200);
    expect((await api("/templates", { key: fx.keys["read-only"], body: { name: "x", alias: "x", subject: "s", html: "h" } })).status).toBe(
      403,
    );
    const render = await api("/templates/receipt/render", { body: { variables: { name: "Bo", total: 1 } } });
    expect(render.body).toMatchObject({ subject: "Receipt for Bo", html: "<h1>Thanks Bo</h1><p>0 items, total 1</p>" });
  });
});
