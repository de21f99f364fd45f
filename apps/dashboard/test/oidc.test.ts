import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { allowOidcDomain, configureOidc, listAuditLog, removeOidc, sqlPool } from "@svc/core";
import { startIdentityProvider, type TestIdentityProvider } from "./oidc/identityProvider.ts";
import { createTestDashboard, freePort, signedUpAgent, type TestDashboard } from "./support.ts";

/**
 * Single sign-on against a real OpenID provider (oidc-provider, on a loopback port): the
 * authorization code flow with PKCE, state and nonce; just-in-time users and memberships by
 * verified email domain; a leaver disabled at the provider; forged callbacks refused and audited.
 */
const SESSION_SECONDS = 3;
let dashboard: TestDashboard;
let idp: TestIdentityProvider;
let dashboardUrl = "";
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const domain = `sso-${suffix}.test`;
let workspaceId = "";

beforeAll(async () => {
  const port = await freePort();
  dashboardUrl = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider(`${dashboardUrl}/login/oidc/callback`);
  dashboard = await createTestDashboard({
    DASHBOARD_PORT: String(port),
    DASHBOARD_BASE_URL: dashboardUrl,
    DASHBOARD_OIDC_SESSION_SECONDS: String(SESSION_SECONDS),
  });
  await configureOidc(dashboard.db, dashboard.secrets, {
    issuerUrl: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    displayName: "Test SSO",
  });
  const owner = await signedUpAgent(dashboard.url, { workspaceName: "SSO workspace" });
  const ownerId = (await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email } })).id;
  workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId: ownerId } })).workspaceId;
  await allowOidcDomain(dashboard.db, { domain, workspaceId, role: "viewer" });
}, 60_000);

afterAll(async () => {
  if (dashboard) await removeOidc(dashboard.db);
  await dashboard?.close();
  await idp?.close();
});

/** A browser without a browser: cookies per origin, redirects followed by hand (so a test can change one). */
class CookieBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.jars.get(target.origin) ?? new Map<string, string>();
    this.jars.set(target.origin, jar);
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0/i.test(cookie) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }
}

interface SignInOptions {
  /** Changes the authorization request on its way to the provider. */
  authorization?: (url: URL) => void;
  /** Changes the provider's redirect back to the dashboard. */
  callback?: (url: URL) => void;
  browser?: CookieBrowser;
}

/** Starts at the dashboard's SSO button, logs `accountId` in at the provider, and answers the dashboard's answer to the callback. */
async function ssoSignIn(accountId: string, options: SignInOptions = {}): Promise<{ browser: CookieBrowser; res: Response }> {
  const browser = options.browser ?? new CookieBrowser();
  const start = await browser.request(`${dashboardUrl}/login/oidc`);
  expect(start.status).toBe(303);
  let url = new URL(start.headers.get("location")!);
  expect(url.origin).toBe(idp.issuer);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("state")).toBeTruthy();
  expect(url.searchParams.get("nonce")).toBeTruthy();
  options.authorization?.(url);
  for (let hops = 0; hops < 20; hops++) {
    if (url.origin === new URL(dashboardUrl).origin) {
      options.callback?.(url);
      return { browser, res: await browser.request(url.toString()) };
    }
    let res = await browser.request(url.toString());
    if (res.status === 200 && url.pathname.startsWith("/interaction/")) {
      // The provider's login form.
      res = await browser.request(new URL(`${url.pathname}/login`, url).toString(), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ login: accountId }).toString(),
      });
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url);
  }
  throw new Error("too many redirects");
}

const refusals = async () =>
  (await listAuditLog(sqlPool(dashboard.handle), { installWide: true }, { limit: 500 })).data.filter(
    (e) => e.action === "auth.oidc_refused",
  );

function account(id: string, overrides: Partial<{ emailVerified: boolean; disabled: boolean; email: string }> = {}): string {
  idp.accounts.set(id, { email: `${id}@${domain}`, emailVerified: true, disabled: false, ...overrides });
  return id;
}

