import { afterAll, describe, expect, it } from "@jest/globals";
import { loadEnv } from "@svc/config";
import { createInvitation } from "@svc/core";
import request from "supertest";
import { hashOpaqueToken } from "../../../packages/core/src/users/tokens.ts";
import { dashboardEnvSchema } from "../src/env.ts";
import { createTestDashboard, csrfFrom, PASSWORD, signedUpAgent, uniqueEmail } from "./support.ts";

const dashboard = await createTestDashboard();
const db = dashboard.db;
afterAll(() => dashboard.close());

function sessionCookie(setCookie: string[] | string | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = cookies.find((c) => c.startsWith("svc_session="));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return cookie;
}

describe("sign-up", () => {
  it("creates the user and their workspace, and starts a server-side session in an httpOnly, SameSite=Lax cookie", async () => {
    const agent = request.agent(dashboard.url);
    const email = uniqueEmail("signup");
    const form = await agent.get("/signup").expect(200);
    const answer = await agent
      .post("/signup")
      .type("form")
      .send({ _csrf: csrfFrom(form.text), email, password: PASSWORD, workspaceName: "Acme <b>Mail</b>" })
      .expect(303);
    expect(answer.headers.location).toBe("/?notice=welcome");
    const cookie = sessionCookie(answer.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=\d+/);
    const token = /^svc_session=([^;]+)/.exec(cookie)![1]!;

    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { memberships: { include: { workspace: true } } } });
    expect(user.memberships).toHaveLength(1);
    expect(user.memberships[0]).toMatchObject({ role: "owner", workspace: { name: "Acme <b>Mail</b>", plan: "free" } });
    const session = await db.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.tokenHash).toBe(hashOpaqueToken(decodeURIComponent(token)));
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);

    const overview = await agent.get("/").expect(200);
    // The workspace name is escaped, never markup.
    expect(overview.text).toContain("Acme &lt;b&gt;Mail&lt;/b&gt;");
    expect(overview.text).not.toContain("<b>Mail</b>");
    expect(overview.headers["cache-control"]).toBe("no-store");
    expect(overview.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("refuses a taken email with a message and creates nothing", async () => {
    const { email } = await signedUpAgent(dashboard.url);
    const agent = request.agent(dashboard.url);
    const form = await agent.get("/signup").expect(200);
    const before = await db.workspace.count();
    const answer = await agent
      .post("/signup")
      .type("form")
      .send({ _csrf: csrfFrom(form.text), email, password: PASSWORD, workspaceName: "Again" })
      .expect(409);
    expect(answer.text).toContain("An account with this email already exists");
    expect(await db.workspace.count()).toBe(before);
  });

  it("is off with DASHBOARD_SIGNUP=false: no form, and a posted one creates nothing", async () => {
    const closed = await createTestDashboard({ DASHBOARD_SIGNUP: "false" });
    try {
      const agent = request.agent(closed.url);
      const page = await agent.get("/signup").expect(404);
      expect(page.text).toContain("Sign-up is turned off");
      const login = await agent.get("/login").expect(200);
      expect(login.text).not.toContain('href="/signup"');
      const email = uniqueEmail("closed");
      await agent
        .post("/signup")
        .type("form")
        .send({ _csrf: csrfFrom(login.text), email, password: PASSWORD, workspaceName: "X" })
        .expect(404);
      expect(await db.user.count({ where: { email } })).toBe(0);
    } finally {
      await closed.close();
    }
  });
});

describe("cookies", () => {
  it("are Secure outside development (auto), and not in development", async () => {
    const production = await createTestDashboard({ DASHBOARD_COOKIE_SECURE: "auto", NODE_ENV: "production" });
    const development = await createTestDashboard({ DASHBOARD_COOKIE_SECURE: "auto", NODE_ENV: "development" });
    try {
      const secure = await request(production.url).get("/login").expect(200);
      expect(String(secure.headers["set-cookie"])).toMatch(/svc_csrf=[^;]+;.*Secure/);
      const plain = await request(development.url).get("/login").expect(200);
      expect(String(plain.headers["set-cookie"])).not.toMatch(/Secure/);
    } finally {
      await production.close();
      await development.close();
    }
  });
});

