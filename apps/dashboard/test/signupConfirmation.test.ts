import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createInvitation, listAuditLog, openInvitation, sqlPool } from "@svc/core";
import request from "supertest";
import { createWorkspaceFixture, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import {
  createTestDashboard,
  csrfFrom,
  loggedInAgent,
  PASSWORD,
  signedUpAgent,
  signupLinkMailedTo,
  type TestDashboard,
  uniqueEmail,
} from "./support.ts";

/**
 * With a system sender, sign-up is confirmed by a link mailed to the address: the page never
 * tells whether an address has an account, and nobody can claim an address they cannot read.
 */
let system: WorkspaceFixture;
let dashboard: TestDashboard;

beforeAll(async () => {
  const setup = await createTestDashboard();
  system = await createWorkspaceFixture(setup.handle, { plan: "unlimited" });
  await setup.close();
  dashboard = await createTestDashboard({
    DASHBOARD_SYSTEM_API_KEY: system.keys["send-only"],
    DASHBOARD_INVITE_FROM: `Svc <accounts@${system.domain}>`,
  });
});
afterAll(() => dashboard.close());

async function askToSignUp(email: string, password = PASSWORD) {
  const agent = request.agent(dashboard.url);
  const form = await agent.get("/signup").expect(200);
  const answer = await agent
    .post("/signup")
    .type("form")
    .send({ _csrf: csrfFrom(form.text), email, password, workspaceName: "Claimed" });
  return { agent, answer };
}

const mailsTo = (address: string, subject: string) => dashboard.db.email.count({ where: { to: { has: address }, subject } });

describe("sign-up confirmed by email", () => {
  it("creates nothing until the mailed link is used, once; the sign-up is then an audit entry", async () => {
    const address = uniqueEmail("newcomer");
    const { agent, answer } = await askToSignUp(address);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("Check your inbox");
    expect(await dashboard.db.user.count({ where: { email: address } })).toBe(0);

    const path = await signupLinkMailedTo(address);
    const mail = await dashboard.db.email.findFirstOrThrow({ where: { to: { has: address }, subject: "Confirm your Svc account" } });
    expect(mail).toMatchObject({ organizationId: system.workspaceId, from: `Svc <accounts@${system.domain}>` });
    const confirm = await agent.get(path).expect(200);
    expect(confirm.headers["referrer-policy"]).toBe("no-referrer");
    expect(await dashboard.db.user.count({ where: { email: address } })).toBe(0); // opening the link is not confirming
    await agent
      .post(path)
      .type("form")
      .send({ _csrf: csrfFrom(confirm.text) })
      .expect(303)
      .expect("location", "/?notice=welcome");
    const overview = await agent.get("/").expect(200);
    expect(overview.text).toContain("Claimed");
    const user = await dashboard.db.user.findUniqueOrThrow({ where: { email: address } });
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId: user.id } })).workspaceId;
    const signUps = (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 100 })).data.filter(
      (e) => e.action === "auth.sign_up",
    );
    expect(signUps).toHaveLength(1);
    expect(signUps[0]).toMatchObject({
      actor: { type: "user", id: user.id },
      target: { type: "user", id: user.id },
      changes: { addressConfirmed: true },
    });

    const again = await request.agent(dashboard.url).get(path).expect(404);
    expect(again.text).toContain("invalid, has expired or has already been used");
  });

  it("answers an address that has an account exactly as a new one, and mails its owner instead", async () => {
    const existing = await signedUpAgent(dashboard.url, { workspaceName: "Mine" });
    const fresh = uniqueEmail("fresh");
    const forExisting = await askToSignUp(existing.email, "another long password");
    const forFresh = await askToSignUp(fresh);
    expect(forExisting.answer.status).toBe(forFresh.answer.status);
    expect(forExisting.answer.text.replace(existing.email, "ADDRESS")).toBe(forFresh.answer.text.replace(fresh, "ADDRESS"));
    expect(await mailsTo(existing.email, "You already have a Svc account")).toBe(1);
    // The account is untouched: its own password still logs in.
    await loggedInAgent(dashboard.url, existing.email, PASSWORD);
  });

  it("lets no squatter claim an invitee's address, and mails one address at most once per cooldown", async () => {
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Inviting" });
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
    const invitee = uniqueEmail("invitee");
    const { token } = await createInvitation(dashboard.db, { workspaceId, email: invitee, role: "viewer" });

    const squat = await askToSignUp(invitee, "the squatter's password");
    expect(squat.answer.text).toContain("Check your inbox");
    const repeat = await askToSignUp(invitee, "the squatter's password");
    expect(repeat.answer.text).toBe(squat.answer.text);
    expect(await mailsTo(invitee, "Confirm your Svc account")).toBe(1);

    // The invitee still gets the new-account form, and sets their own password.
    expect((await openInvitation(dashboard.db, token)).accountExists).toBe(false);
    expect(await dashboard.db.user.count({ where: { email: invitee } })).toBe(0);
  });

  it("refuses a bad password or workspace name before storing or mailing anything", async () => {
    const address = uniqueEmail("weak");
    const { answer } = await askToSignUp(address, "short");
    expect(answer.status).toBe(422);
    expect(await dashboard.db.pendingSignup.count({ where: { email: address } })).toBe(0);
    expect(await mailsTo(address, "Confirm your Svc account")).toBe(0);
  });
});
