import { afterAll, describe, expect, it } from "@jest/globals";
import { addUserToWorkspace, listAuditLog, sqlPool } from "@svc/core";
import request from "supertest";
import { type Agent, codeAt, createTestDashboard, csrfFrom, enrolTotp, PASSWORD, signedUpAgent, uniqueEmail } from "./support.ts";

/**
 * The second factor with an authenticator app (TOTP) and recovery codes, from enrolment on the
 * account page to the code step after the password; a workspace's requirement of one.
 */
const dashboard = await createTestDashboard();
const db = dashboard.db;
afterAll(() => dashboard.close());

const installWide = async () => (await listAuditLog(sqlPool(dashboard.handle), { installWide: true }, { limit: 500 })).data;
const entriesOf = async (workspaceId: string) => (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 500 })).data;

/** Signs in with the password: returns the agent at the second-factor step (or signed in). */
async function passwordStep(email: string, expectedLocation = "/login/second-factor"): Promise<{ agent: Agent; csrf: string }> {
  const agent = request.agent(dashboard.url);
  const form = await agent.get("/login").expect(200);
  const answer = await agent
    .post("/login")
    .type("form")
    .send({ _csrf: csrfFrom(form.text), email, password: PASSWORD })
    .expect(303);
  expect(answer.headers.location).toBe(expectedLocation);
  const step = await agent.get(expectedLocation === "/" ? "/account/security" : "/login/second-factor").expect(200);
  return { agent, csrf: csrfFrom(step.text) };
}

async function userIdOf(email: string): Promise<string> {
  return (await db.user.findUniqueOrThrow({ where: { email } })).id;
}

