import { afterAll, describe, expect, it } from "@jest/globals";
import {
  AppError,
  acceptInvitation,
  addUserToWorkspace,
  authenticate,
  changeMemberRole,
  createInvitation,
  createSession,
  createWorkspace,
  currentWorkspaceOf,
  DEFAULT_INVITATION_LIMITS,
  deleteSession,
  findSession,
  listMembers,
  listMemberships,
  openInvitation,
  purgeExpiredSessions,
  removeMember,
  roleAllows,
  safeEqual,
  signUp,
  switchSessionWorkspace,
} from "@svc/core";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { hashOpaqueToken } from "../src/users/tokens.ts";

const handle = openTestDb();
const db = handle.prisma;
afterAll(() => handle.close());

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const PASSWORD = "correct horse battery";

describe("sign-up and log-in", () => {
  it("creates the user, their first workspace and an owner membership, with an argon2id hash", async () => {
    const email = uniqueEmail("Founder");
    const { user, workspaceId } = await signUp(db, { email: `  ${email.toUpperCase()} `, password: PASSWORD, workspaceName: "Acme" });
    expect(user.email).toBe(email.toLowerCase());
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);
    expect(await listMemberships(db, user.id)).toEqual([
      { workspaceId, workspaceName: "Acme", plan: "free", role: "owner", requireSecondFactor: false },
    ]);
  });

  it("refuses a taken email, a short password and an empty workspace name, creating nothing", async () => {
    const email = uniqueEmail("taken");
    await signUp(db, { email, password: PASSWORD, workspaceName: "One" });
    const before = await db.workspace.count();
    await expect(signUp(db, { email, password: PASSWORD, workspaceName: "Two" })).rejects.toMatchObject({ code: "conflict" });
    await expect(signUp(db, { email: uniqueEmail("short"), password: "short", workspaceName: "X" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(signUp(db, { email: uniqueEmail("noname"), password: PASSWORD, workspaceName: "  " })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(signUp(db, { email: "not-an-email", password: PASSWORD, workspaceName: "X" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(await db.workspace.count()).toBe(before);
  });

  it("authenticates the right password only, case-insensitively on the email", async () => {
    const email = uniqueEmail("login");
    await signUp(db, { email, password: PASSWORD, workspaceName: "W" });
    expect(await authenticate(db, email.toUpperCase(), PASSWORD)).toMatchObject({ email });
    expect(await authenticate(db, email, "wrong password!")).toBeNull();
    expect(await authenticate(db, uniqueEmail("nobody"), PASSWORD)).toBeNull();
  });
});

describe("sessions", () => {
  it("stores only the token's hash, finds it by token, expires and deletes it", async () => {
    const { user, workspaceId } = await signUp(db, { email: uniqueEmail("session"), password: PASSWORD, workspaceName: "S" });
    const { token, session } = await createSession(db, { userId: user.id });
    expect(session.workspaceId).toBe(workspaceId);
    const row = await db.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.tokenHash).toBe(hashOpaqueToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await findSession(db, token))?.userId).toBe(user.id);
    expect(await findSession(db, `${token}x`)).toBeNull();
    expect(await findSession(db, token, new Date(session.expiresAt.getTime() + 1))).toBeNull();
    expect(await db.session.count({ where: { id: session.id } })).toBe(0);

    const second = await createSession(db, { userId: user.id });
    await deleteSession(db, second.token);
    expect(await findSession(db, second.token)).toBeNull();
  });

  it("switches only to workspaces the user belongs to", async () => {
    const { user } = await signUp(db, { email: uniqueEmail("switch"), password: PASSWORD, workspaceName: "Mine" });
    const other = await createWorkspace(db, { name: "Not mine" });
    const { session } = await createSession(db, { userId: user.id });
    await expect(switchSessionWorkspace(db, session.id, user.id, other.id)).rejects.toMatchObject({ code: "not_found" });
    await addUserToWorkspace(db, { email: session.userEmail, workspaceId: other.id, role: "viewer" });
    await switchSessionWorkspace(db, session.id, user.id, other.id);
    expect((await db.session.findUniqueOrThrow({ where: { id: session.id } })).workspaceId).toBe(other.id);
  });

  it("keeps the session's workspace while the user belongs to it, and falls back to their first one when it is gone", async () => {
    const { user, workspaceId } = await signUp(db, { email: uniqueEmail("fallback"), password: PASSWORD, workspaceName: "First" });
    const other = await createWorkspace(db, { name: "Second" });
    await addUserToWorkspace(db, { email: user.email, workspaceId: other.id, role: "viewer" });
    const { session } = await createSession(db, { userId: user.id, workspaceId: other.id });
    expect((await currentWorkspaceOf(db, session, await listMemberships(db, user.id)))?.workspaceId).toBe(other.id);

    await db.member.deleteMany({ where: { userId: user.id, workspaceId: other.id } });
    expect((await currentWorkspaceOf(db, session, await listMemberships(db, user.id)))?.workspaceId).toBe(workspaceId);
    expect((await db.session.findUniqueOrThrow({ where: { id: session.id } })).workspaceId).toBe(workspaceId);
    expect(await currentWorkspaceOf(db, session, [])).toBeNull();
  });

  it("purges expired sessions and sign-up links only", async () => {
    const { user } = await signUp(db, { email: uniqueEmail("purge"), password: PASSWORD, workspaceName: "P" });
    const now = new Date();
    const expired = await createSession(db, { userId: user.id, ttlMs: 1000, now: new Date(now.getTime() - 60_000) });
    const live = await createSession(db, { userId: user.id, now });
    const pendingSignUp = (label: string, expiresAt: Date) =>
      db.pendingSignup.create({
        data: {
          id: `psu_${label}${Date.now()}`,
          email: uniqueEmail(label),
          passwordHash: "x",
          workspaceName: "W",
          tokenHash: `${label}${Math.random()}`,
          expiresAt,
        },
      });
    const expiredSignUp = await pendingSignUp("gone", new Date(now.getTime() - 1000));
    const liveSignUp = await pendingSignUp("kept", new Date(now.getTime() + 60_000));

    const purged = await purgeExpiredSessions(db, now);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect(purged.signUps).toBeGreaterThanOrEqual(1);
    expect(await db.session.count({ where: { id: { in: [expired.session.id, live.session.id] } } })).toBe(1);
    expect(await db.session.count({ where: { id: live.session.id } })).toBe(1);
    expect(await db.pendingSignup.count({ where: { id: { in: [expiredSignUp.id, liveSignUp.id] } } })).toBe(1);
    expect(await db.pendingSignup.count({ where: { id: liveSignUp.id } })).toBe(1);
  });
});

describe("members", () => {
  it("never leaves a workspace without an owner", async () => {
    const { user, workspaceId } = await signUp(db, { email: uniqueEmail("owner"), password: PASSWORD, workspaceName: "O" });
    const [owner] = await listMembers(db, workspaceId);
    expect(owner?.userId).toBe(user.id);
    await expect(changeMemberRole(db, workspaceId, owner!.id, "admin")).rejects.toMatchObject({ code: "conflict" });
    await expect(removeMember(db, workspaceId, owner!.id)).rejects.toMatchObject({ code: "conflict" });
    const added = await addUserToWorkspace(db, { email: uniqueEmail("second"), password: PASSWORD, workspaceId, role: "owner" });
    expect(added.userCreated).toBe(true);
    await changeMemberRole(db, workspaceId, owner!.id, "viewer");
    expect((await listMembers(db, workspaceId)).map((m) => m.role).sort()).toEqual(["owner", "viewer"]);
  });

  it("scopes member changes to the workspace: another workspace's member is not found", async () => {
    const a = await signUp(db, { email: uniqueEmail("a"), password: PASSWORD, workspaceName: "A" });
    const b = await signUp(db, { email: uniqueEmail("b"), password: PASSWORD, workspaceName: "B" });
    const [memberOfB] = await listMembers(db, b.workspaceId);
    await expect(removeMember(db, a.workspaceId, memberOfB!.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(changeMemberRole(db, a.workspaceId, memberOfB!.id, "viewer")).rejects.toBeInstanceOf(AppError);
    expect(await listMembers(db, b.workspaceId)).toHaveLength(1);
  });

  it("grants roles what the issue says", () => {
    expect(roleAllows("owner", "members:manage")).toBe(true);
    expect(roleAllows("admin", "members:manage")).toBe(false);
    expect(roleAllows("admin", "workspace:write")).toBe(true);
    expect(roleAllows("viewer", "workspace:write")).toBe(false);
    expect(roleAllows("viewer", "workspace:read")).toBe(true);
  });
});

describe("invitations", () => {
  it("creates a new account from a link, once", async () => {
    const { workspaceId } = await signUp(db, { email: uniqueEmail("inviter"), password: PASSWORD, workspaceName: "Team" });
    const invitee = uniqueEmail("invitee");
    const { token, invitation } = await createInvitation(db, { workspaceId, email: invitee, role: "viewer" });
    const row = await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.tokenHash).toBe(hashOpaqueToken(token));
    expect(await openInvitation(db, token)).toMatchObject({ workspaceName: "Team", accountExists: false });

    await expect(acceptInvitation(db, token, "short")).rejects.toMatchObject({ code: "validation_failed" });
    const accepted = await acceptInvitation(db, token, PASSWORD);
    expect(accepted).toMatchObject({ workspaceId, role: "viewer" });
    expect(await authenticate(db, invitee, PASSWORD)).not.toBeNull();
    await expect(acceptInvitation(db, token, PASSWORD)).rejects.toMatchObject({ code: "not_found" });
  });

  it("asks an existing account for its password, and refuses expired and replaced links", async () => {
    const { workspaceId } = await signUp(db, { email: uniqueEmail("inviter2"), password: PASSWORD, workspaceName: "Team 2" });
    const existing = uniqueEmail("existing");
    await signUp(db, { email: existing, password: PASSWORD, workspaceName: "Own" });
    const first = await createInvitation(db, { workspaceId, email: existing, role: "admin" });
    const afterCooldown = new Date(Date.now() + DEFAULT_INVITATION_LIMITS.reinviteCooldownMs + 1000);
    const second = await createInvitation(db, { workspaceId, email: existing, role: "admin", now: afterCooldown });
    await expect(openInvitation(db, first.token)).rejects.toMatchObject({ code: "not_found" });
    expect((await openInvitation(db, second.token)).accountExists).toBe(true);
    await expect(acceptInvitation(db, second.token, "a wrong password")).rejects.toMatchObject({ code: "unauthorized" });
    await acceptInvitation(db, second.token, PASSWORD);
    expect((await listMembers(db, workspaceId)).map((m) => m.email)).toContain(existing);

    const expired = await createInvitation(db, {
      workspaceId,
      email: uniqueEmail("late"),
      role: "viewer",
      ttlMs: 1000,
      now: new Date(Date.now() - 5000),
    });
    await expect(acceptInvitation(db, expired.token, PASSWORD)).rejects.toMatchObject({ code: "not_found" });
    await expect(createInvitation(db, { workspaceId, email: existing, role: "viewer" })).rejects.toMatchObject({ code: "conflict" });
  });

  it("refuses a re-invite within the cooldown, and changes nothing", async () => {
    const { workspaceId } = await signUp(db, { email: uniqueEmail("inviter4"), password: PASSWORD, workspaceName: "Patient" });
    const invitee = uniqueEmail("again");
    const first = await createInvitation(db, { workspaceId, email: invitee, role: "viewer" });
    const soon = new Date(Date.now() + DEFAULT_INVITATION_LIMITS.reinviteCooldownMs - 60_000);
    await expect(createInvitation(db, { workspaceId, email: invitee, role: "admin", now: soon })).rejects.toMatchObject({
      code: "rate_limited",
      message: expect.stringContaining("can be invited again in 1 minute."),
    });
    expect((await openInvitation(db, first.token)).invitation.role).toBe("viewer");
    expect(await db.invitation.count({ where: { workspaceId } })).toBe(1);
  });

  it("holds the daily number of invitations per workspace under concurrency; a refusal counts nothing", async () => {
    const { workspaceId } = await signUp(db, { email: uniqueEmail("inviter5"), password: PASSWORD, workspaceName: "Busy" });
    const limits = { perWorkspacePerDay: 3, reinviteCooldownMs: 10 * 60_000 };
    const invitee = uniqueEmail("first");
    await createInvitation(db, { workspaceId, email: invitee, role: "viewer", limits });
    // Refused by the cooldown: must not use up one of the day's invitations.
    await expect(createInvitation(db, { workspaceId, email: invitee, role: "viewer", limits })).rejects.toMatchObject({
      code: "rate_limited",
    });

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => createInvitation(db, { workspaceId, email: uniqueEmail(`burst${i}`), role: "viewer", limits })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const refusals = results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => r.reason as { code: string; message: string });
    expect(refusals).toHaveLength(8);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ code: "rate_limited", message: expect.stringContaining("3 invitations for today") });
    expect(await db.invitation.count({ where: { workspaceId } })).toBe(3);
  });

  it("accepts one of two concurrent accepts", async () => {
    const { workspaceId } = await signUp(db, { email: uniqueEmail("inviter3"), password: PASSWORD, workspaceName: "Race" });
    const { token } = await createInvitation(db, { workspaceId, email: uniqueEmail("racer"), role: "viewer" });
    const results = await Promise.allSettled([acceptInvitation(db, token, PASSWORD), acceptInvitation(db, token, PASSWORD)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await listMembers(db, workspaceId)).toHaveLength(2);
  });
});

describe("safeEqual", () => {
  it("compares in constant time and refuses empty and different lengths", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
    expect(safeEqual("", "")).toBe(false);
  });
});
