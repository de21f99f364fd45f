import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { utcDay } from "@svc/core";
import request from "supertest";
import { createWorkspaceFixture, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { clientNetwork } from "../src/auth/clientNetwork.ts";
import { createTestDashboard, csrfFrom, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * Sign-up is throttled per origin and for the whole install before any work is done, and the
 * system sender's mail (confirmations, invitations) never waits on a daily limit a flood could use up.
 */
let system: WorkspaceFixture;
let dashboard: TestDashboard;

beforeAll(async () => {
  const setup = await createTestDashboard();
  // The system workspace on the Free plan with today's 100 sends already used.
  system = await createWorkspaceFixture(setup.handle, { plan: "free" });
  await setup.db.dailyUsage.create({ data: { workspaceId: system.workspaceId, day: utcDay(), count: 100 } });
  await setup.close();
  dashboard = await createTestDashboard({
    DASHBOARD_SYSTEM_API_KEY: system.keys["send-only"],
    DASHBOARD_INVITE_FROM: `Svc <accounts@${system.domain}>`,
    DASHBOARD_TRUST_PROXY: "1",
    DASHBOARD_SIGNUPS_PER_ORIGIN_PER_HOUR: "10",
    DASHBOARD_SIGNUPS_PER_HOUR: "40",
  });
});
afterAll(() => dashboard.close());

async function signUpFrom(origin: string, count: number, label: string) {
  const agent = request.agent(dashboard.url);
  const csrf = csrfFrom((await agent.get("/signup").expect(200)).text);
  const answers = [];
  // 25 at a time: a burst, without opening hundreds of sockets at once.
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, i) =>
      agent
        .post("/signup")
        .set("X-Forwarded-For", origin)
        .type("form")
        .send({ _csrf: csrf, email: uniqueEmail(`${label}${start + i}`), password: PASSWORD, workspaceName: "Flood" }),
    );
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

const confirmationsSince = (since: Date) =>
  dashboard.db.email.count({
    where: { organizationId: system.workspaceId, subject: "Confirm your Svc account", createdAt: { gte: since } },
  });

describe("a sign-up flood", () => {
  it("is throttled from one origin (500 in a minute), while the system sender still mails an invitation", async () => {
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Inviting" });
    const started = new Date();
    const answers = await signUpFrom("203.0.113.5", 500, "flood");
    const accepted = answers.filter((a) => a.status === 200);
    const throttled = answers.filter((a) => a.status === 429);
    expect(accepted.length + throttled.length).toBe(500);
    expect(accepted.length).toBeLessThanOrEqual(10);
    expect(accepted.length).toBeGreaterThanOrEqual(9);
    expect(throttled[0]!.text).toContain("Too many sign-ups from your network");
    expect(Number(throttled[0]!.headers["retry-after"])).toBeGreaterThan(0);
    expect(await confirmationsSince(started)).toBe(accepted.length);

    // Another origin is not held back by this one.
    const elsewhere = await signUpFrom("198.51.100.7", 1, "elsewhere");
    expect(elsewhere[0]!.status).toBe(200);

    // The system workspace's daily limit was used up before the flood: its own mail still goes.
    const invitee = uniqueEmail("invitee");
    await owner.agent.post("/members/invite").type("form").send({ _csrf: owner.csrf, email: invitee, role: "viewer" }).expect(303);
    const invitation = await dashboard.db.email.findFirstOrThrow({ where: { organizationId: system.workspaceId, to: { has: invitee } } });
    expect(invitation).toMatchObject({ status: "queued", subject: "You're invited to a workspace on Svc" });
    const usage = await dashboard.db.dailyUsage.findUniqueOrThrow({
      where: { workspaceId_day: { workspaceId: system.workspaceId, day: utcDay() } },
    });
    expect(usage.count).toBe(100);
  });

  it("is throttled for the whole install when it comes from many origins", async () => {
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(...(await signUpFrom(`192.0.2.${i + 1}`, 1, `many${i}`)));
    const throttled = answers.filter((a) => a.status === 429);
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled[0]!.text).toContain("Sign-up is busy right now");
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
  });
});

describe("clientNetwork", () => {
  it("counts an IPv4 client by its address and an IPv6 client by its /64", () => {
    expect(clientNetwork("203.0.113.5")).toBe("203.0.113.5");
    expect(clientNetwork("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientNetwork("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(clientNetwork("2001:DB8:aa:bb::9")).toBe("2001:db8:aa:bb::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });
});
