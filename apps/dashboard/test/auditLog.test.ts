import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AuditEntryView, addUserToWorkspace, createInvitation, listAuditLog, sqlPool } from "@svc/core";
import { newTimeId } from "@svc/db";
import request from "supertest";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { addVerifiedDomain } from "../../../test/support/fixtures.ts";
import { createTestDashboard, csrfFrom, loggedInAgent, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * The audit log from the dashboard: sign-ins and failed sign-ins, the changes a person makes (keys,
 * domains, receiving domains and routes, suppressions, members and invitations, templates, webhooks,
 * test recipients), each with the person as actor and never a secret; the owners'
 * Audit log page with its filters, showing one workspace only its own entries.
 */
let dashboard: TestDashboard;
let dns: TestDnsServer;

beforeAll(async () => {
  // A real DNS server with no records: every domain check finds nothing, at once.
  dns = await startDnsServer();
  dashboard = await createTestDashboard({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: "500", INBOUND_MX_HOST: "mx.svc.test" });
}, 60_000);
afterAll(async () => {
  await dashboard?.close();
  await dns?.close();
});

const entriesOf = async (workspaceId: string) => (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 1000 })).data;
const installWide = async () => (await listAuditLog(sqlPool(dashboard.handle), { installWide: true }, { limit: 200 })).data;

