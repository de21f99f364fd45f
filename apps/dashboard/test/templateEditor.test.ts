import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addManualSuppression, createApiKey, sqlPool } from "@svc/core";
import { newId } from "@svc/db";
import type { Browser, Page } from "playwright-core";
import { launchChromium, screenshot } from "./browser/chromium.ts";
import { createTestDashboard, PASSWORD, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * The template editor in Debian's Chromium at the width the dashboard is designed for: the
 * variables table fits its panel, the preview names variables the template reads but does not
 * declare, and previews have their own rate per workspace. Also the README's screenshots of the
 * Templates, Inbox and Suppressions pages (UPDATE_SCREENSHOTS=1 writes them to docs/screenshots).
 */
const PREVIEWS_PER_MINUTE = 40;
let dashboard: TestDashboard;
let browser: Browser;
let page: Page;
let workspaceId = "";
let templateUrl = "";

beforeAll(async () => {
  dashboard = await createTestDashboard({ DASHBOARD_TEMPLATE_PREVIEWS_PER_MINUTE: String(PREVIEWS_PER_MINUTE) });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1360, height: 900 } })).newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
});

async function submit(buttonName: string): Promise<void> {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: buttonName, exact: true }).click()]);
}

describe("the template editor in a browser", () => {
  it("shows every row's Remove button inside the variables panel at 1360 px", async () => {
    const owner = uniqueEmail("tpl-owner");
    await page.goto(`${dashboard.url}/signup`);
    await page.getByLabel("Work email").fill(owner);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Workspace name").fill("Template Co");
    await submit("Create account");
    workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { user: { email: owner } } })).workspaceId;

    await page.goto(`${dashboard.url}/templates`);
    await page.getByLabel("Name").fill("Order shipped");
    await page.getByLabel("Alias").fill("order-shipped");
    await submit("Create template");
    await page.waitForURL(/\/templates\/tmpl_/);
    templateUrl = page.url();
    await page.getByLabel("HTML", { exact: true }).fill("<h1>Hi {{ name }}</h1><p>Order {{ order_number }} ships {{ ship_date }}</p>");
    for (const [n, name, sample] of [
      [2, "order_number", "A-1042 placed by the accounts team"],
      [3, "ship_date", "Tuesday, December 8, 2026"],
    ] as const) {
      await page.getByRole("button", { name: "Add variable" }).click();
      await page.getByLabel(`Variable ${n} name`).fill(name);
      await page.getByLabel(`Variable ${n} fallback`).fill("a long fallback value for the row");
      await page.getByLabel(`Variable ${n} sample`).fill(sample);
    }
    await submit("Save draft");
    expect(await page.locator(".alert-error").count()).toBe(0);

    const scroller = page.locator("[data-variables] .table-scroll");
    const box = (await scroller.boundingBox())!;
    const overflow = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const buttons = page.locator("[data-variables] [data-remove-variable]");
    expect(await buttons.count()).toBeGreaterThanOrEqual(3);
    for (const button of await buttons.all()) {
      const edge = (await button.boundingBox())!;
      expect(edge.x + edge.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      await expect(button.isVisible()).resolves.toBe(true);
    }
    await screenshot(page, "template-editor");
  });

  it("names a variable the template reads but does not declare, as the draft is typed", async () => {
    const warning = page.locator("[data-preview-undeclared]");
    expect(await warning.isHidden()).toBe(true);
    await page.getByLabel("HTML", { exact: true }).fill("<h1>Hi {{ name }}</h1><p>Track it at {{ tracking_url }}</p>");
    await page.locator("[data-preview-undeclared]:not([hidden])").waitFor();
    expect(await page.textContent("[data-undeclared-names]")).toBe("tracking_url");
    // Declared: the warning goes.
    await page.getByRole("button", { name: "Add variable" }).click();
    await page.getByLabel("Variable 5 name").fill("tracking_url");
    await page.getByLabel("Variable 5 sample").fill("https://example.com/t/1");
    await page.locator("[data-preview-undeclared][hidden]").waitFor({ state: "attached" });
    await expect(page.frameLocator("iframe[data-template-preview]").locator("p").textContent()).resolves.toBe(
      "Track it at https://example.com/t/1",
    );
  });

  it("previews have their own rate per workspace: past it, 429 render_rate_limited with Retry-After, shown in the preview", async () => {
    // Posted from the page, as app.js posts them (its session and the form's CSRF field).
    type Answer = { status: number; retryAfter: string | null; body: { code?: string; error?: string } };
    const answers = (await page.evaluate(`(async (count) => {
      const form = document.querySelector("form[data-template-editor]");
      const seen = [];
      for (let n = 0; n < count; n++) {
        const response = await fetch(form.getAttribute("data-preview-url"), { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin" });
        seen.push({ status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() });
      }
      return seen;
    })(${PREVIEWS_PER_MINUTE + 2})`)) as Answer[];
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(PREVIEWS_PER_MINUTE);
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused[0]!.body.code).toBe("render_rate_limited");
    expect(refused[0]!.body.error).toContain(`${PREVIEWS_PER_MINUTE} times a minute`);
    // The editor page still opens, its preview saying why it is paused.
    await page.goto(templateUrl);
    expect(await page.textContent("[data-preview-error]")).toContain("Preview paused");
  });

  it("screenshots the Templates, Inbox and Suppressions pages", async () => {
    await page.goto(`${dashboard.url}/templates`);
    await screenshot(page, "templates");

    const key = await createApiKey(dashboard.db, { workspaceId, environment: "live", scope: "full-access" });
    const emailId = newId("email");
    await dashboard.db.email.create({
      data: {
        id: emailId,
        organizationId: workspaceId,
        apiKeyId: key.id,
        environment: "live",
        from: "orders@shop.example",
        to: ["ann@example.org"],
        subject: "Your order A-1042 has shipped",
        text: "Hi",
        status: "delivered",
      },
    });
    const received = [
      ["Ann Example <ann@example.org>", "Re: Your order A-1042 has shipped", emailId],
      ["Bo Customer <bo@example.net>", "Question about my invoice", null],
      ["Cy Buyer <cy@example.com>", "Return request for order A-0977", null],
    ] as const;
    for (const [n, [from, subject, replyTo]] of received.entries()) {
      await dashboard.db.inboundEmail.create({
        data: {
          id: newId("inbound"),
          workspaceId,
          source: "mx",
          mailFrom: from.replace(/.*<|>/g, ""),
          rcptTo: ["support@shop.example"],
          from,
          subject,
          text: "Hello",
          raw: new Uint8Array(Buffer.from("raw")),
          size: 2_048 + n * 512,
          verdicts: { spf: { result: "pass" }, dkim: { result: "pass" } },
          replyToEmailId: replyTo,
          receivedAt: new Date(Date.now() - n * 3_600_000),
        },
      });
    }
    await page.goto(`${dashboard.url}/inbound`);
    expect(await page.textContent("body")).toContain("Question about my invoice");
    await screenshot(page, "inbox");

    for (const address of ["bounced@example.org", "complained@example.net"])
      await addManualSuppression(sqlPool(dashboard.handle), workspaceId, { address, expiresAt: null });
    await page.goto(`${dashboard.url}/suppressions`);
    expect(await page.textContent("body")).toContain("bounced@example.org");
    await screenshot(page, "suppressions");
  });
});