describe("an authenticator app as second factor", () => {
  it("is enrolled from the account page with a code, shows 10 recovery codes once, and keeps the secret sealed and the codes hashed", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const { secret, recoveryCodes } = await enrolTotp(owner.agent);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const userId = await userIdOf(owner.email);
    const row = await db.userTotp.findUniqueOrThrow({ where: { userId } });
    expect(row.confirmedAt).not.toBeNull();
    expect(row.secretSealed).toMatch(/^v1\./);
    expect(row.secretSealed).not.toContain(secret);
    expect(dashboard.secrets.open(row.secretSealed)).toBe(secret);
    const hashes = (await db.recoveryCode.findMany({ where: { userId } })).map((r) => r.codeHash);
    expect(hashes).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(hashes.join(" ")).not.toContain(code);
      expect(hashes.join(" ")).not.toContain(code.replaceAll("-", ""));
    }

    // The account page no longer shows the secret or the codes.
    const again = await owner.agent.get("/account/security").expect(200);
    expect(again.text).not.toContain(secret);
    expect(again.text).not.toContain(recoveryCodes[0]!);
    expect(again.text).toContain("10 of 10 recovery codes are unused");

    const workspaceId = (await db.member.findFirstOrThrow({ where: { userId } })).workspaceId;
    const enrolled = (await entriesOf(workspaceId)).filter((e) => e.action === "auth.second_factor_enrolled");
    expect(enrolled).toHaveLength(1);
    expect(enrolled[0]!.changes).toEqual({ factor: "totp" });
    expect(JSON.stringify(await entriesOf(workspaceId))).not.toContain(secret);
  });

  it("refuses a wrong enrolment code with a message and enrols nothing", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const account = await owner.agent.get("/account/security").expect(200);
    const started = await owner.agent
      .post("/account/totp/start")
      .type("form")
      .send({ _csrf: csrfFrom(account.text) })
      .expect(200);
    const secret = /id="totp-secret"[^>]*value="([A-Z2-7]+)"/.exec(started.text)![1]!;
    const wrong = String((Number(codeAt(secret, Date.now())) + 500_000) % 1_000_000).padStart(6, "0");
    const answer = await owner.agent
      .post("/account/totp/confirm")
      .type("form")
      .send({ _csrf: csrfFrom(started.text), code: wrong })
      .expect(422);
    expect(answer.text).toContain("That code doesn&#39;t match");
    const row = await db.userTotp.findUniqueOrThrow({ where: { userId: await userIdOf(owner.email) } });
    expect(row.confirmedAt).toBeNull();
    // Sign-in still needs only the password: nothing was enrolled.
    await passwordStep(owner.email, "/");
  });

  it("asks for a code after the password; the pending session opens nothing else; a right code signs in", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const { secret } = await enrolTotp(owner.agent);
    const { agent, csrf } = await passwordStep(owner.email);

    // Password alone: every page still sends the visitor to log in; nothing changes.
    const overview = await agent.get("/").expect(303);
    expect(overview.headers.location).toBe("/login");
    await agent.post("/api-keys").type("form").send({ _csrf: csrf, name: "sneaky", scope: "full-access" }).expect(401);

    // The enrolment used the current step: the next code (within the window) signs in.
    const answer = await agent
      .post("/login/second-factor")
      .type("form")
      .send({ _csrf: csrf, code: codeAt(secret, Date.now() + 30_000) })
      .expect(303);
    expect(answer.headers.location).toBe("/");
    await agent.get("/").expect(200);

    const userId = await userIdOf(owner.email);
    const workspaceId = (await db.member.findFirstOrThrow({ where: { userId } })).workspaceId;
    const signIns = (await entriesOf(workspaceId)).filter((e) => e.action === "auth.sign_in");
    expect(signIns[0]!.changes).toEqual({ method: "password", secondFactor: "totp" });
  });

  it("refuses a wrong code and a code reused within its window with a clear message, and counts each as a failure", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const { secret } = await enrolTotp(owner.agent);
    const userId = await userIdOf(owner.email);
    const next = codeAt(secret, Date.now() + 30_000);

    const first = await passwordStep(owner.email);
    await first.agent.post("/login/second-factor").type("form").send({ _csrf: first.csrf, code: next }).expect(303);

    const second = await passwordStep(owner.email);
    const reused = await second.agent.post("/login/second-factor").type("form").send({ _csrf: second.csrf, code: next }).expect(401);
    expect(reused.text).toContain("That code was already used");
    // The enrolment's code is older than the last one used: refused too.
    const older = await second.agent
      .post("/login/second-factor")
      .type("form")
      .send({ _csrf: second.csrf, code: codeAt(secret, Date.now()) })
      .expect(401);
    expect(older.text).toContain("already used");
    const wrong = String((Number(next) + 1) % 1_000_000).padStart(6, "0");
    const refused = await second.agent.post("/login/second-factor").type("form").send({ _csrf: second.csrf, code: wrong }).expect(401);
    expect(refused.text).toContain("That code isn&#39;t right");
    const garbage = await second.agent
      .post("/login/second-factor")
      .type("form")
      .send({ _csrf: second.csrf, code: "12ab<script>" })
      .expect(401);
    expect(garbage.text).not.toContain("<script>");
    await second.agent.get("/").expect(303);

    const failures = (await installWide()).filter((e) => e.action === "auth.sign_in_failed" && e.target?.id === userId);
    expect(failures.map((e) => e.changes.reason).sort()).toEqual(["reused_code", "reused_code", "wrong_code", "wrong_code"]);
    expect(JSON.stringify(failures)).not.toContain(next);
  });

  it("pauses the code step after 5 failures from one address, like passwords: then even the right code gets 429", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const { secret } = await enrolTotp(owner.agent);
    const { agent, csrf } = await passwordStep(owner.email);
    const right = codeAt(secret, Date.now() + 30_000);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) await agent.post("/login/second-factor").type("form").send({ _csrf: csrf, code: wrong }).expect(401);
    const paused = await agent.post("/login/second-factor").type("form").send({ _csrf: csrf, code: right }).expect(429);
    expect(paused.text).toContain("Too many");
    expect(Number(paused.headers["retry-after"])).toBeGreaterThan(0);
    await agent.get("/").expect(303);
    // The right code was not spent: the counter did not move.
    const row = await db.userTotp.findUniqueOrThrow({ where: { userId: await userIdOf(owner.email) } });
    expect(row.lastUsedStep).toBeLessThan(BigInt(Math.floor((Date.now() + 30_000) / 30_000)));
  });

  it("takes each recovery code once in place of a code, and audits its use without the code", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const { recoveryCodes } = await enrolTotp(owner.agent);
    const userId = await userIdOf(owner.email);

    const first = await passwordStep(owner.email);
    const page = await first.agent.get("/login/second-factor?recovery=1").expect(200);
    expect(page.text).toContain('name="recoveryCode"');
    // Typed in lower case without dashes: still the code.
    const typed = recoveryCodes[3]!.toLowerCase().replaceAll("-", "");
    await first.agent.post("/login/second-factor").type("form").send({ _csrf: first.csrf, recoveryCode: typed }).expect(303);
    await first.agent.get("/").expect(200);

    const second = await passwordStep(owner.email);
    const again = await second.agent
      .post("/login/second-factor")
      .type("form")
      .send({ _csrf: second.csrf, recoveryCode: recoveryCodes[3]! })
      .expect(401);
    expect(again.text).toContain("used before");
    expect(await db.recoveryCode.count({ where: { userId, usedAt: null } })).toBe(9);

    const workspaceId = (await db.member.findFirstOrThrow({ where: { userId } })).workspaceId;
    const used = (await entriesOf(workspaceId)).filter((e) => e.action === "auth.recovery_code_used");
    expect(used).toHaveLength(1);
    const all = JSON.stringify([...(await entriesOf(workspaceId)), ...(await installWide())]);
    expect(all).not.toContain(recoveryCodes[3]!);
    expect(all).not.toContain(recoveryCodes[3]!.replaceAll("-", ""));
  });

  it("is removed only with the password; the removal is audited and sign-in asks for the password alone again", async () => {
    const owner = await signedUpAgent(dashboard.url);
    await enrolTotp(owner.agent);
    const userId = await userIdOf(owner.email);
    const page = await owner.agent.get("/account/security").expect(200);
    const wrong = await owner.agent
      .post("/account/totp/remove")
      .type("form")
      .send({ _csrf: csrfFrom(page.text), password: "not the password at all" })
      .expect(401);
    expect(wrong.text).toContain("Nothing was changed");
    expect(await db.userTotp.count({ where: { userId } })).toBe(1);
    await owner.agent
      .post("/account/totp/remove")
      .type("form")
      .send({ _csrf: csrfFrom(page.text), password: PASSWORD })
      .expect(303);
    expect(await db.userTotp.count({ where: { userId } })).toBe(0);
    expect(await db.recoveryCode.count({ where: { userId } })).toBe(0);
    const workspaceId = (await db.member.findFirstOrThrow({ where: { userId } })).workspaceId;
    const removed = (await entriesOf(workspaceId)).filter((e) => e.action === "auth.second_factor_removed");
    expect(removed.map((e) => e.changes)).toEqual([{ factor: "totp" }]);
    await passwordStep(owner.email, "/");
  });
});