function only(entries: AuditEntryView[], action: string, targetId?: string): AuditEntryView {
  const found = entries.filter((e) => e.action === action && (targetId === undefined || e.target?.id === targetId));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe("dashboard changes and sign-ins are audited", () => {
  it("records sign-in and failed sign-in, key, domain, suppression and member changes, with the person as actor and no secret", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const user = await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email } });
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId: user.id } })).workspaceId;
    const actor = { type: "user", id: user.id };

    // A failed sign-in (the wrong password), then a good one.
    const form = await request(dashboard.url).get("/login");
    const cookie = form.headers["set-cookie"] as unknown as string[];
    await request(dashboard.url)
      .post("/login")
      .set("Cookie", cookie)
      .type("form")
      .send({ _csrf: csrfFrom(form.text), email: owner.email, password: "not the password at all" })
      .expect(401);
    const failed = (await installWide()).filter((e) => e.action === "auth.sign_in_failed" && e.target?.id === owner.email);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      workspaceId: null,
      actor: { type: "anonymous", id: null },
      changes: { reason: "wrong_credentials" },
    });
    expect(failed[0]!.source).toMatch(/127\.0\.0\.1/);
    expect(JSON.stringify(failed[0])).not.toContain("not the password");
    const session = await loggedInAgent(dashboard.url, owner.email);

    const created = await session.agent
      .post("/api-keys")
      .type("form")
      .send({ _csrf: session.csrf, name: "ci", environment: "live", scope: "send-only" })
      .expect(201);
    const plaintext = /svc_live_[A-Za-z0-9]{32}/.exec(created.text)?.[0];
    expect(plaintext).toBeDefined();
    const key = await dashboard.db.apiKey.findFirstOrThrow({ where: { workspaceId, name: "ci" } });
    await session.agent.post(`/api-keys/${key.id}/revoke`).type("form").send({ _csrf: session.csrf }).expect(303);

    const domainName = `audit-${Date.now()}.example.com`;
    await session.agent.post("/domains").type("form").send({ _csrf: session.csrf, domain: domainName }).expect(303);
    const domain = await dashboard.db.domain.findFirstOrThrow({ where: { workspaceId, name: domainName } });
    await session.agent.post(`/domains/${domain.id}/remove`).type("form").send({ _csrf: session.csrf }).expect(303);

    await session.agent.post("/suppressions").type("form").send({ _csrf: session.csrf, address: "one@example.org" }).expect(303);
    await session.agent
      .post("/suppressions/import")
      .type("form")
      .send({ _csrf: session.csrf, csv: "two@example.org\nthree@example.org\nnot an address" })
      .expect(200);
    await session.agent.get("/suppressions/export.csv").expect(200);
    await session.agent.post("/suppressions/one@example.org/remove").type("form").send({ _csrf: session.csrf }).expect(303);

    const hook = await session.agent
      .post("/webhooks")
      .type("form")
      .send({ _csrf: session.csrf, url: "http://127.0.0.1:9/in?key=hunter2", events: "sent" })
      .expect(201);
    const subscription = await dashboard.db.webhookSubscription.findFirstOrThrow({ where: { workspaceId } });
    const signingSecret = dashboard.secrets.open(subscription.secretEncrypted);
    expect(hook.text).toContain(signingSecret);
    await session.agent.post(`/webhooks/${subscription.id}/disable`).type("form").send({ _csrf: session.csrf }).expect(303);
    await session.agent.post(`/webhooks/${subscription.id}/delete`).type("form").send({ _csrf: session.csrf }).expect(303);

    const teammate = uniqueEmail("teammate");
    await addUserToWorkspace(dashboard.db, { email: teammate, password: PASSWORD, workspaceId, role: "viewer" });
    const member = await dashboard.db.member.findFirstOrThrow({ where: { workspaceId, user: { email: teammate } } });
    await session.agent.post(`/members/${member.id}/role`).type("form").send({ _csrf: session.csrf, role: "admin" }).expect(303);
    await session.agent.post(`/members/${member.id}/remove`).type("form").send({ _csrf: session.csrf }).expect(303);

    const entries = await entriesOf(workspaceId);
    // The sign-up's own session is no sign-in; the login is.
    expect(only(entries, "auth.sign_in")).toMatchObject({ actor, target: { type: "user", id: user.id } });
    expect(only(entries, "api_key.created", key.id)).toMatchObject({
      actor,
      changes: { name: "ci", environment: "live", scope: "send-only", key: "[changed]" },
    });
    expect(only(entries, "api_key.revoked", key.id).actor).toEqual(actor);
    expect(only(entries, "domain.created", domain.id).changes).toMatchObject({ domain: domainName });
    expect(only(entries, "domain.removed", domain.id).actor).toEqual(actor);
    expect(only(entries, "suppression.added", "one@example.org").changes).toMatchObject({ reason: "manual" });
    expect(only(entries, "suppression.imported").changes).toEqual({ added: 2, skipped: 0, invalid: 1 });
    expect(only(entries, "suppression.exported").target).toEqual({ type: "suppression_list", id: workspaceId });
    expect(only(entries, "suppression.removed", "one@example.org").actor).toEqual(actor);
    expect(only(entries, "member.role_changed", member.id).changes).toEqual({ role: "admin" });
    expect(only(entries, "member.removed", member.id).actor).toEqual(actor);
    expect(only(entries, "webhook.created", subscription.id).changes).toEqual({
      url: "http://127.0.0.1:9/in?key=redacted",
      events: ["sent"],
      secret: "[changed]",
    });
    expect(only(entries, "webhook.updated", subscription.id).changes).toEqual({ isActive: false });
    expect(only(entries, "webhook.deleted", subscription.id).actor).toEqual(actor);
    expect(entries.every((e) => e.workspaceId === workspaceId && e.source !== null)).toBe(true);
    const everything = JSON.stringify(entries);
    expect(everything).not.toContain(plaintext!);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(signingSecret);
    expect(everything).not.toContain("hunter2");
  });
});

