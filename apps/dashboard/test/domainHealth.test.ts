import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createDnsResolver, recordDomainHealth } from "@svc/core";
import type { Browser } from "playwright-core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { launchChromium, screenshot, signUpInBrowser } from "./browser/chromium.ts";
import { type Agent, createTestDashboard, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/** The domain page's DNS health: the latest status per record kind with its fix, and the changes, for its workspace only. */

let dashboard: TestDashboard;
let dns: TestDnsServer;
let owner: { agent: Agent; csrf: string };
let stranger: { agent: Agent; csrf: string };
let browser: Browser | undefined;
const run = Date.now().toString(36);

beforeAll(async () => {
  dashboard = await createTestDashboard();
  dns = await startDnsServer();
  owner = await signedUpAgent(dashboard.url);
  stranger = await signedUpAgent(dashboard.url);
});
afterAll(async () => {
  await browser?.close();
  await dns.close();
  await dashboard.close();
});

describe("domain DNS health", () => {
  it("shows the latest findings with the fix and the changes, to the domain's workspace only", async () => {
    const name = `health-${run}.pages.example.com`;
    await owner.agent.post("/domains").type("form").send({ _csrf: owner.csrf, domain: name }).expect(303);
    const domain = await dashboard.db.domain.findFirstOrThrow({ where: { name }, orderBy: { createdAt: "desc" } });
    expect((await owner.agent.get(`/domains/${domain.id}`).expect(200)).text).toContain('data-health="none"');

    const resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 400, tries: 1 });
    dns.setTxt(name, ["v=spf1 include:amazonses.com ~all"]);
    await recordDomainHealth(dashboard.db, resolver, domain, new Date(Date.now() - 86_400_000));
    dns.setTxt(name, ["v=spf1 include:_spf.google.com ~all"]);
    await recordDomainHealth(dashboard.db, resolver, domain, new Date());

    const page = (await owner.agent.get(`/domains/${domain.id}`).expect(200)).text;
    expect(page).toContain('data-health-kind="spf" data-health-status="broken"');
    expect(page).toContain("Fix: Add include:amazonses.com before the all term");
    expect(page).toContain('data-health-kind="dmarc" data-health-status="warning"');
    expect(page).toMatch(/data-health-changes>.*SPF.*ok.*→.*broken/s);

    const other = await stranger.agent.get(`/domains/${domain.id}`).expect(404);
    expect(other.text).not.toContain("data-health");
  });

  it("renders in a browser", async () => {
    browser = await launchChromium();
    const page = await (await browser.newContext({ viewport: { width: 1360, height: 1200 } })).newPage();
    await signUpInBrowser(page, dashboard.url, uniqueEmail("health"), PASSWORD, "Health Co");
    const name = `shown-${run}.pages.example.com`;
    await page.goto(`${dashboard.url}/domains`);
    await page.getByLabel("Domain", { exact: true }).fill(name);
    await Promise.all([page.waitForURL(/\/domains\/dom_/), page.getByRole("button", { name: "Add domain" }).click()]);
    const domain = await dashboard.db.domain.findFirstOrThrow({ where: { name }, orderBy: { createdAt: "desc" } });
    const resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 400, tries: 1 });
    const dkim = (domain.records as Array<{ name: string; value: string }>).find((r) => r.name.includes("._domainkey."))!;
    dns.setTxt(dkim.name, [dkim.value]);
    dns.setTxt(name, ["v=spf1 include:amazonses.com ~all"]);
    dns.setTxt(`_dmarc.${name}`, ["v=DMARC1; p=none"]);
    await recordDomainHealth(dashboard.db, resolver, domain, new Date(Date.now() - 86_400_000));
    dns.misbehave(dkim.name, "timeout");
    dns.setTxt(name, ["v=spf1 include:_spf.google.com ~all"]);
    await recordDomainHealth(dashboard.db, resolver, domain, new Date());
    await page.goto(`${dashboard.url}/domains/${domain.id}`);
    expect(await page.locator('tr[data-health-kind="spf"] .badge').textContent()).toBe("broken");
    expect(await page.locator('tr[data-health-kind="dkim"] .badge').textContent()).toBe("unknown");
    expect(await page.locator("[data-health-changes] li").count()).toBe(1);
    await screenshot(page, "domain-health", { fullPage: true });
  });
});
