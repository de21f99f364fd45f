import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { listMembers, revokeApiKey } from "@svc/core";
import request from "supertest";
import { createWorkspaceFixture, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createTestDashboard, csrfFrom, loggedInAgent, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/** Members and invitations: invited by email through the service's own pipeline, accepted by link. */
let system: WorkspaceFixture;
let dashboard: TestDashboard;

beforeAll(async () => {
  const setup = await createTestDashboard();
  system = await createWorkspaceFixture(setup.handle, { plan: "unlimited" });
  await setup.close();
  dashboard = await createTestDashboard({
    DASHBOARD_SYSTEM_API_KEY: system.keys["send-only"],
    DASHBOARD_INVITE_FROM: `Svc Team <invites@${system.domain}>`,
  });
});
afterAll(() => dashboard.close());

const db = () => dashboard.db;

function linkPath(text: string): string {
  const match = /http:\/\/dashboard\.test(\/invitations\/[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1]!;
}

describe("invitations through the pipeline", () => {
  it("queues an invitation email from the system workspace, whose link creates the account and joins as the chosen role", async () => {
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Inviting Co" });
    const workspaceId = (await db().member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
    const invitee = uniqueEmail("invitee");

    const sent = await owner.agent
      .post("/members/invite")
      .type("form")
      .send({ _csrf: owner.csrf, email: invitee, role: "viewer" })
      .expect(303);
    expect(sent.headers.location).toBe("/members?notice=invitation_sent");
    const page = await owner.agent.get("/members?notice=invitation_sent").expect(200);
    expect(page.text).toContain("Invitation sent.");
    expect(page.text).toContain(invitee);
    expect(page.text).not.toMatch(/dashboard\.test\/invitations\//); // the link is only in the email

    const email = await db().email.findFirstOrThrow({ where: { organizationId: system.workspaceId, to: { has: invitee } } });
    expect(email).toMatchObject({ from: `Svc Team <invites@${system.domain}>`, status: "queued", apiKeyId: system.keyIds["send-only"] });
    // The name an owner typed stays out of the subject, and is quoted as a name in the body.
    expect(email.subject).toBe("You're invited to a workspace on Svc");
    expect(email.text).toContain('join the workspace "Inviting Co"');
    expect(await dashboard.sendProducer.has(email.id)).toBe(true);
    const path = linkPath(email.text!);
    expect(email.html).toContain(`http://dashboard.test${path}`);

    const guest = request.agent(dashboard.url);
    const form = await guest.get(path).expect(200);
    expect(form.headers["referrer-policy"]).toBe("no-referrer");
    expect(form.text).toContain("Join Inviting Co");
    const mismatch = await guest
      .post(path)
      .type("form")
      .send({ _csrf: csrfFrom(form.text), password: PASSWORD, passwordConfirm: `${PASSWORD}!` })
      .expect(422);
    expect(mismatch.text).toContain("The two passwords don&#39;t match.");
    await guest
      .post(path)
      .type("form")
      .send({ _csrf: csrfFrom(form.text), password: PASSWORD, passwordConfirm: PASSWORD })
      .expect(303)
      .expect("location", "/?notice=joined");

    const overview = await guest.get("/").expect(200);
    expect(overview.text).toContain("Inviting Co");
    expect(overview.text).toContain("read-only access");
    expect((await listMembers(db(), workspaceId)).find((m) => m.email === invitee)?.role).toBe("viewer");

    // Single use.
    const again = await request.agent(dashboard.url).get(path).expect(404);
    expect(again.text).toContain("invalid, has expired or has already been used");
  });

  it("asks an existing account for its password, then adds the workspace to its list", async () => {
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Second Home" });
    const existing = await signedUpAgent(dashboard.url, { workspaceName: "First Home" });
    await owner.agent.post("/members/invite").type("form").send({ _csrf: owner.csrf, email: existing.email, role: "admin" }).expect(303);
    const email = await db().email.findFirstOrThrow({
      where: { organizationId: system.workspaceId, to: { has: existing.email }, subject: "You're invited to a workspace on Svc" },
    });
    const path = linkPath(email.text!);

    const form = await existing.agent.get(path).expect(200);
    expect(form.text).toContain("Your current password");
    const wrong = await existing.agent
      .post(path)
      .type("form")
      .send({ _csrf: csrfFrom(form.text), password: "not my password" })
      .expect(401);
    expect(wrong.text).toContain("That is not the password of the existing account");
    await existing.agent
      .post(path)
      .type("form")
      .send({ _csrf: csrfFrom(wrong.text), password: PASSWORD })
      .expect(303);
    const memberships = await db().member.findMany({ where: { user: { email: existing.email } }, include: { workspace: true } });
    expect(memberships.map((m) => `${m.workspace.name}:${m.role}`).sort()).toEqual(["First Home:owner", "Second Home:admin"]);
  });

  it("refuses to invite someone twice into the same workspace or with a bad address, and lists and revokes pending invitations", async () => {
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Careful" });
    const bad = await owner.agent
      .post("/members/invite")
      .type("form")
      .send({ _csrf: owner.csrf, email: "not an email", role: "viewer" })
      .expect(422);
    expect(bad.text).toContain("enter a valid email address");
    const self = await owner.agent
      .post("/members/invite")
      .type("form")
      .send({ _csrf: owner.csrf, email: owner.email, role: "viewer" })
      .expect(409);
    expect(self.text).toContain("already a member");

    const invitee = uniqueEmail("pending");
    await owner.agent.post("/members/invite").type("form").send({ _csrf: owner.csrf, email: invitee, role: "admin" }).expect(303);
    const invitation = await db().invitation.findFirstOrThrow({ where: { email: invitee } });
    const tooSoon = await owner.agent
      .post("/members/invite")
      .type("form")
      .send({ _csrf: owner.csrf, email: invitee, role: "viewer" })
      .expect(429);
    expect(tooSoon.text).toContain("can be invited again in 10 minutes");
    expect(await db().invitation.findFirstOrThrow({ where: { email: invitee } })).toMatchObject({ id: invitation.id, role: "admin" });
    const page = await owner.agent.get("/members").expect(200);
    expect(page.text).toContain(`/members/invitations/${invitation.id}/revoke`);
    await owner.agent.post(`/members/invitations/${invitation.id}/revoke`).type("form").send({ _csrf: owner.csrf }).expect(303);
    const email = await db().email.findFirstOrThrow({ where: { organizationId: system.workspaceId, to: { has: invitee } } });
    await request(dashboard.url).get(linkPath(email.text!)).expect(404);
  });

  it("fails clearly and keeps no invitation when the system sender cannot send", async () => {
    const broken = await createTestDashboard({
      DASHBOARD_SYSTEM_API_KEY: system.keys["read-only"],
      DASHBOARD_INVITE_FROM: `Svc <invites@${system.domain}>`,
    });
    try {
      // Signed up where mail works (sign-up mails a link), logged in where it does not.
      const { email } = await signedUpAgent(dashboard.url, { workspaceName: "Broken sender" });
      const owner = await loggedInAgent(broken.url, email);
      const invitee = uniqueEmail("unsent");
      const answer = await owner.agent
        .post("/members/invite")
        .type("form")
        .send({ _csrf: owner.csrf, email: invitee, role: "viewer" })
        .expect(503);
      expect(answer.text).toContain("may not send email");
      expect(await db().invitation.count({ where: { email: invitee } })).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe("invitations without a system sender", () => {
  it("shows the link to the owner once, since no email can be sent", async () => {
    const plain = await createTestDashboard();
    try {
      const owner = await signedUpAgent(plain.url, { workspaceName: "No Mail" });
      const invitee = uniqueEmail("linked");
      const answer = await owner.agent
        .post("/members/invite")
        .type("form")
        .send({ _csrf: owner.csrf, email: invitee, role: "viewer" })
        .expect(201);
      expect(answer.text).toContain("no email was sent");
      const path = linkPath(answer.text);
      const guest = request.agent(plain.url);
      const form = await guest.get(path).expect(200);
      await guest
        .post(path)
        .type("form")
        .send({ _csrf: csrfFrom(form.text), password: PASSWORD, passwordConfirm: PASSWORD })
        .expect(303);
      expect((await guest.get("/").expect(200)).text).toContain("No Mail");
      const later = await owner.agent.get("/members").expect(200);
      expect(later.text).not.toContain(path);
    } finally {
      await plain.close();
    }
  });
});

describe("the last owner", () => {
  it("cannot demote or remove themselves while they are the only owner", async () => {
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Solo" });
    const workspaceId = (await db().member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
    const [me] = await listMembers(db(), workspaceId);
    const demote = await owner.agent.post(`/members/${me!.id}/role`).type("form").send({ _csrf: owner.csrf, role: "viewer" }).expect(409);
    expect(demote.text).toContain("at least one owner");
    await owner.agent.post(`/members/${me!.id}/remove`).type("form").send({ _csrf: owner.csrf }).expect(409);
    expect((await listMembers(db(), workspaceId))[0]?.role).toBe("owner");
  });
});

describe("a revoked system key", () => {
  it("is refused like any revoked key", async () => {
    const setup = await createTestDashboard();
    const other = await createWorkspaceFixture(setup.handle);
    await setup.close();
    await revokeApiKey(db(), other.keyIds["send-only"]);
    const revoked = await createTestDashboard({
      DASHBOARD_SYSTEM_API_KEY: other.keys["send-only"],
      DASHBOARD_INVITE_FROM: `Svc <invites@${other.domain}>`,
    });
    try {
      const { email } = await signedUpAgent(dashboard.url);
      const owner = await loggedInAgent(revoked.url, email);
      const answer = await owner.agent
        .post("/members/invite")
        .type("form")
        .send({ _csrf: owner.csrf, email: uniqueEmail("r"), role: "viewer" })
        .expect(503);
      expect(answer.text).toContain("DASHBOARD_SYSTEM_API_KEY");
    } finally {
      await revoked.close();
    }
  });
});
