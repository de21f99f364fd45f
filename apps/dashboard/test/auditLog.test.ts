import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AuditEntryView, addUserToWorkspace, listAuditLog, sqlPool } from "@svc/core";
import request from "supertest";
import { createTestDashboard, csrfFrom, loggedInAgent, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * The audit log from the dashboard: sign-ins and failed sign-ins, the changes a person makes (keys,
 * domains, suppressions, members), each with the person as actor and never a secret; the owners'
 * Audit log page with its filters, showing one workspace only its own entries.
 */
let dashboard: TestDashboard;

beforeAll(async () => {
  dashboard = await createTestDashboard();
}, 60_000);
afterAll(async () => {
  await dashboard?.close();
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
