import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { listAuditLog, sqlPool } from "@svc/core";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { addVirtualAuthenticator, launchChromium, screenshot } from "./browser/chromium.ts";
import { createTestDashboard, enrolTotp, freePort, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * Passkeys end to end in Chromium, with the DevTools virtual authenticator standing in for a
 * phone or security key: registration on the account page, the passkey as second factor after
 * the password, passwordless sign-in, and forged or replayed assertions refused.
 */
let dashboard: TestDashboard;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const port = await freePort();
  // WebAuthn needs a secure context and a domain as relying party: http://localhost is both.
  dashboard = await createTestDashboard({ DASHBOARD_PORT: String(port), DASHBOARD_BASE_URL: `http://localhost:${port}` });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await addVirtualAuthenticator(context, page);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
});

const base = () => new URL(dashboard.env.DASHBOARD_BASE_URL).origin;

async function logOut(): Promise<void> {
  await page.goto(`${base()}/account/security`);
  await page.click('form[action="/logout"] button');
  await page.waitForURL(`${base()}/login`);
}

async function passwordSignIn(email: string): Promise<void> {
  await page.goto(`${base()}/login`);
  await page.fill("#f-email", email);
  await page.fill("#f-password", PASSWORD);
  await page.click('form[action="/login"] button[type="submit"]');
}

/** Posts to a passkey endpoint from inside the page (its cookies and CSRF token), answering the status. */
async function postFromPage(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  // A string, evaluated in the page: the test's own types know no DOM.
  return (await page.evaluate(`(async () => {
    const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute("content") ?? "";
    const res = await fetch(${JSON.stringify(path)}, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: ${JSON.stringify(JSON.stringify(body))},
    });
    return { status: res.status, body: await res.json() };
  })()`)) as { status: number; body: Record<string, unknown> };
}

const email = uniqueEmail("passkey");
let userId = "";
let capturedAssertion: Record<string, unknown> | null = null;

