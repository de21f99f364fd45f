import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Browser } from "playwright-core";
import { launchChromium, screenshot } from "../../dashboard/test/browser/chromium.ts";
import { document, operations } from "./contract.ts";
import { type ApiInstance, startApi } from "./harness.ts";

let api: ApiInstance;
let browser: Browser;

beforeAll(async () => {
  api = await startApi();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await api.close();
});

describe("GET /docs", () => {
  it("renders the reference in Chromium from the API alone, listing every operation, with nothing fetched elsewhere", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    // Everything not served by the API is refused and remembered: the page must not need it.
    const elsewhere: string[] = [];
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(api.url) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });

    const answer = await page.goto(`${api.url}/docs`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["content-security-policy"]).toContain("default-src 'self'");
    await page.getByText("Queue an email").first().waitFor({ timeout: 30_000 });

    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text the reader sees, which is what this asserts.
    const text = await page.locator("body").innerText();
    const summaries = operations.map((operation) => (document.paths[operation.template]![operation.method] as { summary: string }).summary);
    expect(summaries.filter((summary) => !text.includes(summary))).toEqual([]);
    expect(text).toContain("An email event (sent to your subscription URL)");

    await screenshot(page, "api-reference", { fullPage: false });
    expect(elsewhere).toEqual([]);
    expect(consoleErrors.filter((message) => /Content Security Policy|ERR_/.test(message))).toEqual([]);
    await page.close();
  });
});