describe("log in and out", () => {
  it("logs in with the right password only, and logging out ends the session on the server", async () => {
    const { email } = await signedUpAgent(dashboard.url);
    const agent = request.agent(dashboard.url);
    const form = await agent.get("/login").expect(200);
    const wrong = await agent
      .post("/login")
      .type("form")
      .send({ _csrf: csrfFrom(form.text), email, password: "not the password" })
      .expect(401);
    expect(wrong.text).toContain("That email and password don&#39;t match an account.");
    expect(wrong.headers["set-cookie"] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^svc_session=/)]));

    const ok = await agent
      .post("/login")
      .type("form")
      .send({ _csrf: csrfFrom(form.text), email: email.toUpperCase(), password: PASSWORD, next: "/api-keys" })
      .expect(303);
    expect(ok.headers.location).toBe("/api-keys");
    const token = decodeURIComponent(/^svc_session=([^;]+)/.exec(sessionCookie(ok.headers["set-cookie"]))![1]!);
    const page = await agent.get("/api-keys").expect(200);

    await agent
      .post("/logout")
      .type("form")
      .send({ _csrf: csrfFrom(page.text) })
      .expect(303);
    expect(await db.session.count({ where: { tokenHash: hashOpaqueToken(token) } })).toBe(0);
    // The old cookie is worthless even if a client keeps sending it.
    await request(dashboard.url)
      .get("/api-keys")
      .set("Cookie", `svc_session=${encodeURIComponent(token)}`)
      .expect(303)
      .expect("location", "/login?next=%2Fapi-keys");
  });

  it("never redirects off-site after login", async () => {
    const { email } = await signedUpAgent(dashboard.url);
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const agent = request.agent(dashboard.url);
      const form = await agent.get("/login").expect(200);
      const answer = await agent
        .post("/login")
        .type("form")
        .send({ _csrf: csrfFrom(form.text), email, password: PASSWORD, next })
        .expect(303);
      expect(answer.headers.location).toBe("/");
    }
  });

  it("sends anonymous visitors of a page to log in, and expired sessions too", async () => {
    await request(dashboard.url).get("/webhooks").expect(303).expect("location", "/login?next=%2Fwebhooks");
    const { agent, email } = await signedUpAgent(dashboard.url);
    await db.session.updateMany({ where: { user: { email } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await agent.get("/").expect(303).expect("location", "/login");
  });
});

describe("failed-login rate limit", () => {
  it("pauses an account after 5 failures from one address, even for the right password; other addresses are unaffected", async () => {
    const limited = await createTestDashboard({
      DASHBOARD_TRUST_PROXY: "true",
      DASHBOARD_LOGIN_MAX_FAILURES: "5",
      DASHBOARD_LOGIN_WINDOW_SECONDS: "600",
    });
    try {
      const { email } = await signedUpAgent(limited.url);
      const agent = request.agent(limited.url);
      const csrf = csrfFrom((await agent.get("/login").expect(200)).text);
      const attempt = (password: string, ip: string) =>
        agent.post("/login").set("X-Forwarded-For", ip).type("form").send({ _csrf: csrf, email, password });

      for (let i = 0; i < 5; i++) await attempt(`wrong password ${i}`, "203.0.113.7").expect(401);
      const blocked = await attempt(PASSWORD, "203.0.113.7").expect(429);
      expect(blocked.text).toContain("Too many failed attempts");
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(500);
      expect(blocked.headers["set-cookie"] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^svc_session=/)]));

      // The same account from another address, and another account from the first one, still log in.
      await attempt(PASSWORD, "198.51.100.9").expect(303);
      const other = await signedUpAgent(limited.url);
      const fresh = request.agent(limited.url);
      const freshCsrf = csrfFrom((await fresh.get("/login").expect(200)).text);
      await fresh
        .post("/login")
        .set("X-Forwarded-For", "203.0.113.7")
        .type("form")
        .send({ _csrf: freshCsrf, email: other.email, password: PASSWORD })
        .expect(303);
    } finally {
      await limited.close();
    }
  });

  it("counts an IPv6 client by its /64: guesses spread over one network's addresses are one guesser", async () => {
    const limited = await createTestDashboard({
      DASHBOARD_TRUST_PROXY: "true",
      DASHBOARD_LOGIN_MAX_FAILURES: "5",
      DASHBOARD_LOGIN_WINDOW_SECONDS: "600",
    });
    try {
      const { email } = await signedUpAgent(limited.url);
      const agent = request.agent(limited.url);
      const csrf = csrfFrom((await agent.get("/login").expect(200)).text);
      const attempt = (password: string, ip: string) =>
        agent.post("/login").set("X-Forwarded-For", ip).type("form").send({ _csrf: csrf, email, password });
      for (let i = 1; i <= 5; i++) await attempt(`wrong password ${i}`, `2001:db8:7:7::${i}`).expect(401);
      await attempt(PASSWORD, "2001:db8:7:7:ffff:1:2:3").expect(429);
      // The next /64 is another network.
      await attempt(PASSWORD, "2001:db8:7:8::1").expect(303);
    } finally {
      await limited.close();
    }
  });

  it("limits guesses at one account from many networks, while its owner still signs in from a network they used before", async () => {
    const limited = await createTestDashboard({
      DASHBOARD_TRUST_PROXY: "true",
      DASHBOARD_LOGIN_MAX_FAILURES: "5",
      DASHBOARD_LOGIN_ACCOUNT_MAX_FAILURES: "6",
      DASHBOARD_LOGIN_WINDOW_SECONDS: "600",
    });
    try {
      const { email } = await signedUpAgent(limited.url);
      const attempt = async (password: string, ip: string) => {
        const agent = request.agent(limited.url);
        const csrf = csrfFrom((await agent.get("/login").expect(200)).text);
        return agent.post("/login").set("X-Forwarded-For", ip).type("form").send({ _csrf: csrf, email, password });
      };
      // The owner signs in once from home: that network is now known to the account.
      expect((await attempt(PASSWORD, "198.51.100.20")).status).toBe(303);
      // One guess from each of six other networks fills the account's count for new networks.
      for (let i = 1; i <= 6; i++) expect((await attempt(`guess ${i}`, `203.0.113.${i}`)).status).toBe(401);
      const seventh = await attempt(PASSWORD, "203.0.113.99");
      expect(seventh.status).toBe(429);
      expect(Number(seventh.headers["retry-after"])).toBeGreaterThan(500);
      // Never the owner at home.
      expect((await attempt(PASSWORD, "198.51.100.20")).status).toBe(303);
    } finally {
      await limited.close();
    }
  });

  it("while Redis is unreachable, still logs people in and still throttles, counting in the process", async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    const limited = await createTestDashboard({
      REDIS_URL: "redis://127.0.0.1:1",
      DASHBOARD_TRUST_PROXY: "true",
      DASHBOARD_LOGIN_MAX_FAILURES: "3",
      DASHBOARD_LOGIN_WINDOW_SECONDS: "600",
    });
    try {
      const { email } = await signedUpAgent(limited.url);
      const agent = request.agent(limited.url);
      const csrf = csrfFrom((await agent.get("/login").expect(200)).text);
      const attempt = (password: string, ip: string) =>
        agent.post("/login").set("X-Forwarded-For", ip).type("form").send({ _csrf: csrf, email, password });
      for (let i = 0; i < 3; i++) await attempt(`wrong password ${i}`, "203.0.113.9").expect(401);
      const blocked = await attempt(PASSWORD, "203.0.113.9").expect(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(500);
      // Not "nobody logs in": the same account from another address does.
      await attempt(PASSWORD, "198.51.100.10").expect(303);
    } finally {
      await limited.close();
    }
  });

  it("with DASHBOARD_TRUST_PROXY=1 (one proxy of ours), a client-written X-Forwarded-For cannot change the address the throttle sees", async () => {
    const limited = await createTestDashboard({
      DASHBOARD_TRUST_PROXY: "1",
      DASHBOARD_LOGIN_MAX_FAILURES: "3",
      DASHBOARD_LOGIN_WINDOW_SECONDS: "600",
    });
    try {
      const { email } = await signedUpAgent(limited.url);
      const agent = request.agent(limited.url);
      const csrf = csrfFrom((await agent.get("/login").expect(200)).text);
      // The proxy appends the address it saw (always 203.0.113.7 here); whatever the client wrote comes before it.
      const attempt = (password: string, forged: string) =>
        agent.post("/login").set("X-Forwarded-For", `${forged}, 203.0.113.7`).type("form").send({ _csrf: csrf, email, password });
      for (let i = 0; i < 3; i++) await attempt(`wrong password ${i}`, `198.51.100.${i}`).expect(401);
      await attempt("wrong password 4", "198.51.100.99").expect(429);
      await attempt(PASSWORD, "192.0.2.1").expect(429);
    } finally {
      await limited.close();
    }
  });

  it("reads DASHBOARD_TRUST_PROXY as a flag, a hop count or a list of proxy addresses, and refuses anything else", () => {
    const parse = (value: string) => loadEnv(dashboardEnvSchema, { DASHBOARD_TRUST_PROXY: value }).DASHBOARD_TRUST_PROXY;
    expect(parse("true")).toBe(true);
    expect(parse("false")).toBe(false);
    expect(parse("2")).toBe(2);
    expect(parse("10.0.0.0/8, 192.168.1.5,loopback,fd00::/8")).toEqual(["10.0.0.0/8", "192.168.1.5", "loopback", "fd00::/8"]);
    for (const bad of ["maybe", "10.0.0.0/40", "300.1.1.1", "10.0.0.1,nope"]) expect(() => parse(bad)).toThrow(/DASHBOARD_TRUST_PROXY/);
  });

  it("reserves an attempt before verifying: of 50 parallel wrong passwords at most the limit are checked, the rest get 429", async () => {
    const limited = await createTestDashboard({ DASHBOARD_LOGIN_MAX_FAILURES: "5", DASHBOARD_LOGIN_WINDOW_SECONDS: "600" });
    try {
      const { email } = await signedUpAgent(limited.url);
      const agent = request.agent(limited.url);
      const csrf = csrfFrom((await agent.get("/login").expect(200)).text);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          agent
            .post("/login")
            .type("form")
            .send({ _csrf: csrf, email, password: `wrong ${i}` }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(45);
      // The right password is refused too until the window ends.
      await agent.post("/login").type("form").send({ _csrf: csrf, email, password: PASSWORD }).expect(429);
    } finally {
      await limited.close();
    }
  });

  it("throttles the invitation accept path of an existing account the same way", async () => {
    const limited = await createTestDashboard({ DASHBOARD_LOGIN_MAX_FAILURES: "3", DASHBOARD_LOGIN_WINDOW_SECONDS: "600" });
    try {
      const owner = await signedUpAgent(limited.url);
      const existing = await signedUpAgent(limited.url);
      const workspaceId = (await limited.db.member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
      const { token } = await createInvitation(limited.db, { workspaceId, email: existing.email, role: "viewer" });
      const form = await existing.agent.get(`/invitations/${token}`).expect(200);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          existing.agent
            .post(`/invitations/${token}`)
            .type("form")
            .send({ _csrf: csrfFrom(form.text), password: `wrong ${i}` }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(27);
    } finally {
      await limited.close();
    }
  });

  it("clears an account's count after a successful login", async () => {
    const limited = await createTestDashboard({ DASHBOARD_LOGIN_MAX_FAILURES: "3" });
    try {
      const { email } = await signedUpAgent(limited.url);
      const agent = request.agent(limited.url);
      const csrf = csrfFrom((await agent.get("/login").expect(200)).text);
      const attempt = (password: string) => agent.post("/login").type("form").send({ _csrf: csrf, email, password });
      await attempt("wrong one").expect(401);
      await attempt("wrong two").expect(401);
      await attempt(PASSWORD).expect(303);
      const signedIn = await agent.get("/").expect(200);
      await agent
        .post("/logout")
        .type("form")
        .send({ _csrf: csrfFrom(signedIn.text) })
        .expect(303);
      // Two more failures are allowed again (3 in a row would have been the limit without the reset).
      const csrf2 = csrfFrom((await agent.get("/login").expect(200)).text);
      await agent.post("/login").type("form").send({ _csrf: csrf2, email, password: "wrong three" }).expect(401);
      await agent.post("/login").type("form").send({ _csrf: csrf2, email, password: "wrong four" }).expect(401);
      await agent.post("/login").type("form").send({ _csrf: csrf2, email, password: PASSWORD }).expect(303);
    } finally {
      await limited.close();
    }
  });
});

describe("health", () => {
  it("answers /healthz and /readyz with Postgres and Redis reachable", async () => {
    await request(dashboard.url).get("/healthz").expect(200, { status: "ok" });
    await request(dashboard.url)
      .get("/readyz")
      .expect(200, { status: "ready", checks: { postgres: "ok", redis: "ok" } });
  });
});
