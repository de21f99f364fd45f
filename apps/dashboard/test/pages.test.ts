import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createApiKey, recordEmailEvent } from "@svc/core";
import { type EmailStatus, type EventType, newId } from "@svc/db";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { type Agent, createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

/** What the pages show, over HTTP: paging and filters, the overview's numbers, forms' errors. */
let dns: TestDnsServer;
let dashboard: TestDashboard;
let owner: { agent: Agent; email: string; csrf: string };
let workspaceId: string;
let keyId: string;

beforeAll(async () => {
  dns = await startDnsServer();
  dashboard = await createTestDashboard({
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: "500",
    WEBHOOK_ALLOW_PRIVATE_URLS: "false",
    SMTP_HOSTNAME: "smtp.pages.example",
    SMTPS_PORT: "0",
  });
  owner = await signedUpAgent(dashboard.url, { workspaceName: "Pages" });
  workspaceId = (await db().member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
  keyId = (await createApiKey(db(), { workspaceId, environment: "live", scope: "send-only" })).id;
});
afterAll(async () => {
  await dashboard.close();
  await dns.close();
});

const db = () => dashboard.db;

/** An email row as the sender would leave it (never `queued`: no sender should pick it up). */
async function insertEmail(input: {
  to: string;
  subject: string;
  status: EmailStatus;
  createdAt: Date;
  workspace?: string;
}): Promise<string> {
  const id = newId("email");
  await db().email.create({
    data: {
      id,
      organizationId: input.workspace ?? workspaceId,
      apiKeyId: keyId,
      environment: "live",
      from: "App <a@pages.example.com>",
      to: [input.to],
      subject: input.subject,
      text: "t",
      status: input.status,
      createdAt: input.createdAt,
    },
  });
  return id;
}

const ids = (html: string) => [...html.matchAll(/data-email-id="(email_[A-Za-z0-9]+)"/g)].map((m) => m[1]);
const href = (html: string, rel: "next" | "prev") => new RegExp(`href="([^"]+)" rel="${rel}"`).exec(html)?.[1]?.replace(/&amp;/g, "&");

describe("emails page", () => {
  it("pages newest first, 25 at a time, both ways, and filters by status and recipient", async () => {
    const base = Date.now() - 3_600_000;
    const created: string[] = [];
    for (let i = 0; i < 30; i++) {
      created.push(
        await insertEmail({
          to: i % 3 === 0 ? `Buyer${i}@Shop.example` : `reader${i}@news.example`,
          subject: `Message ${i}`,
          status: i % 5 === 0 ? "bounced" : "delivered",
          createdAt: new Date(base + i * 1000),
        }),
      );
    }
    const newestFirst = [...created].reverse();

    const first = await owner.agent.get("/emails").expect(200);
    expect(ids(first.text)).toEqual(newestFirst.slice(0, 25));
    expect(href(first.text, "prev")).toBeUndefined();
    const second = await owner.agent.get(href(first.text, "next")!).expect(200);
    expect(ids(second.text)).toEqual(newestFirst.slice(25));
    expect(href(second.text, "next")).toBeUndefined();
    const back = await owner.agent.get(href(second.text, "prev")!).expect(200);
    expect(ids(back.text)).toEqual(newestFirst.slice(0, 25));

    const bounced = await owner.agent.get("/emails?status=bounced").expect(200);
    expect(ids(bounced.text)).toEqual(newestFirst.filter((_, i) => (29 - i) % 5 === 0));
    const shop = await owner.agent.get("/emails?recipient=shop.EXAMPLE").expect(200);
    expect(ids(shop.text)).toEqual(newestFirst.filter((_, i) => (29 - i) % 3 === 0));
    const both = await owner.agent.get("/emails?status=bounced&recipient=buyer").expect(200);
    expect(ids(both.text)).toEqual(newestFirst.filter((_, i) => (29 - i) % 15 === 0));
    // LIKE wildcards are literal in the search box.
    expect(ids((await owner.agent.get("/emails?recipient=%25").expect(200)).text)).toEqual([]);
    // An unknown status is ignored rather than an error.
    expect(ids((await owner.agent.get("/emails?status=nonsense").expect(200)).text)).toHaveLength(25);
  });

  it("pages an email's event timeline, 100 events at a time", async () => {
    const id = await insertEmail({ to: "x@example.com", subject: "Opened a lot", status: "delivered", createdAt: new Date() });
    const base = Date.now() - 3_600_000;
    const events = Array.from({ length: 130 }, (_, i) => ({
      id: newId("event"),
      emailId: id,
      type: (i === 0 ? "sent" : "opened") as EventType,
      eventTimestamp: new Date(base + i * 1000),
      payloadJson: "{}",
      dedupeKey: `timeline-${id}-${i}`,
    }));
    await db().emailEvent.createMany({ data: events });
    const eventIds = (html: string) => [...html.matchAll(/<span class="muted mono">(evt_[A-Za-z0-9]+)<\/span>/g)].map((m) => m[1]);

    const first = await owner.agent.get(`/emails/${id}`).expect(200);
    expect(eventIds(first.text)).toEqual(events.slice(0, 100).map((event) => event.id));
    const later = await owner.agent.get(href(first.text, "next")!).expect(200);
    expect(eventIds(later.text)).toEqual(events.slice(100).map((event) => event.id));
    expect(href(later.text, "next")).toBeUndefined();
    expect(later.text).toContain(`href="/emails/${id}" rel="first"`);
  });

  it("escapes what senders wrote and shows the event payload pretty-printed", async () => {
    const id = await insertEmail({
      to: "x@example.com",
      subject: `<img src=x onerror="alert(1)">`,
      status: "delivered",
      createdAt: new Date(),
    });
    await recordEmailEvent(dashboard.handle, {
      emailId: id,
      type: "sent",
      eventTimestamp: new Date(),
      payloadJson: '{"eventType":"Send","mail":{"messageId":"m-1","note":"</pre><script>alert(2)</script>"}}',
      dedupeKey: `pages-${id}`,
    });
    const page = await owner.agent.get(`/emails/${id}`).expect(200);
    expect(page.text).not.toContain("<img src=x");
    expect(page.text).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(page.text).not.toContain("<script>alert(2)");
    expect(page.text).toContain("  &quot;eventType&quot;: &quot;Send&quot;,\n  &quot;mail&quot;: {");
  });

  it("shows our failed event on the timeline with its reason, as our record rather than a provider's payload", async () => {
    const id = await insertEmail({ to: "x@example.com", subject: "Never sent", status: "failed", createdAt: new Date() });
    const message = "SES kept refusing the send for 72 hours; the retry window is over.";
    await recordEmailEvent(dashboard.handle, {
      emailId: id,
      type: "failed",
      eventTimestamp: new Date(),
      payloadJson: JSON.stringify({ source: "svc", reason: "retry_window_over", message }),
      dedupeKey: `failed:${id}`,
    });
    const page = await owner.agent.get(`/emails/${id}`).expect(200);
    expect(page.text).toMatch(
      /<p class="timeline-reason">SES kept refusing the send for 72 hours; the retry window is over\. <span class="muted mono">retry_window_over<\/span><\/p>/,
    );
    expect(page.text).toContain("<summary>Our record ");
    expect(page.text).not.toContain("<summary>Provider payload ");
  });
});

describe("SMTP page", () => {
  it("shows this install's relay host and ports, the user name, and that an API key is the password", async () => {
    const page = await owner.agent.get("/smtp");
    expect(page.status).toBe(200);
    const text = page.text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Host smtp.pages.example");
    expect(text).toContain("Port (STARTTLS) 2587");
    expect(text).toContain("Port (TLS) Off on this install");
    expect(text).toContain("Username svc");
    expect(text).toContain("Password An API key with the send permission");
    expect(page.text).toContain('aria-current="page"><svg');
    expect(page.text).toContain("--server smtp.pages.example --port 2587 --tls");
  });
});

describe("overview", () => {
  it("shows today's sends against the plan's limit, and 14 days of events", async () => {
    const fresh = await signedUpAgent(dashboard.url, { workspaceName: "Counting" });
    const ws = (await db().member.findFirstOrThrow({ where: { user: { email: fresh.email } } })).workspaceId;
    const key = await createApiKey(db(), { workspaceId: ws, environment: "live", scope: "send-only" });
    const record = async (type: EventType, daysAgo: number) => {
      const email = newId("email");
      await db().email.create({
        data: {
          id: email,
          organizationId: ws,
          apiKeyId: key.id,
          environment: "live",
          from: "a@b.example",
          to: ["c@d.example"],
          subject: "s",
          text: "t",
          status: "delivered",
          createdAt: new Date(Date.now() - daysAgo * 86_400_000),
        },
      });
      await recordEmailEvent(dashboard.handle, {
        emailId: email,
        type,
        eventTimestamp: new Date(Date.now() - daysAgo * 86_400_000),
        payloadJson: "{}",
        dedupeKey: `ov-${email}`,
      });
    };
    await record("sent", 0);
    await record("sent", 0);
    await record("bounced", 0);
    await record("delivered", 3);
    await record("complained", 20); // outside the window

    const page = await fresh.agent.get("/").expect(200);
    // Three of the emails above were queued today.
    expect(page.text).toMatch(/3 <span class="stat-of">\/ 100<\/span>/);
    expect(page.text).toContain("3% of today&#39;s limit");
    const rows = [
      ...page.text.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>(\d+)<\/td><td>(\d+)<\/td><td>(\d+)<\/td><td>(\d+)<\/td><\/tr>/g),
    ].map((m) => m.slice(2).map(Number));
    expect(rows).toHaveLength(14);
    expect(rows[13]).toEqual([2, 0, 1, 0]);
    expect(rows[10]).toEqual([0, 1, 0, 0]);
    expect(rows.reduce((sum, r) => sum + r[3]!, 0)).toBe(0);
  });
});

describe("an email waiting longer than expected", () => {
  it("says why on its page", async () => {
    const id = await insertEmail({
      to: "late@example.com",
      subject: "Late",
      status: "sending",
      createdAt: new Date(Date.now() - 3 * 60_000),
    });
    try {
      const page = await owner.agent.get(`/emails/${id}`).expect(200);
      expect(page.text).toContain("data-waiting");
      // No sender is connected to this test's send queue, and the from-domain is not one of the workspace's.
      expect(page.text).toContain('data-reason="no_sender"');
      expect(page.text).toContain('data-reason="domain_not_verified"');
    } finally {
      await db().email.update({ where: { id }, data: { status: "failed" } });
    }
    expect((await owner.agent.get(`/emails/${id}`).expect(200)).text).not.toContain("data-waiting");
  });
});

describe("forms", () => {
  it("verifies a domain against DNS and shows each record's result", async () => {
    // A proven name has one owner across runs sharing the database: each run proves its own.
    const run = Date.now().toString(36);
    await owner.agent
      .post("/domains")
      .type("form")
      .send({ _csrf: owner.csrf, domain: `Send-${run}.Pages.Example.com` })
      .expect(303);
    const domain = await db().domain.findFirstOrThrow({ where: { workspaceId, name: `send-${run}.pages.example.com` } });
    const records = domain.records as Array<{ name: string; value: string }>;
    dns.setTxt(records[0]!.name, [records[0]!.value]); // only the ownership record
    await owner.agent
      .post(`/domains/${domain.id}/verify`)
      .type("form")
      .send({ _csrf: owner.csrf })
      .expect(303)
      .expect("location", `/domains/${domain.id}?notice=domain_unverified`);
    const partial = await owner.agent.get(`/domains/${domain.id}`).expect(200);
    expect(partial.text.match(/>Found</g)).toHaveLength(1);
    // DKIM, and the MAIL FROM MX and SPF records (shown as advice that does not block sending).
    expect(partial.text.match(/>Not found</g)).toHaveLength(3);
    expect(partial.text).toContain('value="feedback-smtp.us-east-1.amazonses.com"');
    expect(partial.text).toContain("priority 10");
    expect(partial.text).toContain('value="v=spf1 include:amazonses.com ~all"');
    expect(partial.text).toContain('data-dmarc="missing"');
    expect(partial.text).toContain("v=DMARC1; p=none;");
    dns.setTxt(records[1]!.name, [records[1]!.value]);
    await owner.agent
      .post(`/domains/${domain.id}/verify`)
      .type("form")
      .send({ _csrf: owner.csrf })
      .expect(303)
      .expect("location", `/domains/${domain.id}?notice=domain_verified`);
    expect((await db().domain.findUniqueOrThrow({ where: { id: domain.id } })).status).toBe("verified");
    expect((await owner.agent.get(`/domains/${domain.id}`).expect(200)).text).not.toContain("data-failure");

    // The DKIM record vanishes: the next check fails the domain, and its page says why and since when.
    dns.remove(records[1]!.name);
    await owner.agent.post(`/domains/${domain.id}/verify`).type("form").send({ _csrf: owner.csrf }).expect(303);
    const failed = await owner.agent.get(`/domains/${domain.id}`).expect(200);
    expect(failed.text).toContain("data-failure");
    expect(failed.text).toContain(`TXT ${records[1]!.name}: No such name in DNS (NXDOMAIN).`);
    expect(failed.text).toContain("Last seen verified");
    expect((await owner.agent.get("/domains").expect(200)).text).toContain("data-failed-domains");
    const bad = await owner.agent.post("/domains").type("form").send({ _csrf: owner.csrf, domain: "not a domain" }).expect(422);
    expect(bad.text).toContain("alert-error");
    expect(bad.text).toContain('value="not a domain"');
  });

  it("answers bad key and webhook forms with the reason, keeping what was typed", async () => {
    const before = await db().apiKey.count({ where: { workspaceId } });
    const key = await owner.agent
      .post("/api-keys")
      .type("form")
      .send({ _csrf: owner.csrf, name: "Kept name", environment: "live", scope: "admin" })
      .expect(422);
    expect(key.text).toContain("Scope: choose one of send-only, read-only, full-access.");
    expect(key.text).toContain('value="Kept name"');
    expect(await db().apiKey.count({ where: { workspaceId } })).toBe(before);

    const http = await owner.agent
      .post("/webhooks")
      .type("form")
      .send({ _csrf: owner.csrf, url: "http://hooks.example.com/x", events: ["sent", "bounced"] })
      .expect(422);
    expect(http.text).toContain("url: must use https.");
    expect(http.text).toContain('value="http://hooks.example.com/x"');
    expect(http.text).toMatch(/value="bounced" checked/);
    expect(http.text).not.toMatch(/value="delivered" checked/);
    const loopback = await owner.agent
      .post("/webhooks")
      .type("form")
      .send({ _csrf: owner.csrf, url: "https://127.0.0.1/x", events: "sent" })
      .expect(422);
    expect(loopback.text).toContain("only public addresses are allowed");
    const none = await owner.agent
      .post("/webhooks")
      .type("form")
      .send({ _csrf: owner.csrf, url: "https://hooks.example.com/x" })
      .expect(422);
    expect(none.text).toContain("events: at least one of");
    expect(await db().webhookSubscription.count({ where: { workspaceId } })).toBe(0);

    const created = await owner.agent
      .post("/webhooks")
      .type("form")
      .send({ _csrf: owner.csrf, url: "https://hooks.example.com/x", events: ["sent", "bounced"] })
      .expect(201);
    const secret = /id="new-webhook-secret"[^>]*value="([^"]+)"/.exec(created.text)?.[1];
    expect(secret).toBeDefined();
    const row = await db().webhookSubscription.findFirstOrThrow({ where: { workspaceId } });
    expect(row.events).toEqual(["sent", "bounced"]);
    expect(row.secretEncrypted).not.toContain(secret!);
    expect(dashboard.secrets.open(row.secretEncrypted)).toBe(secret);
  });

  it("asks on a page of its own before a destructive action when JavaScript is off", async () => {
    const key = await createApiKey(db(), { workspaceId, environment: "test", scope: "read-only", name: "No-JS key" });
    const list = await owner.agent.get("/api-keys").expect(200);
    expect(list.text).toContain(`href="/api-keys/${key.id}/revoke" data-confirm=`);
    const confirm = await owner.agent.get(`/api-keys/${key.id}/revoke`).expect(200);
    expect(confirm.text).toContain("Revoke <strong>No-JS key</strong>");
    expect(confirm.text).toContain(`action="/api-keys/${key.id}/revoke"`);
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).toBeNull();
    await owner.agent
      .post(`/api-keys/${key.id}/revoke`)
      .type("form")
      .send({ _csrf: owner.csrf })
      .expect(303)
      .expect("location", "/api-keys?notice=key_revoked");
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).not.toBeNull();
    // Revoked keys offer nothing more to do.
    await owner.agent.get(`/api-keys/${key.id}/revoke`).expect(404);
  });

  it("refuses a form body over the size limit without changing anything", async () => {
    const answer = await owner.agent
      .post("/test-recipients")
      .type("form")
      .send({ _csrf: owner.csrf, email: `${"a".repeat(70_000)}@example.com` });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("That was too large");
  });
});
