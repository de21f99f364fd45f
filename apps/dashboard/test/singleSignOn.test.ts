import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { configureOidc, listAuditLog, removeOidc, setOperator, sqlPool } from "@svc/core";
import request from "supertest";
import { createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

/**
 * The operators' single sign-on page: the provider as `svc oidc show` reports it (never its
 * secret), turning sign-in off and on, and the allowed domains; every change audited. Workspace
 * owners who are not operators get 403.
 */
const SECRET = "a-client-secret-the-page-never-shows";
let dashboard: TestDashboard;

beforeAll(async () => {
  dashboard = await createTestDashboard();
  await configureOidc(dashboard.db, dashboard.secrets, {
    issuerUrl: "https://login.example.com",
    clientId: "svc-dashboard",
    clientSecret: SECRET,
    displayName: "Example SSO",
  });
}, 60_000);
afterAll(async () => {
  if (dashboard) await removeOidc(dashboard.db);
  await dashboard?.close();
});

const installWide = async () => (await listAuditLog(sqlPool(dashboard.handle), { installWide: true }, { limit: 500 })).data;

describe("the single sign-on page", () => {
  it("shows operators the provider, its issuer and client id, never the secret; others get 403", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const refused = await owner.agent.get("/settings/sso").expect(403);
    expect(refused.text).not.toContain("svc-dashboard");
    await owner.agent.post("/settings/sso/enabled").type("form").send({ _csrf: owner.csrf, enabled: "off" }).expect(403);
    expect((await dashboard.db.oidcSettings.findUniqueOrThrow({ where: { id: "default" } })).enabled).toBe(true);

    const operator = await signedUpAgent(dashboard.url);
    await setOperator(dashboard.db, operator.email, true);
    const page = await operator.agent.get("/settings/sso").expect(200);
    expect(page.text).toContain("https://login.example.com");
    expect(page.text).toContain("svc-dashboard");
    expect(page.text).toMatch(/data-sso-state>on</);
    expect(page.text).not.toContain(SECRET);
    expect(page.text).not.toContain((await dashboard.db.oidcSettings.findUniqueOrThrow({ where: { id: "default" } })).clientSecretSealed);
  });

  it("turns sign-in off (the button gone, the flow refused) and on again, audited with the operator as actor", async () => {
    const operator = await signedUpAgent(dashboard.url);
    await setOperator(dashboard.db, operator.email, true);
    const operatorId = (await dashboard.db.user.findUniqueOrThrow({ where: { email: operator.email } })).id;

    expect((await request(dashboard.url).get("/login").expect(200)).text).toContain("Sign in with Example SSO");
    await operator.agent
      .post("/settings/sso/enabled")
      .type("form")
      .send({ _csrf: operator.csrf, enabled: "off" })
      .expect(303)
      .expect("location", "/settings/sso?notice=sso_disabled");
    expect((await operator.agent.get("/settings/sso").expect(200)).text).toMatch(/data-sso-state>off</);
    expect((await request(dashboard.url).get("/login").expect(200)).text).not.toContain("Sign in with Example SSO");
    await request(dashboard.url).get("/login/oidc").expect(404);
    // Asking again changes nothing and records nothing; a value other than on or off is refused.
    await operator.agent.post("/settings/sso/enabled").type("form").send({ _csrf: operator.csrf, enabled: "off" }).expect(303);
    const bad = await operator.agent
      .post("/settings/sso/enabled")
      .type("form")
      .send({ _csrf: operator.csrf, enabled: "maybe" })
      .expect(422);
    expect(bad.text).toContain("enabled: on or off.");

    await operator.agent.post("/settings/sso/enabled").type("form").send({ _csrf: operator.csrf, enabled: "on" }).expect(303);
    expect((await request(dashboard.url).get("/login").expect(200)).text).toContain("Sign in with Example SSO");

    const switches = (await installWide()).filter((e) => e.action === "oidc.enabled_changed" && e.actor.id === operatorId);
    expect(switches.map((e) => e.changes)).toEqual([{ enabled: true }, { enabled: false }]);
    expect(switches[0]).toMatchObject({ workspaceId: null, actor: { type: "user", id: operatorId } });
  });

  it("allows and removes a domain, audited in the workspace it joins; a bad domain, role or workspace changes nothing", async () => {
    const operator = await signedUpAgent(dashboard.url);
    await setOperator(dashboard.db, operator.email, true);
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Joined by SSO" });
    const ownerId = (await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email } })).id;
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId: ownerId } })).workspaceId;
    const domain = `sso-page-${Date.now().toString(36)}.example`;
    const allow = (fields: Record<string, string>) =>
      operator.agent
        .post("/settings/sso/domains")
        .type("form")
        .send({ _csrf: operator.csrf, ...fields });

    expect((await allow({ domain: "not a domain", workspaceId, role: "viewer" })).status).toBe(422);
    expect((await allow({ domain, workspaceId, role: "god" })).status).toBe(422);
    expect((await allow({ domain, workspaceId: "org_nope", role: "viewer" })).status).toBe(404);
    expect(await dashboard.db.oidcDomain.count({ where: { domain } })).toBe(0);

    await allow({ domain: domain.toUpperCase(), workspaceId, role: "admin" }).expect(303);
    const page = await operator.agent.get("/settings/sso").expect(200);
    expect(page.text).toContain(domain);
    expect(await dashboard.db.oidcDomain.findUniqueOrThrow({ where: { domain } })).toMatchObject({ workspaceId, role: "admin" });
    await operator.agent.post("/settings/sso/domains/remove").type("form").send({ _csrf: operator.csrf, domain }).expect(303);
    expect(await dashboard.db.oidcDomain.count({ where: { domain } })).toBe(0);
    await operator.agent.post("/settings/sso/domains/remove").type("form").send({ _csrf: operator.csrf, domain }).expect(404);

    const inWorkspace = (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 100 })).data;
    expect(inWorkspace.filter((e) => e.action === "oidc.domain_allowed").map((e) => e.changes)).toEqual([{ domain, role: "admin" }]);
    const removed = (await installWide()).filter((e) => e.action === "oidc.domain_removed" && e.target?.id === domain);
    expect(removed).toHaveLength(1);
  });
});
