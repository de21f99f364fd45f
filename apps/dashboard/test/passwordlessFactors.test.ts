import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { allowOidcDomain, configureOidc, disallowOidcDomain, listAuditLog, removeOidc, sqlPool } from "@svc/core";
import type { Browser, Page } from "playwright-core";
import { addVirtualAuthenticator, launchChromium, screenshot } from "./browser/chromium.ts";
import { startIdentityProvider, type TestIdentityProvider } from "./oidc/identityProvider.ts";
import { codeAt, createTestDashboard, freePort, signedUpAgent, type TestDashboard } from "./support.ts";

/**
 * An account made by single sign-on has no password: removing one of its factors asks for a
 * fresh second proof instead (a code from the authenticator app or a passkey assertion), and its
 * last way to sign in is never removed. In Chromium, with the DevTools virtual authenticator and a
 * real OpenID provider.
 */
let dashboard: TestDashboard;
let idp: TestIdentityProvider;
let browser: Browser;
let page: Page;
let base = "";
let workspaceId = "";
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const domain = `nopass-${suffix}.test`;
const accountId = `grace-${suffix}`;

beforeAll(async () => {
  const port = await freePort();
  // WebAuthn needs a secure context and a domain as relying party: http://localhost is both.
  base = `http://localhost:${port}`;
  idp = await startIdentityProvider(`${base}/login/oidc/callback`);
  dashboard = await createTestDashboard({ DASHBOARD_PORT: String(port), DASHBOARD_BASE_URL: base });
  await configureOidc(dashboard.db, dashboard.secrets, {
    issuerUrl: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    displayName: "Test SSO",
  });
  const owner = await signedUpAgent(dashboard.url, { workspaceName: "Passwordless" });
  const ownerId = (await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email } })).id;
  workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId: ownerId } })).workspaceId;
  await allowOidcDomain(dashboard.db, { domain, workspaceId, role: "admin" });
  idp.accounts.set(accountId, { email: `${accountId}@${domain}`, emailVerified: true, disabled: false });

  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await addVirtualAuthenticator(context, page);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (dashboard) await removeOidc(dashboard.db);
  await dashboard?.close();
  await idp?.close();
});

let userId = "";
let totpSecret = "";

describe("an account without a password (made by single sign-on)", () => {
  it("signs in through the provider, and adds a passkey and an authenticator app", async () => {
    await page.goto(`${base}/login/oidc`);
    await page.fill('input[name="login"]', accountId);
    await page.click("button");
    await page.waitForURL(`${base}/`);
    userId = (await dashboard.db.user.findUniqueOrThrow({ where: { email: `${accountId}@${domain}` } })).id;

    await page.goto(`${base}/account/security`);
    await page.fill("#f-passkeyName", "Laptop");
    await page.click("[data-passkey-register]");
    await page.waitForSelector("td.passkey-name");

    await page.click('form[action="/account/totp/start"] button');
    totpSecret = await page.inputValue("#totp-secret");
    await page.fill('form[action="/account/totp/confirm"] input[name="code"]', codeAt(totpSecret, Date.now()));
    await page.click('form[action="/account/totp/confirm"] button[type=submit]');
    await page.waitForSelector(".recovery-codes");
    await page.goto(`${base}/account/security`);
    // Nothing asks for a password it does not have.
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    expect(await page.locator("form[data-passkey-remove] [data-passkey-confirm]").count()).toBe(1);
    await screenshot(page, "account-security-passwordless");
  });

  it("removes a passkey only with a fresh proof: a wrong code or none removes nothing", async () => {
    await page.click("form[data-passkey-remove] button[type=submit]");
    expect(await page.textContent(".alert")).toContain("Confirm it's you with a code from your authenticator app or with a passkey");
    await page.fill("#passkey-code", "000000");
    await page.click("form[data-passkey-remove] button[type=submit]");
    expect(await page.textContent(".alert")).toContain("Nothing was changed");
    expect(await dashboard.db.passkey.count({ where: { userId } })).toBe(1);
  });

  it("replaces the recovery codes when a passkey confirms it (no password asked), audited", async () => {
    const before = await dashboard.db.recoveryCode.findMany({ where: { userId }, select: { codeHash: true } });
    await page.goto(`${base}/account/security`);
    await page.click('form[data-totp-form] [data-passkey-confirm][data-action="/account/totp/recovery-codes"]');
    await page.waitForSelector("ul.recovery-codes li");
    const shown = await page.$$eval("ul.recovery-codes li", (items) => items.map((item) => item.textContent));
    expect(shown).toHaveLength(10);
    const after = await dashboard.db.recoveryCode.findMany({ where: { userId }, select: { codeHash: true } });
    expect(after).toHaveLength(10);
    expect(after.some((row) => before.some((old) => old.codeHash === row.codeHash))).toBe(false);
    const regenerated = (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 200 })).data.filter(
      (e) => e.action === "auth.recovery_codes_regenerated" && e.actor.id === userId,
    );
    expect(regenerated).toHaveLength(1);
  });

  it("never removes the last way to sign in: with single sign-on closed to its domain, the only passkey stays", async () => {
    await disallowOidcDomain(dashboard.db, domain);
    await page.goto(`${base}/account/security`);
    await page.click("form[data-passkey-remove] [data-passkey-confirm]");
    await page.waitForSelector(".alert");
    expect(await page.textContent(".alert")).toContain("only way to sign in");
    expect(await dashboard.db.passkey.count({ where: { userId } })).toBe(1);
  });

  it("with single sign-on open again, a passkey assertion removes it, audited", async () => {
    await allowOidcDomain(dashboard.db, { domain, workspaceId, role: "admin" });
    await page.goto(`${base}/account/security`);
    await page.click("form[data-passkey-remove] [data-passkey-confirm]");
    await page.waitForURL(`${base}/account/security?notice=factor_removed`);
    expect(await dashboard.db.passkey.count({ where: { userId } })).toBe(0);
    const removed = (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 200 })).data.filter(
      (e) => e.action === "auth.second_factor_removed" && e.actor.id === userId,
    );
    expect(removed.map((e) => e.changes)).toEqual([{ factor: "passkey", name: "Laptop" }]);
  });

  it("removes the authenticator app with a fresh code from it (no password asked)", async () => {
    // The next step's code: the enrolment used this one's, and a used step is refused.
    const next = codeAt(totpSecret, Date.now() + 30_000);
    await page.fill("#totp-code", next);
    await page.click('form[data-totp-form] button[formaction="/account/totp/remove"]');
    await page.waitForURL(`${base}/account/security?notice=factor_removed`);
    expect(await dashboard.db.userTotp.count({ where: { userId } })).toBe(0);
  });
});