describe("a workspace that requires a second factor", () => {
  it("sends its members without one to enrolment and lets them do nothing else until enrolled; another workspace's members are untouched", async () => {
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Strict" });
    const ownerId = await userIdOf(owner.email);
    const workspaceId = (await db.member.findFirstOrThrow({ where: { userId: ownerId } })).workspaceId;

    // The owner must have a factor before requiring one.
    const members = await owner.agent.get("/members").expect(200);
    const refused = await owner.agent
      .post("/members/second-factor")
      .type("form")
      .send({ _csrf: csrfFrom(members.text), required: "true" })
      .expect(409);
    expect(refused.text).toContain("Set up a second factor for yourself first");
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).requireSecondFactor).toBe(false);
    await owner.agent
      .post("/members/second-factor")
      .type("form")
      .send({ _csrf: csrfFrom(members.text), required: "maybe" })
      .expect(422);

    await enrolTotp(owner.agent);
    const memberEmail = uniqueEmail("member");
    await addUserToWorkspace(db, { email: memberEmail, workspaceId, role: "admin", password: PASSWORD });
    // Signed in before the requirement: the requirement reaches the existing session too.
    const member = await passwordStep(memberEmail, "/");
    const bystander = await signedUpAgent(dashboard.url, { workspaceName: "Relaxed" });

    await owner.agent
      .post("/members/second-factor")
      .type("form")
      .send({ _csrf: csrfFrom(members.text), required: "true" })
      .expect(303);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).requireSecondFactor).toBe(true);
    const changed = (await entriesOf(workspaceId)).filter((e) => e.action === "workspace.second_factor_requirement_changed");
    expect(changed.map((e) => e.changes)).toEqual([{ requireSecondFactor: true }]);

    const sent = await member.agent.get("/api-keys").expect(303);
    expect(sent.headers.location).toBe("/account/security?notice=second_factor_required");
    const blocked = await member.agent
      .post("/api-keys")
      .type("form")
      .send({ _csrf: member.csrf, name: "k", scope: "full-access" })
      .expect(403);
    expect(blocked.text).toContain("requires a second factor");
    expect(await db.apiKey.count({ where: { workspaceId } })).toBe(0);
    const security = await member.agent.get("/account/security").expect(200);
    expect(security.text).toContain("requires a second factor");

    // A fresh sign-in with the password goes the same way.
    const fresh = await passwordStep(memberEmail, "/");
    await fresh.agent.get("/domains").expect(303);

    // The other workspace's owner never has a factor and is never asked for one.
    await bystander.agent.get("/api-keys").expect(200);

    await enrolTotp(member.agent);
    await member.agent.get("/api-keys").expect(200);

    // With the requirement on, a member's last factor cannot be removed.
    const page = await member.agent.get("/account/security").expect(200);
    const kept = await member.agent
      .post("/account/totp/remove")
      .type("form")
      .send({ _csrf: csrfFrom(page.text), password: PASSWORD })
      .expect(409);
    expect(kept.text).toContain("requires a second factor");
    expect(await db.userTotp.count({ where: { userId: await userIdOf(memberEmail), confirmedAt: { not: null } } })).toBe(1);
  });
});

describe("passwordless passkey challenges", () => {
  it("gives a network at most 30 a minute, then 429 with Retry-After; a signed-in person gets none", async () => {
    const agent = request.agent(dashboard.url);
    const csrf = csrfFrom((await agent.get("/login").expect(200)).text);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await agent.post("/login/passkey/options").set("X-CSRF-Token", csrf).send({})).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const last = await agent.post("/login/passkey/options").set("X-CSRF-Token", csrf).send({}).expect(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    expect(last.body.code).toBe("rate_limited");
    // An answer with no challenge asked for is refused plainly, never a 500.
    const stranger = request.agent(dashboard.url);
    const strangerCsrf = csrfFrom((await stranger.get("/login").expect(200)).text);
    await stranger.post("/login/passkey").set("X-CSRF-Token", strangerCsrf).send({ id: "x", response: {} }).expect(400);
    const owner = await signedUpAgent(dashboard.url);
    await owner.agent.post("/login/passkey/options").set("X-CSRF-Token", owner.csrf).send({}).expect(409);
  });
});
