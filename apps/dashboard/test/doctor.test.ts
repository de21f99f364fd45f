import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { recordSesSetup, setOperator } from "@svc/core";
import type { Browser, Page } from "playwright-core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { launchChromium, screenshot, signUpInBrowser } from "./browser/chromium.ts";
import { createTestDashboard, freePort, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * The operators' doctor page: `svc doctor`'s checks (the same modules) against the local AWS
 * server and a real DNS server, one row per check with its status and what to do; refused to
 * anyone who is not an operator, before any check runs.
 */

// A region of this file's own: setups are recorded per region in the shared test database.
const REGION = "ap-northeast-3";
let aws: AwsLocal;
let dns: TestDnsServer;
let dashboard: TestDashboard;
let browser: Browser;
let page: Page;
let ingestUrl: string;

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  aws = await startAwsLocal({ region: REGION });
  dns = await startDnsServer();
  dashboard = await createTestDashboard({
    EMAIL_PROVIDER: "ses",
    AWS_REGION: REGION,
    SES_ENDPOINT: aws.url,
    SNS_ENDPOINT: aws.url,
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: "500",
  });
  // A setup recorded, whose topic no longer exists, pointing at an ingest URL nothing answers at.
  ingestUrl = `http://127.0.0.1:${await freePort()}/sns/ses`;
  await recordSesSetup(dashboard.db, {
    region: REGION,
    accountId: "123456789012",
    topicArn: `arn:aws:sns:${REGION}:123456789012:svc-doctor-page`,
    subscriptionArn: null,
    ingestUrl,
    eventDestination: "svc-sns",
    configurationSets: [],
  });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1360, height: 900 } })).newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
  await dns?.close();
  await aws?.close();
});

describe("GET /settings/doctor", () => {
  it("is refused to a workspace owner (403), running no check", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const calls = aws.state.calls.length;
    const refused = await owner.agent.get("/settings/doctor").expect(403);
    expect(refused.text).toContain("only its operators see it");
    expect(refused.text).not.toContain("ses account");
    expect(aws.state.calls.length).toBe(calls);
  });

  it("shows operators one row per check with its status and what to do", async () => {
    const operator = await signedUpAgent(dashboard.url);
    await setOperator(dashboard.db, operator.email, true);
    const response = await operator.agent.get("/settings/doctor").expect(200);
    const row = (name: string) => new RegExp(`<tr data-check="${name}" data-status="(\\w+)">(.*?)</tr>`, "s").exec(response.text);
    expect(row("ses account sending")?.[1]).toBe("ok");
    expect(row("ses account quota")?.[2]).toContain("0 of 50000 sent in the last 24 hours");
    expect(row("sns topic")?.[1]).toBe("failed");
    expect(row("sns topic")?.[2]).toContain("svc ses setup --ingest-url");
    expect(row("ingester reachable")?.[1]).toBe("failed");
    expect(row("ingester reachable")?.[2]).toContain(`${ingestUrl} did not answer`);
    expect(response.text).toContain("check(s) failed");
    expect(aws.state.calls).toContain("ses:GetAccount");

    // Revoked: refused at once (the role is read with the session).
    await setOperator(dashboard.db, operator.email, false);
    await operator.agent.get("/settings/doctor").expect(403);
  });

  it("renders in a browser", async () => {
    const email = uniqueEmail("doctor-operator");
    await signUpInBrowser(page, dashboard.url, email, PASSWORD, "Doctor Co");
    await setOperator(dashboard.db, email, true);
    await page.goto(`${dashboard.url}/settings/doctor`);
    expect(await page.locator('tr[data-check="sns topic"] .badge').textContent()).toBe("failed");
    expect(await page.locator('tr[data-check="ses account sending"] .badge').textContent()).toBe("ok");
    await screenshot(page, "doctor");
  });
});
