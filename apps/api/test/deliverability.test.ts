import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { createWorkspaceFixture, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { insertEmail, newIdentity, newMessageId, notificationTestbed, sesEvent, signedNotification } from "../../ingest/test/support.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

/**
 * GET /deliverability end to end: SES events through the ingester (signed SNS notifications, the
 * bounce's cause classified there), recipient domains' providers by their MX records on a real DNS
 * server, the breakdown read through the API.
 */
const identity = newIdentity();
const t = notificationTestbed("/SimpleNotificationService-deliverability.pem", identity);
let dns: TestDnsServer;
let api: ApiInstance;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;

beforeAll(async () => {
  dns = await startDnsServer();
  dns.setMx("acme.test", [{ priority: 1, exchange: "aspmx.l.google.com" }]);
  dns.setMx("contoso.test", [{ priority: 0, exchange: "contoso-test.mail.protection.outlook.com" }]);
  dns.setMx("slow.test", [{ priority: 10, exchange: "mx.slow.test" }]);
  dns.misbehave("slow.test", "timeout");
  api = await startApi({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: "200" });
  fx = await createWorkspaceFixture(t.ingest.handle);
  other = await createWorkspaceFixture(t.ingest.handle);
}, 60_000);

afterAll(async () => {
  await api?.close();
  await dns?.close();
});

const now = () => new Date().toISOString();

/** An email to `to`, with each SES event of `events` ingested in turn. */
async function emailWith(workspace: WorkspaceFixture, to: string, events: Array<[string, Record<string, unknown>?]>): Promise<void> {
  const messageId = newMessageId();
  const emailId = await insertEmail(t.ingest.handle, workspace, { providerMessageId: messageId });
  await t.db.email.update({ where: { id: emailId }, data: { to: [to] } });
  const mail = { messageId, emailId, to: [to], timestamp: now() };
  for (const [type, detail] of [["Send", {}], ...events] as Array<[string, Record<string, unknown>?]>) {
    const answer = await t.ingest.post(signedNotification(identity, t.certUrl, sesEvent(type, mail, { timestamp: now(), ...detail })));
    expect(answer.json.status).toBe("stored");
  }
}

const bounce = (bounceType: string, bounceSubType: string, address: string, diagnosticCode?: string) => ({
  bounceType,
  bounceSubType,
  bouncedRecipients: [{ emailAddress: address, action: "failed", ...(diagnosticCode ? { diagnosticCode } : {}) }],
});

describe("GET /deliverability", () => {
  it("counts outcomes by the recipients' mailbox providers (by MX) and bounces by cause, this workspace's only", async () => {
    await emailWith(fx, "ann@gmail.com", [["Delivery"]]);
    await emailWith(fx, "Bo <bo@acme.test>", [
      [
        "Bounce",
        bounce("Permanent", "General", "bo@acme.test", "smtp; 550-5.1.1 The email account that you tried to reach does not exist."),
      ],
    ]);
    await emailWith(fx, "cy@contoso.test", [["Bounce", bounce("Transient", "MailboxFull", "cy@contoso.test")]]);
    await emailWith(fx, "di@contoso.test", [["Delivery"], ["Complaint", { complainedRecipients: [{ emailAddress: "di@contoso.test" }] }]]);
    await emailWith(fx, "ed@slow.test", [
      ["Bounce", bounce("Permanent", "General", "ed@slow.test", "smtp; 554 5.7.1 Message rejected as spam by Content Filtering.")],
    ]);
    // Another workspace's mail to the same providers is not this one's.
    await emailWith(other, "ann@gmail.com", [["Bounce", bounce("Permanent", "General", "ann@gmail.com", "smtp; 550 5.1.1 no such user")]]);

    const res = await fetch(`${api.url}/deliverability`, { headers: bearer(fx.keys["read-only"]) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      days: number;
      providers: Array<{
        provider: string;
        sent: number;
        delivered: number;
        bounced: number;
        complained: number;
        bounceRate: number | null;
        bounces: unknown[];
      }>;
      bounces: unknown[];
    };
    expect(body.days).toBe(7);
    const of = (provider: string) => body.providers.find((p) => p.provider === provider);
    expect(of("gmail")).toMatchObject({
      sent: 2,
      delivered: 1,
      bounced: 1,
      complained: 0,
      bounceRate: 0.5,
      bounces: [{ cause: "unknown_user", count: 1 }],
    });
    expect(of("microsoft")).toMatchObject({
      sent: 2,
      delivered: 1,
      bounced: 1,
      complained: 1,
      bounces: [{ cause: "mailbox_full", count: 1 }],
    });
    // A lookup that timed out is `other`, not an error.
    expect(of("other")).toMatchObject({ sent: 1, delivered: 0, bounced: 1, bounces: [{ cause: "policy_block", count: 1 }] });
    expect(of("yahoo")).toMatchObject({ sent: 0, deliveryRate: null, bounces: [] });
    expect(body.bounces).toEqual([
      { cause: "mailbox_full", count: 1 },
      { cause: "policy_block", count: 1 },
      { cause: "unknown_user", count: 1 },
    ]);
    // gmail.com is known without a lookup; the others were asked once each.
    expect(dns.queries).not.toContain("gmail.com");
    expect(dns.queries.filter((name) => name === "acme.test")).toHaveLength(1);

    // Answers are cached: a second read asks DNS nothing new for the domains it knows.
    const asked = dns.queries.filter((name) => name === "acme.test" || name === "contoso.test").length;
    expect((await fetch(`${api.url}/deliverability?days=30`, { headers: bearer(fx.keys["read-only"]) })).status).toBe(200);
    expect(dns.queries.filter((name) => name === "acme.test" || name === "contoso.test")).toHaveLength(asked);
  }, 60_000);

  it("refuses a bad window or an unknown parameter with 422, and a key without read access with 403", async () => {
    for (const query of ["days=0", "days=31", "days=seven", "days=1&days=2", "since=2026-01-01"]) {
      const res = await fetch(`${api.url}/deliverability?${query}`, { headers: bearer(fx.keys["read-only"]) });
      expect([query, res.status]).toEqual([query, 422]);
      expect(((await res.json()) as { code: string }).code).toBe("validation_failed");
    }
    expect((await fetch(`${api.url}/deliverability`, { headers: bearer(fx.keys["send-only"]) })).status).toBe(403);
  });
});