describe("OIDC sign-in", () => {
  it("a first sign-in creates the user and their membership of the domain's workspace (just in time), audited", async () => {
    const id = account(`ada-${suffix}`);
    const { browser, res } = await ssoSignIn(id);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    const overview = await browser.request(`${dashboardUrl}/`);
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain("SSO workspace");

    const user = await dashboard.db.user.findUniqueOrThrow({ where: { email: `${id}@${domain}` }, include: { memberships: true } });
    expect(user.memberships.map((m) => [m.workspaceId, m.role])).toEqual([[workspaceId, "viewer"]]);
    const session = await dashboard.db.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.method).toBe("oidc");
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_SECONDS * 1000);

    const entries = (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 200 })).data;
    const signIn = entries.find((e) => e.action === "auth.sign_in" && e.actor.id === user.id);
    expect(signIn?.changes).toEqual({ method: "oidc", userCreated: true, joinedWorkspaceId: workspaceId, role: "viewer" });

    // The second sign-in finds the same user and membership.
    const again = await ssoSignIn(id);
    expect(again.res.status).toBe(303);
    expect(await dashboard.db.member.count({ where: { userId: user.id } })).toBe(1);
  });

  it("a leaver disabled at the provider loses the dashboard: the session ends within DASHBOARD_OIDC_SESSION_SECONDS, and the next sign-in is refused and audited", async () => {
    const id = account(`leaver-${suffix}`);
    const { browser, res } = await ssoSignIn(id);
    expect(res.status).toBe(303);
    expect((await browser.request(`${dashboardUrl}/`)).status).toBe(200);

    idp.accounts.get(id)!.disabled = true;
    await new Promise((resolve) => setTimeout(resolve, SESSION_SECONDS * 1000 + 300));
    const after = await browser.request(`${dashboardUrl}/api-keys`);
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toContain("/login");

    // The same browser (with its session at the provider) signs in again: refused.
    const refused = await ssoSignIn(id, { browser });
    expect(refused.res.status).toBe(403);
    expect(await refused.res.text()).toContain("did not sign you in");
    expect((await browser.request(`${dashboardUrl}/`)).status).toBe(303);
    expect((await refusals()).some((e) => e.changes.reason === "provider_error:access_denied")).toBe(true);
  });

  it("refuses a callback with a wrong state, a wrong nonce or another issuer, audits each, and signs no one in", async () => {
    const id = account(`mallory-${suffix}`);
    const before = await refusals();

    const wrongState = await ssoSignIn(id, { callback: (url) => url.searchParams.set("state", "not-the-state-we-sent") });
    expect(wrongState.res.status).toBe(403);
    const wrongNonce = await ssoSignIn(id, { authorization: (url) => url.searchParams.set("nonce", "a-nonce-we-never-sent") });
    expect(wrongNonce.res.status).toBe(403);
    const wrongIssuer = await ssoSignIn(id, { callback: (url) => url.searchParams.set("iss", "http://127.0.0.1:1") });
    expect(wrongIssuer.res.status).toBe(403);
    // A callback this browser never started (no flow cookie), and garbage: refused, never a 500.
    const stranger = new CookieBrowser();
    const noFlow = await stranger.request(`${dashboardUrl}/login/oidc/callback?code=abc&state=xyz`);
    expect(noFlow.status).toBe(403);
    const garbage = await stranger.request(`${dashboardUrl}/login/oidc/callback?error=%00%ff&state[]=1`);
    expect(garbage.status).toBeLessThan(500);

    for (const attempt of [wrongState, wrongNonce, wrongIssuer])
      expect((await attempt.browser.request(`${dashboardUrl}/`)).status).toBe(303);
    expect(await dashboard.db.user.count({ where: { email: `${id}@${domain}` } })).toBe(0);

    const reasons = (await refusals()).filter((e) => !before.some((b) => b.id === e.id)).map((e) => e.changes.reason);
    expect(reasons).toEqual(expect.arrayContaining(["state_mismatch", "nonce_mismatch", "issuer_mismatch", "no_flow"]));
  });

  it("refuses an address the provider has not verified, or a domain not allowed, naming the reason, and creates no one", async () => {
    const unverified = account(`unverified-${suffix}`, { emailVerified: false });
    const first = await ssoSignIn(unverified);
    expect(first.res.status).toBe(403);
    expect(await first.res.text()).toContain("not verified your email address");

    const outsider = `outsider-${suffix}`;
    idp.accounts.set(outsider, { email: `${outsider}@elsewhere-${suffix}.test`, emailVerified: true, disabled: false });
    const second = await ssoSignIn(outsider);
    expect(second.res.status).toBe(403);
    expect(await second.res.text()).toContain("cannot sign in here");

    expect(
      await dashboard.db.user.count({ where: { email: { in: [`${unverified}@${domain}`, `${outsider}@elsewhere-${suffix}.test`] } } }),
    ).toBe(0);
    const reasons = (await refusals()).filter((e) =>
      [`${unverified}@${domain}`, `${outsider}@elsewhere-${suffix}.test`].includes(e.target?.id ?? ""),
    );
    expect(reasons.map((e) => e.changes.reason).sort()).toEqual(["domain_not_allowed", "email_not_verified"]);
  });

  it("shows the single sign-on button on the login page", async () => {
    const login = await new CookieBrowser().request(`${dashboardUrl}/login`);
    expect(await login.text()).toContain("Sign in with Test SSO");
  });
});