describe("passkeys in Chromium with a virtual authenticator", () => {
  it("registers a passkey from the account page, audited, its public key stored", async () => {
    await page.goto(`${base()}/signup`);
    await page.fill("#f-email", email);
    await page.fill("#f-password", PASSWORD);
    await page.fill("#f-workspaceName", "Passkeys");
    await page.click('form[action="/signup"] button[type="submit"]');
    await page.waitForURL(`${base()}/?notice=welcome`);

    await page.goto(`${base()}/account/security`);
    await page.fill("#f-passkeyName", "Virtual key");
    await page.click("[data-passkey-register]");
    await page.waitForSelector("td.passkey-name");
    expect(await page.textContent("td.passkey-name")).toBe("Virtual key");
    await screenshot(page, "account-security-passkey");

    userId = (await dashboard.db.user.findUniqueOrThrow({ where: { email } })).id;
    const passkeys = await dashboard.db.passkey.findMany({ where: { userId } });
    expect(passkeys).toHaveLength(1);
    expect(passkeys[0]!.publicKey.length).toBeGreaterThan(30);
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId } })).workspaceId;
    const entries = (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 100 })).data;
    expect(entries.filter((e) => e.action === "auth.second_factor_enrolled").map((e) => e.changes)).toEqual([
      { factor: "passkey", name: "Virtual key" },
    ]);
  });

  it("asks for the passkey after the password, and signs in with it", async () => {
    await logOut();
    await passwordSignIn(email);
    await page.waitForURL(`${base()}/login/second-factor`);
    // The password alone opens nothing.
    const blocked = await page.request.get(`${base()}/api-keys`, { maxRedirects: 0 });
    expect(blocked.status()).toBe(303);
    expect(blocked.headers().location).toBe("/login?next=%2Fapi-keys");

    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/login/passkey") capturedAssertion = request.postDataJSON();
    });
    await page.click("[data-passkey-sign-in]");
    await page.waitForURL(`${base()}/`);
    expect(await page.textContent("h1")).toBeTruthy();
    expect(capturedAssertion).not.toBeNull();
    const passkey = await dashboard.db.passkey.findFirstOrThrow({ where: { userId } });
    expect(passkey.lastUsedAt).not.toBeNull();

    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId } })).workspaceId;
    const signIns = (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 100 })).data.filter(
      (e) => e.action === "auth.sign_in",
    );
    expect(signIns[0]!.changes).toEqual({ method: "password", secondFactor: "passkey" });
  });

  it("refuses a replayed assertion and a forged one, audited, and signs no one in", async () => {
    await logOut();
    await passwordSignIn(email);
    await page.waitForURL(`${base()}/login/second-factor`);

    // Replayed: the captured answer, against a fresh challenge.
    await postFromPage("/login/passkey/options", {});
    const replayed = await postFromPage("/login/passkey", capturedAssertion);
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toContain("could not be verified");
    // Again without asking for a challenge: the last one was used up by the refusal.
    const noChallenge = await postFromPage("/login/passkey", capturedAssertion);
    expect(noChallenge.status).toBe(400);

    // Forged: a fresh, genuine answer with one byte of its signature changed.
    const genuine = await page.evaluate(`(async () => {
      const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute("content") ?? "";
      const res = await fetch("/login/passkey/options", { method: "POST", headers: { "X-CSRF-Token": csrf, "Content-Type": "application/json" }, body: "{}" });
      return window.SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: await res.json() });
    })()`);
    const forged = structuredClone(genuine) as { response: { signature: string } };
    const signature = Buffer.from(forged.response.signature, "base64url");
    signature[signature.length - 5]! ^= 0xff;
    forged.response.signature = signature.toString("base64url");
    const refused = await postFromPage("/login/passkey", forged);
    expect(refused.status).toBe(401);

    // Still at the second-factor step: nothing opened.
    const blocked = await page.request.get(`${base()}/`, { maxRedirects: 0 });
    expect(blocked.status()).toBe(303);
    const failures = (await listAuditLog(sqlPool(dashboard.handle), { installWide: true }, { limit: 500 })).data.filter(
      (e) => e.action === "auth.sign_in_failed" && e.target?.id === userId,
    );
    expect(failures.map((e) => e.changes.reason)).toEqual(["passkey_refused", "passkey_refused"]);
  });

  it("signs in without a password with the passkey alone (user verified)", async () => {
    // A new visitor: the pending session of the last test is dropped with its cookie.
    await page.context().clearCookies();
    await page.goto(`${base()}/login`);
    await page.click("[data-passkey-sign-in]");
    await page.waitForURL(`${base()}/`);
    const overview = await page.request.get(`${base()}/`, { maxRedirects: 0 });
    expect(overview.status()).toBe(200);
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId } })).workspaceId;
    const signIns = (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 100 })).data.filter(
      (e) => e.action === "auth.sign_in",
    );
    expect(signIns[0]!.changes).toEqual({ method: "passkey" });
  });

  it("refuses one user's genuine passkey at another user's second-factor step", async () => {
    // Another user, whose second factor is an authenticator app: they have no passkey, so the
    // options allow any, and the authenticator answers with the first user's (discoverable) one.
    const other = await signedUpAgent(dashboard.url);
    await enrolTotp(other.agent);
    const otherId = (await dashboard.db.user.findUniqueOrThrow({ where: { email: other.email } })).id;
    await page.context().clearCookies();
    await passwordSignIn(other.email);
    await page.waitForURL(`${base()}/login/second-factor`);
    // The page offers no passkey step to this user: the test brings the browser library itself.
    await page.addScriptTag({ url: "/assets/vendor/simplewebauthn-browser.js" });
    const assertion = (await page.evaluate(`(async () => {
      const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute("content") ?? "";
      const res = await fetch("/login/passkey/options", { method: "POST", headers: { "X-CSRF-Token": csrf, "Content-Type": "application/json" }, body: "{}" });
      return window.SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: await res.json() });
    })()`)) as { response: { userHandle: string } };
    expect(Buffer.from(assertion.response.userHandle, "base64url").toString("utf8")).toBe(userId);
    const refused = await postFromPage("/login/passkey", assertion);
    expect(refused.status).toBe(401);
    const blocked = await page.request.get(`${base()}/`, { maxRedirects: 0 });
    expect(blocked.status()).toBe(303);
    const failures = (await listAuditLog(sqlPool(dashboard.handle), { installWide: true }, { limit: 500 })).data.filter(
      (e) => e.action === "auth.sign_in_failed" && e.target?.id === otherId,
    );
    expect(failures.map((e) => e.changes.reason)).toEqual(["passkey_refused"]);
    // The first user's passkey still signs them in, its counter unharmed.
    await page.context().clearCookies();
    await page.goto(`${base()}/login`);
    await page.click("[data-passkey-sign-in]");
    await page.waitForURL(`${base()}/`);
  });

  it("removes the passkey from the account page with the password, audited; sign-in then asks for the password alone", async () => {
    await page.goto(`${base()}/account/security`);
    // An account with a password confirms with it: none, or a wrong one, removes nothing.
    await page.click("form[data-passkey-remove] button[type=submit]");
    expect(await page.textContent(".alert")).toContain("That password isn't right. Nothing was changed.");
    await page.fill("#passkey-password", "not the password");
    await page.click("form[data-passkey-remove] button[type=submit]");
    expect(await dashboard.db.passkey.count({ where: { userId } })).toBe(1);
    await page.fill("#passkey-password", PASSWORD);
    await page.click("form[data-passkey-remove] button[type=submit]");
    await page.waitForURL(`${base()}/account/security?notice=factor_removed`);
    expect(await dashboard.db.passkey.count({ where: { userId } })).toBe(0);
    await logOut();
    await passwordSignIn(email);
    await page.waitForURL(`${base()}/`);
  });
});