describe("every other dashboard change is audited", () => {
  it("records templates, domain checks and tracking, receiving domains and routes, webhook replays and tests, invitations and test recipients", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const user = await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email } });
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId: user.id } })).workspaceId;
    const actor = { type: "user", id: user.id };
    const post = (path: string, fields: Record<string, string> = {}) =>
      owner.agent
        .post(path)
        .type("form")
        .send({ _csrf: owner.csrf, ...fields });
    const run = Date.now().toString(36);

    // Templates: create, save the draft, publish, send a test (from a verified domain to a test recipient).
    const sendingDomain = `audit-send-${run}.example.com`;
    await addVerifiedDomain(dashboard.db, workspaceId, sendingDomain);
    const recipient = `qa-${run}@example.org`;
    await post("/test-recipients", { email: recipient }).expect(303);
    const testRecipient = await dashboard.db.testRecipient.findFirstOrThrow({ where: { workspaceId, email: recipient } });
    const created = await post("/templates", { name: "Welcome", alias: `welcome-${run}` }).expect(303);
    const templateId = /\/templates\/([^/?]+)$/.exec(created.headers.location as string)?.[1];
    expect(templateId).toBeDefined();
    const draft = {
      subject: "Hi {{ name }}",
      html: "<p>Hi {{ name }}</p>",
      text: "",
      var_name: "name",
      var_type: "string",
      var_required: "optional",
      var_fallback: "there",
      var_sample: "Ann",
    };
    await post(`/templates/${templateId}`, draft).expect(200);
    await post(`/templates/${templateId}/publish`).expect(303);
    const tested = await post(`/templates/${templateId}/test`, {
      ...draft,
      side: "draft",
      to: recipient,
      from: `Test <test@${sendingDomain}>`,
    }).expect(200);
    const testEmailId = /href="\/emails\/(email_[^"]+)" data-test-email/.exec(tested.text)?.[1];
    expect(testEmailId).toBeDefined();

    // Sending domain: a check (nothing published, so not verified) and its tracking.
    const domainName = `audit-check-${run}.example.com`;
    await post("/domains", { domain: domainName }).expect(303);
    const domain = await dashboard.db.domain.findFirstOrThrow({ where: { workspaceId, name: domainName } });
    await post(`/domains/${domain.id}/verify`).expect(303);
    await post(`/domains/${domain.id}/tracking`, { open: "on" }).expect(303);

    // Receiving domain: add, check, a route added and removed, the domain removed.
    const receivingName = `audit-in-${run}.example.com`;
    await post("/inbound/domains", { domain: receivingName }).expect(303);
    const receiving = await dashboard.db.receivingDomain.findFirstOrThrow({ where: { workspaceId, name: receivingName } });
    await post(`/inbound/domains/${receiving.id}/verify`).expect(303);
    await post(`/inbound/domains/${receiving.id}/routes`, { address: "support" }).expect(303);
    const route = await dashboard.db.inboundRoute.findFirstOrThrow({ where: { receivingDomainId: receiving.id } });
    await post(`/inbound/domains/${receiving.id}/routes/${route.id}/remove`).expect(303);
    await post(`/inbound/domains/${receiving.id}/remove`).expect(303);

    // Webhooks: a test event, that delivery retried by hand, a replay.
    await post("/webhooks", { url: "http://127.0.0.1:9/in?token=hunter2", events: "sent" }).expect(201);
    const subscription = await dashboard.db.webhookSubscription.findFirstOrThrow({ where: { workspaceId } });
    const signingSecret = dashboard.secrets.open(subscription.secretEncrypted);
    await post(`/webhooks/${subscription.id}/test`).expect(303);
    const testDelivery = await dashboard.db.webhookDelivery.findFirstOrThrow({ where: { subscriptionId: subscription.id } });
    await post(`/webhook-deliveries/${testDelivery.id}/retry`).expect(303);
    const since = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16);
    await post(`/webhooks/${subscription.id}/replay`, { kind: "failed_since", since, perSecond: "5" }).expect(303);

    // Invitations: one revoked; another accepted (its new member is the actor of that entry).
    const revokedEmail = uniqueEmail("revoked");
    await post("/members/invite", { email: revokedEmail, role: "viewer" });
    const revoked = await dashboard.db.invitation.findFirstOrThrow({ where: { workspaceId, email: revokedEmail } });
    await post(`/members/invitations/${revoked.id}/revoke`).expect(303);
    const joinerEmail = uniqueEmail("joiner");
    const { token, invitation } = await createInvitation(dashboard.db, { workspaceId, email: joinerEmail, role: "admin" });
    const joiner = request.agent(dashboard.url);
    const acceptForm = await joiner.get(`/invitations/${token}`).expect(200);
    await joiner
      .post(`/invitations/${token}`)
      .type("form")
      .send({ _csrf: csrfFrom(acceptForm.text), password: PASSWORD, passwordConfirm: PASSWORD })
      .expect(303);
    const joinerUser = await dashboard.db.user.findUniqueOrThrow({ where: { email: joinerEmail } });

    await post(`/test-recipients/${testRecipient.id}/remove`).expect(303);

    const entries = await entriesOf(workspaceId);
    expect(only(entries, "template.created", templateId)).toMatchObject({ actor, changes: { name: "Welcome", alias: `welcome-${run}` } });
    expect(only(entries, "template.updated", templateId)).toMatchObject({
      actor,
      changes: { subject: "Hi {{ name }}", html: "<p>Hi {{ name }}</p>", text: null, variables: [{ name: "name", type: "string" }] },
    });
    expect(only(entries, "template.published", templateId)).toMatchObject({ actor, changes: { version: 1 } });
    expect(only(entries, "template.test_sent", templateId)).toMatchObject({
      actor,
      changes: { side: "draft", to: recipient, emailId: testEmailId },
    });
    expect(only(entries, "domain.verified", domain.id)).toMatchObject({ actor, changes: { status: "pending" } });
    expect(only(entries, "domain.tracking_changed", domain.id)).toMatchObject({
      actor,
      changes: { tracking: { open: true, click: false, domain: null } },
    });
    expect(only(entries, "receiving_domain.created", receiving.id)).toMatchObject({ actor, changes: { domain: receivingName } });
    expect(only(entries, "receiving_domain.verified", receiving.id)).toMatchObject({ actor, changes: { status: "pending" } });
    expect(only(entries, "inbound_route.created", route.id)).toMatchObject({
      actor,
      changes: { receivingDomainId: receiving.id, address: `support@${receivingName}` },
    });
    expect(only(entries, "inbound_route.removed", route.id)).toMatchObject({ actor, changes: { address: `support@${receivingName}` } });
    expect(only(entries, "receiving_domain.removed", receiving.id)).toMatchObject({ actor, changes: { domain: receivingName } });
    expect(only(entries, "webhook.test_sent", subscription.id)).toMatchObject({
      actor,
      changes: { deliveryId: testDelivery.id, eventType: testDelivery.eventType },
    });
    const replays = entries.filter((e) => e.action === "webhook.replayed" && e.target?.id === subscription.id);
    expect(replays.map((e) => e.changes)).toEqual(
      expect.arrayContaining([
        { delivery: testDelivery.id },
        expect.objectContaining({ kind: "failed_since", perSecond: 5, replayId: expect.stringMatching(/^wr_/) }),
      ]),
    );
    expect(replays).toHaveLength(2);
    expect(replays.every((e) => e.actor.id === user.id)).toBe(true);
    expect(only(entries, "member.invitation_revoked", revoked.id)).toMatchObject({
      actor,
      changes: { email: revokedEmail, role: "viewer" },
    });
    expect(only(entries, "member.joined", joinerUser.id)).toMatchObject({
      actor: { type: "user", id: joinerUser.id },
      changes: { role: "admin", invitationId: invitation.id },
    });
    expect(only(entries, "test_recipient.added", testRecipient.id)).toMatchObject({ actor, changes: { email: recipient } });
    expect(only(entries, "test_recipient.removed", testRecipient.id)).toMatchObject({ actor, changes: { email: recipient } });
    expect(entries.every((e) => e.workspaceId === workspaceId && e.source !== null)).toBe(true);
    const everything = JSON.stringify(entries);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(signingSecret);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain("hunter2");
  });
});

