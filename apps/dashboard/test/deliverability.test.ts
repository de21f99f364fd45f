import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createApiKey } from "@svc/core";
import { type EventType, newId, newTimeId } from "@svc/db";
import type { Browser, Page } from "playwright-core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { launchChromium, screenshot } from "./browser/chromium.ts";
import { createTestDashboard, PASSWORD, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * The overview's deliverability card in Chromium: outcomes by mailbox provider (the recipients'
 * domains resolved to providers by MX on a real DNS server) and bounces by cause.
 */
let dns: TestDnsServer;
let dashboard: TestDashboard;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dns = await startDnsServer();
  dns.setMx("northwind.test", [{ priority: 1, exchange: "aspmx.l.google.com" }]);
  dns.setMx("fabrikam.test", [{ priority: 0, exchange: "fabrikam-test.mail.protection.outlook.com" }]);
  dashboard = await createTestDashboard({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: "300" });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1360, height: 1400 } })).newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
  await dns?.close();
});

/** `count` emails to `to`, each with a `sent` event and the events of `outcome`. */
async function emails(
  workspaceId: string,
  apiKeyId: string,
  to: string,
  count: number,
  outcome: Array<[EventType, string?]>,
): Promise<void> {
  for (let n = 0; n < count; n++) {
    const id = newTimeId("email", new Date());
    await dashboard.db.email.create({
      data: {
        id,
        organizationId: workspaceId,
        apiKeyId,
        environment: "live",
        from: "hello@example.com",
        to: [to],
        subject: "s",
        text: "t",
        status: "sent",
      },
    });
    await dashboard.db.emailEvent.createMany({
      data: [["sent"] as [EventType, string?], ...outcome].map(([type, cause], i) => ({
        id: newId("event"),
        emailId: id,
        type,
        eventTimestamp: new Date(),
        payloadJson: "{}",
        dedupeKey: `deliverability:${id}:${i}`,
        bounceCause: cause ?? null,
      })),
    });
  }
}

describe("the overview's deliverability card", () => {
  it("shows each provider's outcomes and the bounces by cause", async () => {
    const email = uniqueEmail("deliverability");
    await page.goto(`${dashboard.url}/signup`);
    await page.getByLabel("Work email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Workspace name").fill("Deliverability Co");
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create account", exact: true }).click()]);
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { user: { email } } })).workspaceId;
    const key = await createApiKey(dashboard.db, { workspaceId, environment: "live", scope: "full-access" });

    await emails(workspaceId, key.id, "ann@gmail.com", 18, [["delivered"]]);
    await emails(workspaceId, key.id, "bo@northwind.test", 2, [["bounced", "unknown_user"]]);
    await emails(workspaceId, key.id, "cy@fabrikam.test", 9, [["delivered"]]);
    await emails(workspaceId, key.id, "di@fabrikam.test", 1, [["delivered"], ["complained"]]);
    await emails(workspaceId, key.id, "ed@fabrikam.test", 2, [["bounced", "policy_block"]]);
    await emails(workspaceId, key.id, "fi@yahoo.com", 3, [["bounced", "mailbox_full"]]);
    await emails(workspaceId, key.id, "gu@example.org", 4, [["delivered"]]);

    await page.goto(`${dashboard.url}/`);
    const row = (provider: string) =>
      page
        .locator(`table[data-deliverability] tr[data-provider="${provider}"] > *`)
        .evaluateAll((cells) => cells.map((cell) => cell.textContent?.replace(/\s+/g, " ").trim()));
    expect(await row("gmail")).toEqual(["Gmail", "20", "", "90.0%", "10.0%", "0.0%", "Unknown user 2"]);
    expect(await row("microsoft")).toEqual(["Microsoft", "12", "", "83.3%", "16.7%", "8.3%", "Policy or spam block 2"]);
    expect(await row("yahoo")).toEqual(["Yahoo", "3", "", "0.0%", "100.0%", "0.0%", "Mailbox full 3"]);
    expect(await row("apple")).toEqual(["Apple", "0", "no mail", "—", "—", "—", "—"]);
    expect(await page.locator("[data-bounce-causes] li .cause-label").allInnerTexts()).toEqual([
      "Mailbox full",
      "Policy or spam block",
      "Unknown user",
    ]);
    // Each provider with mail has its bar, drawn in the browser.
    const bars = await page
      .locator("table[data-deliverability] svg.outcome-bar")
      .evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().width));
    expect(bars).toHaveLength(4);
    for (const width of bars) expect(width).toBeGreaterThan(100);
    await page.locator("table[data-deliverability]").scrollIntoViewIfNeeded();
    await screenshot(page, "overview-deliverability");
  }, 60_000);
});
