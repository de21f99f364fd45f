import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addDomain, addUserToWorkspace, createApiKey, createWebhookSubscription, listMembers } from "@svc/core";
import { newId } from "@svc/db";
import request from "supertest";
import { type Agent, createTestDashboard, loggedInAgent, PASSWORD, signedUpAgent, uniqueEmail } from "./support.ts";

/**
 * What the server enforces whatever the browser shows: CSRF on every state change, each role's
 * reach, and other workspaces' ids answering 404.
 */
const dashboard = await createTestDashboard();
const { db, secrets } = dashboard;
afterAll(() => dashboard.close());

let owner: { agent: Agent; email: string; csrf: string };
let workspaceId: string;

beforeAll(async () => {
  owner = await signedUpAgent(dashboard.url, { workspaceName: "Access" });
  workspaceId = (await db.member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
});

const keyCount = () => db.apiKey.count({ where: { workspaceId } });

describe("CSRF", () => {
  it("refuses a state change without the token, with a wrong one, or with another session's, and changes nothing", async () => {
    const other = await signedUpAgent(dashboard.url);
    const before = await keyCount();
    const form = { name: "csrf", environment: "live", scope: "send-only" };
    const missing = await owner.agent.post("/api-keys").type("form").send(form).expect(403);
    expect(missing.text).toContain("This form has expired or did not come from this site");
    await owner.agent
      .post("/api-keys")
      .type("form")
      .send({ ...form, _csrf: "x".repeat(43) })
      .expect(403);
    await owner.agent
      .post("/api-keys")
      .type("form")
      .send({ ...form, _csrf: other.csrf })
      .expect(403);
    await owner.agent.post("/api-keys").set("X-CSRF-Token", other.csrf).type("form").send(form).expect(403);
    expect(await keyCount()).toBe(before);

    await owner.agent
      .post("/api-keys")
      .type("form")
      .send({ ...form, _csrf: owner.csrf })
      .expect(201);
    expect(await keyCount()).toBe(before + 1);
  });

  it("refuses a cross-site Origin even with the right token", async () => {
    const before = await keyCount();
    await owner.agent
      .post("/api-keys")
      .set("Origin", "https://evil.example")
      .type("form")
      .send({ _csrf: owner.csrf, name: "x", environment: "live", scope: "send-only" })
      .expect(403);
    expect(await keyCount()).toBe(before);
  });

  it("protects the anonymous forms with a double-submit cookie", async () => {
    const email = uniqueEmail("csrf-signup");
    // No cookie at all (a cross-site form post from a fresh browser).
    await request(dashboard.url)
      .post("/signup")
      .type("form")
      .send({ _csrf: "a".repeat(43), email, password: PASSWORD, workspaceName: "X" })
      .expect(403);
    // A cookie, but a token that is not its own.
    const agent = request.agent(dashboard.url);
    await agent.get("/signup").expect(200);
    await agent
      .post("/signup")
      .type("form")
      .send({ _csrf: "b".repeat(43), email, password: PASSWORD, workspaceName: "X" })
      .expect(403);
    await agent.post("/logout").type("form").send({}).expect(403);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });
});

describe("roles", () => {
  let viewer: { agent: Agent; csrf: string };
  let admin: { agent: Agent; csrf: string };

  beforeAll(async () => {
    const viewerEmail = uniqueEmail("viewer");
    const adminEmail = uniqueEmail("admin");
    await addUserToWorkspace(db, { email: viewerEmail, password: PASSWORD, workspaceId, role: "viewer" });
    await addUserToWorkspace(db, { email: adminEmail, password: PASSWORD, workspaceId, role: "admin" });
    viewer = await loggedInAgent(dashboard.url, viewerEmail);
    admin = await loggedInAgent(dashboard.url, adminEmail);
  });

  it("lets a viewer read every page but change nothing", async () => {
    const domain = await addDomain(
      db,
      { workspaceId, domain: `viewer-${Date.now()}.example.com` },
      { secrets, identities: null, region: "us-east-1" },
    );
    const key = await createApiKey(db, { workspaceId, environment: "live", scope: "read-only", name: "for viewer" });
    const hook = await createWebhookSubscription(
      db,
      secrets,
      { workspaceId, url: "http://127.0.0.1:9/hook", events: ["delivered"] },
      { allowPrivate: true },
    );
    for (const path of [
      "/",
      "/emails",
      "/api-keys",
      "/domains",
      `/domains/${domain.id}`,
      "/test-recipients",
      "/webhooks",
      `/webhooks/${hook.id}`,
    ]) {
      const page = await viewer.agent.get(path).expect(200);
      expect(page.text).toContain("read-only access");
    }
    const keysPage = await viewer.agent.get("/api-keys").expect(200);
    expect(keysPage.text).not.toContain("Create API key");
    expect(keysPage.text).not.toContain(`/api-keys/${key.id}/revoke`);

    const refused: Array<[string, Record<string, string>]> = [
      ["/api-keys", { name: "v", environment: "live", scope: "send-only" }],
      [`/api-keys/${key.id}/revoke`, {}],
      ["/domains", { domain: "viewer-added.example.com" }],
      [`/domains/${domain.id}/verify`, {}],
      [`/domains/${domain.id}/remove`, {}],
      ["/test-recipients", { email: "qa@example.com" }],
      ["/webhooks", { url: "http://127.0.0.1:9/x", events: "sent" }],
      [`/webhooks/${hook.id}/disable`, {}],
      [`/webhooks/${hook.id}/test`, {}],
      [`/webhooks/${hook.id}/replay`, { kind: "failed_since", since: "2026-01-01T00:00" }],
      [`/webhooks/${hook.id}/delete`, {}],
      ["/members/invite", { email: uniqueEmail("nope"), role: "owner" }],
    ];
    for (const [path, form] of refused) {
      const answer = await viewer.agent
        .post(path)
        .type("form")
        .send({ ...form, _csrf: viewer.csrf });
      expect([path, answer.status]).toEqual([path, 403]);
    }
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ revokedAt: null });
    expect(await db.domain.count({ where: { workspaceId } })).toBe(1);
    expect(await db.domain.findUniqueOrThrow({ where: { id: domain.id } })).toMatchObject({ lastCheckedAt: null });
    expect(await db.testRecipient.count({ where: { workspaceId } })).toBe(0);
    expect(await db.webhookSubscription.findUniqueOrThrow({ where: { id: hook.id } })).toMatchObject({ isActive: true });
    expect(await db.webhookDelivery.count({ where: { subscriptionId: hook.id } })).toBe(0);
    expect(await db.invitation.count({ where: { workspaceId } })).toBe(0);
    await viewer.agent.get("/members").expect(403);
  });

  it("lets an admin change everything but members and the plan", async () => {
    const hook = await createWebhookSubscription(
      db,
      secrets,
      { workspaceId, url: "http://127.0.0.1:9/replayed", events: ["delivered"] },
      { allowPrivate: true },
    );
    const since = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19);
    await admin.agent
      .post(`/webhooks/${hook.id}/replay`)
      .type("form")
      .send({ _csrf: admin.csrf, kind: "failed_since", since, perSecond: "7" })
      .expect(303);
    expect(await db.webhookReplay.findFirstOrThrow({ where: { subscriptionId: hook.id } })).toMatchObject({
      kind: "failed_since",
      perSecond: 7,
      since: new Date(`${since}Z`),
    });
    expect((await admin.agent.get(`/webhooks/${hook.id}`).expect(200)).text).toContain("7/s");
    await admin.agent
      .post(`/webhooks/${hook.id}/replay`)
      .type("form")
      .send({ _csrf: admin.csrf, kind: "range", since, until: "soon" })
      .expect(422);
    await admin.agent.post("/test-recipients").type("form").send({ _csrf: admin.csrf, email: "admin-qa@example.com" }).expect(303);
    expect(await db.testRecipient.count({ where: { workspaceId, email: "admin-qa@example.com" } })).toBe(1);
    const page = await admin.agent.get("/").expect(200);
    expect(page.text).not.toContain('href="/members"');
    await admin.agent.get("/members").expect(403);
    const members = await listMembers(db, workspaceId);
    const viewerMember = members.find((m) => m.role === "viewer")!;
    await admin.agent.post(`/members/${viewerMember.id}/role`).type("form").send({ _csrf: admin.csrf, role: "owner" }).expect(403);
    await admin.agent
      .post("/members/invite")
      .type("form")
      .send({ _csrf: admin.csrf, email: uniqueEmail("x"), role: "viewer" })
      .expect(403);
    expect((await listMembers(db, workspaceId)).find((m) => m.id === viewerMember.id)?.role).toBe("viewer");
  });

  it("takes effect at once when an owner changes a role or removes a member", async () => {
    const email = uniqueEmail("demoted");
    await addUserToWorkspace(db, { email, password: PASSWORD, workspaceId, role: "admin" });
    const member = await loggedInAgent(dashboard.url, email);
    await member.agent
      .get("/api-keys")
      .expect(200)
      .expect((r) => expect(r.text).toContain("Create API key"));
    const memberId = (await listMembers(db, workspaceId)).find((m) => m.email === email)!.id;
    await owner.agent.post(`/members/${memberId}/role`).type("form").send({ _csrf: owner.csrf, role: "viewer" }).expect(303);
    await member.agent
      .post("/api-keys")
      .type("form")
      .send({ _csrf: member.csrf, name: "late", environment: "live", scope: "send-only" })
      .expect(403);
    await owner.agent.post(`/members/${memberId}/remove`).type("form").send({ _csrf: owner.csrf }).expect(303);
    const after = await member.agent.get("/api-keys").expect(403);
    expect(after.text).toContain("not a member of any workspace");
  });
});