describe("entries in the change's transaction", () => {
  it("records sign-up and sign-out, and an email's reschedule and cancel from its page; a refused one records nothing", async () => {
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Audited sign-up" });
    const user = await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email } });
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId: user.id } })).workspaceId;
    const actor = { type: "user", id: user.id };
    expect(only(await entriesOf(workspaceId), "auth.sign_up")).toMatchObject({
      workspaceId,
      actor,
      target: { type: "user", id: user.id },
      changes: { addressConfirmed: false },
    });

    // A scheduled email of the workspace (sent with a key it made).
    await owner.agent
      .post("/api-keys")
      .type("form")
      .send({ _csrf: owner.csrf, name: "sends", environment: "live", scope: "send-only" })
      .expect(201);
    const key = await dashboard.db.apiKey.findFirstOrThrow({ where: { workspaceId, name: "sends" } });
    const scheduled = async () =>
      (
        await dashboard.db.email.create({
          data: {
            id: newTimeId("email"),
            organizationId: workspaceId,
            apiKeyId: key.id,
            environment: "live",
            from: "Sender <sender@example.com>",
            to: ["recipient@example.com"],
            subject: "Later",
            text: "Later",
            status: "scheduled",
            scheduledAt: new Date(Date.now() + 3_600_000),
          },
        })
      ).id;
    const emailId = await scheduled();
    const page = await owner.agent.get(`/emails/${emailId}`).expect(200);
    expect(page.text).toContain("data-reschedule");
    const later = new Date(Date.now() + 7_200_000).toISOString();
    // A time without its zone is refused, naming the field, and changes nothing.
    const refused = await owner.agent
      .post(`/emails/${emailId}/reschedule`)
      .type("form")
      .send({ _csrf: owner.csrf, scheduledAt: "2030-01-01T09:00" })
      .expect(422);
    expect(refused.text).toContain("scheduledAt");
    await owner.agent
      .post(`/emails/${emailId}/reschedule`)
      .type("form")
      .send({ _csrf: owner.csrf, scheduledAt: later })
      .expect(303)
      .expect("location", `/emails/${emailId}?notice=email_rescheduled`);
    expect((await dashboard.db.email.findUniqueOrThrow({ where: { id: emailId } })).scheduledAt?.toISOString()).toBe(later);
    await owner.agent.post(`/emails/${emailId}/cancel`).type("form").send({ _csrf: owner.csrf }).expect(303);
    expect((await dashboard.db.email.findUniqueOrThrow({ where: { id: emailId } })).status).toBe("canceled");
    // Canceled already: 409 on its page, nothing recorded; a viewer may not.
    await owner.agent.post(`/emails/${emailId}/cancel`).type("form").send({ _csrf: owner.csrf }).expect(409);
    const viewerEmail = uniqueEmail("viewer");
    await addUserToWorkspace(dashboard.db, { email: viewerEmail, password: PASSWORD, workspaceId, role: "viewer" });
    const viewer = await loggedInAgent(dashboard.url, viewerEmail);
    const other = await scheduled();
    await viewer.agent.post(`/emails/${other}/cancel`).type("form").send({ _csrf: viewer.csrf }).expect(403);
    expect((await dashboard.db.email.findUniqueOrThrow({ where: { id: other } })).status).toBe("scheduled");

    await owner.agent.post("/logout").type("form").send({ _csrf: owner.csrf }).expect(303).expect("location", "/login");
    await owner.agent.get("/").expect(303);

    const entries = await entriesOf(workspaceId);
    expect(only(entries, "email.rescheduled", emailId)).toMatchObject({
      actor,
      target: { type: "email", id: emailId },
      changes: { scheduledAt: later },
    });
    expect(only(entries, "email.canceled", emailId)).toMatchObject({ actor, changes: { status: "canceled" } });
    expect(entries.filter((e) => e.action.startsWith("email."))).toHaveLength(2);
    expect(only(entries, "auth.sign_out")).toMatchObject({ workspaceId, actor, target: { type: "user", id: user.id } });
  });

  it("a member change refused in its transaction (the last owner's demotion) leaves no entry; a committed one has exactly one", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const user = await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email } });
    const self = await dashboard.db.member.findFirstOrThrow({ where: { userId: user.id } });
    const refused = await owner.agent.post(`/members/${self.id}/role`).type("form").send({ _csrf: owner.csrf, role: "viewer" });
    expect(refused.status).toBe(409);
    expect((await entriesOf(self.workspaceId)).filter((e) => e.action === "member.role_changed")).toEqual([]);

    const teammate = uniqueEmail("txn");
    await addUserToWorkspace(dashboard.db, { email: teammate, password: PASSWORD, workspaceId: self.workspaceId, role: "viewer" });
    const member = await dashboard.db.member.findFirstOrThrow({ where: { workspaceId: self.workspaceId, user: { email: teammate } } });
    await owner.agent.post(`/members/${member.id}/role`).type("form").send({ _csrf: owner.csrf, role: "admin" }).expect(303);
    await owner.agent.post(`/members/${member.id}/remove`).type("form").send({ _csrf: owner.csrf }).expect(303);
    const entries = await entriesOf(self.workspaceId);
    expect(only(entries, "member.role_changed", member.id)).toMatchObject({
      actor: { type: "user", id: user.id },
      changes: { role: "admin" },
    });
    expect(only(entries, "member.removed", member.id)).toMatchObject({ actor: { type: "user", id: user.id } });
  });
});

