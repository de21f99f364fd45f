import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type InboundVerdicts, receiveDmarcReports } from "@svc/core";
import type { Browser } from "playwright-core";
import { googleFileName, googleXml, microsoftFileName, microsoftXml, reportEmail, zipFile } from "../../../test/support/dmarcReports.ts";
import { addVerifiedDomain } from "../../../test/support/fixtures.ts";
import { launchChromium, screenshot } from "./browser/chromium.ts";
import { type Agent, createTestDashboard, PASSWORD, signedUpAgent, type TestDashboard } from "./support.ts";

let dashboard: TestDashboard;
let owner: { agent: Agent; email: string };
let stranger: { agent: Agent; email: string };
let workspaceId: string;
let browser: Browser | undefined;
const domain = `dmarc-${Date.now()}.example.com`;
// Reports that began two days ago: inside the page's last 30 days whenever the test runs.
const begin = Math.floor(Date.now() / 86_400_000 - 2) * 86_400;
const verdicts: InboundVerdicts = { spf: { result: "pass" }, dkim: { result: "pass" }, dmarc: { result: "pass" }, arc: { result: "none" } };

beforeAll(async () => {
  dashboard = await createTestDashboard();
  owner = await signedUpAgent(dashboard.url);
  stranger = await signedUpAgent(dashboard.url);
  workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
  await addVerifiedDomain(dashboard.db, workspaceId, domain);
  const deliver = (raw: string) =>
    receiveDmarcReports(dashboard.db, { workspaceId, raw: Buffer.from(raw), verdicts, receivedAt: new Date() });
  await deliver(
    reportEmail({
      from: "noreply-dmarc-support@google.com",
      to: "dmarc-rua@in.test",
      subject: "Report",
      filename: googleFileName(domain, begin),
      contentType: "application/gzip",
      content: zlib.gzipSync(
        googleXml(
          domain,
          "1001",
          [
            { ip: "209.85.220.41", count: 900, dkim: "pass", spf: "pass", headerFrom: domain },
            { ip: "203.0.113.66", count: 40, disposition: "quarantine", dkim: "fail", spf: "fail", headerFrom: domain },
          ],
          begin,
        ),
      ),
    }),
  );
  await deliver(
    reportEmail({
      from: "dmarcreport@microsoft.com",
      to: "dmarc-rua@in.test",
      subject: "Report",
      filename: microsoftFileName(domain, begin + 86_400),
      contentType: "application/zip",
      content: zipFile(
        "r.xml",
        microsoftXml(domain, "ms-1", [{ ip: "198.51.100.23", count: 15, dkim: "fail", spf: "fail", headerFrom: domain }], begin + 86_400),
      ),
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
});

describe("the DMARC reports page", () => {
  it("draws volume over time aligned vs not, every source, and the unaligned sources first; another workspace sees none of it", async () => {
    const page = await owner.agent.get("/dmarc").expect(200);
    expect(page.text).toContain("955 messages, 900 aligned, 55 not");
    expect(page.text).toContain('class="series series-aligned"');
    expect(page.text).toContain('class="series series-unaligned"');
    // Volume by source: a line per source, largest first.
    expect(page.text).toContain('class="series series-source-0"');
    expect(page.text).toContain('class="series series-source-2"');
    expect(page.text).toMatch(/series-source-0"><\/span>209\.85\.220\.41/);
    const unknown = page.text.slice(page.text.indexOf('data-sources="unknown"'), page.text.indexOf('data-sources="all"'));
    // Largest not-aligned first; the aligned Google source is not among them.
    expect(unknown.indexOf("203.0.113.66")).toBeGreaterThan(-1);
    expect(unknown.indexOf("203.0.113.66")).toBeLessThan(unknown.indexOf("198.51.100.23"));
    expect(unknown).not.toContain("209.85.220.41");
    expect(page.text).toContain('data-source-ip="209.85.220.41"');
    const domains = await owner.agent.get("/domains").expect(200);
    expect(domains.text).toContain('href="/dmarc"');

    const theirs = await stranger.agent.get("/dmarc").expect(200);
    expect(theirs.text).not.toContain("203.0.113.66");
    expect(theirs.text).toContain("No reports yet");
  });

  it("renders in Chromium (screenshot)", async () => {
    browser = await launchChromium();
    const tab = await (await browser.newContext()).newPage();
    await tab.goto(`${dashboard.url}/login`);
    await tab.getByLabel("Email").fill(owner.email);
    await tab.getByLabel("Password").fill(PASSWORD);
    await Promise.all([tab.waitForLoadState("load"), tab.getByRole("button", { name: "Log in", exact: true }).click()]);
    await tab.goto(`${dashboard.url}/dmarc`);
    await expect(tab.getByRole("heading", { name: "DMARC reports" }).isVisible()).resolves.toBe(true);
    for (const chart of await tab.locator("svg.chart-svg").all()) expect((await chart.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    expect(await tab.locator("svg.chart-svg").count()).toBe(2);
    await screenshot(tab, "dmarc-reports");
  });
});