describe("another workspace's ids", () => {
  it("answer 404 on every page and action, and nothing of theirs changes", async () => {
    const stranger = await signedUpAgent(dashboard.url, { workspaceName: "Stranger" });
    const theirs = (await db.member.findFirstOrThrow({ where: { user: { email: stranger.email } } })).workspaceId;
    const key = await createApiKey(db, { workspaceId: theirs, environment: "live", scope: "full-access" });
    const domain = await addDomain(
      db,
      { workspaceId: theirs, domain: `theirs-${Date.now()}.example.com` },
      { secrets, identities: null, region: "us-east-1" },
    );
    const hook = await createWebhookSubscription(
      db,
      secrets,
      { workspaceId: theirs, url: "http://127.0.0.1:9/theirs", events: ["sent"] },
      { allowPrivate: true },
    );
    const recipient = await db.testRecipient.create({ data: { id: newId("recipient"), workspaceId: theirs, email: "theirs@example.com" } });
    const email = await db.email.create({
      data: {
        id: newId("email"),
        organizationId: theirs,
        apiKeyId: key.id,
        environment: "live",
        from: "a@theirs.example.com",
        to: ["b@example.com"],
        subject: "Their secret subject",
        text: "t",
        status: "delivered",
      },
    });
    const [theirMember] = await listMembers(db, theirs);

    for (const path of [
      `/emails/${email.id}`,
      `/domains/${domain.id}`,
      `/webhooks/${hook.id}`,
      `/api-keys/${key.id}/revoke`,
      `/domains/${domain.id}/remove`,
      `/webhooks/${hook.id}/delete`,
    ]) {
      const page = await owner.agent.get(path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.text).not.toContain("Their secret subject");
    }
    const posts = [
      `/api-keys/${key.id}/revoke`,
      `/domains/${domain.id}/verify`,
      `/domains/${domain.id}/remove`,
      `/test-recipients/${recipient.id}/remove`,
      `/webhooks/${hook.id}/disable`,
      `/webhooks/${hook.id}/test`,
      `/webhooks/${hook.id}/delete`,
      `/members/${theirMember!.id}/remove`,
    ];
    for (const path of posts) {
      const answer = await owner.agent.post(path).type("form").send({ _csrf: owner.csrf });
      expect([path, answer.status]).toEqual([path, 404]);
    }
    await owner.agent.post("/workspaces/switch").type("form").send({ _csrf: owner.csrf, workspaceId: theirs }).expect(404);
    const list = await owner.agent.get("/emails").expect(200);
    expect(list.text).not.toContain("Their secret subject");

    expect(await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ revokedAt: null });
    expect(await db.domain.findUniqueOrThrow({ where: { id: domain.id } })).toMatchObject({ lastCheckedAt: null });
    expect(await db.testRecipient.count({ where: { id: recipient.id } })).toBe(1);
    expect(await db.webhookSubscription.findUniqueOrThrow({ where: { id: hook.id } })).toMatchObject({ isActive: true });
    expect(await db.webhookDelivery.count({ where: { subscriptionId: hook.id } })).toBe(0);
    expect(await listMembers(db, theirs)).toHaveLength(1);
  });
});

describe("several workspaces", () => {
  it("switches between the user's workspaces, each page scoped to the current one", async () => {
    const { agent, email, csrf } = await signedUpAgent(dashboard.url, { workspaceName: "First" });
    const second = await signedUpAgent(dashboard.url, { workspaceName: "Second" });
    const secondId = (await db.member.findFirstOrThrow({ where: { user: { email: second.email } } })).workspaceId;
    await addUserToWorkspace(db, { email, workspaceId: secondId, role: "viewer" });
    await createApiKey(db, { workspaceId: secondId, environment: "test", scope: "read-only", name: "Key of Second" });

    const before = await agent.get("/api-keys").expect(200);
    expect(before.text).not.toContain("Key of Second");
    expect(before.text).toContain("Switch");
    await agent.post("/workspaces/switch").type("form").send({ _csrf: csrf, workspaceId: secondId }).expect(303);
    const after = await agent.get("/api-keys").expect(200);
    expect(after.text).toContain("Key of Second");
    expect(after.text).toContain("read-only access");
  });
});