describe("the Audit log page", () => {
  it("shows owners their workspace's entries with filters, never another workspace's, and refuses bad filters with 422", async () => {
    const a = await signedUpAgent(dashboard.url);
    const b = await signedUpAgent(dashboard.url);
    await a.agent
      .post("/api-keys")
      .type("form")
      .send({ _csrf: a.csrf, name: "alpha-key", environment: "live", scope: "read-only" })
      .expect(201);
    await a.agent.post("/suppressions").type("form").send({ _csrf: a.csrf, address: "alpha@example.org" }).expect(303);
    await b.agent
      .post("/api-keys")
      .type("form")
      .send({ _csrf: b.csrf, name: "bravo-key", environment: "live", scope: "read-only" })
      .expect(201);

    const page = await a.agent.get("/audit-log").expect(200);
    expect(page.text).toContain("Audit log");
    expect(page.text).toContain('data-action="api_key.created"');
    expect(page.text).toContain("alpha-key");
    expect(page.text).toContain('data-action="suppression.added"');
    expect(page.text).not.toContain("bravo-key");
    // The navigation links the page.
    expect(page.text).toContain('href="/audit-log"');

    const filtered = await a.agent.get("/audit-log?action=suppression.added&actor=&since=2020-01-01").expect(200);
    expect(filtered.text).toContain('data-action="suppression.added"');
    expect(filtered.text).not.toContain('data-action="api_key.created"');
    expect(filtered.text).toContain('<option value="suppression.added" selected>');

    await a.agent.get("/audit-log?action=not.an.action").expect(422);
    await a.agent.get("/audit-log?after=garbage").expect(422);
    await a.agent.get("/audit-log?since=tomorrow").expect(422);

    // Only owners (who manage members and plan) read it.
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { user: { email: a.email } } })).workspaceId;
    const viewer = uniqueEmail("viewer");
    await addUserToWorkspace(dashboard.db, { email: viewer, password: PASSWORD, workspaceId, role: "viewer" });
    const viewerSession = await loggedInAgent(dashboard.url, viewer);
    await viewerSession.agent.get("/audit-log").expect(403);
  });
});
