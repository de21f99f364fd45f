import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createWebhookSubscription, SecretBox } from "@svc/core";
import { newId } from "@svc/db";
import { verifyWebhook } from "@svc/webhooks";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { freePort, type Stack, startStack } from "../../../test/support/stack.ts";
import { launchChromium, reloadUntil, screenshot } from "./browser/chromium.ts";
import { startWebhookReceiver } from "./browser/receiver.ts";
import { signupLinkMailedTo } from "./support.ts";

/**
 * The dashboard end to end, in Debian's Chromium, against the real apps (api, sender on the
 * simulator, ingest, dispatcher, dashboard: each its own process), real Postgres and Redis, a
 * real DNS server and a real webhook endpoint on loopback. The steps build on each other.
 */
const handle = openTestDb();
const db = handle.prisma;
const PASSWORD = "correct horse battery staple";
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ownerEmail = `owner-${run}@example.com`;
const viewerEmail = `viewer-${run}@example.com`;
const sendingDomain = `mail-${run}.example.test`;

let dns: TestDnsServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let system: WorkspaceFixture;
let stack: Stack;
let browser: Browser;
let ownerContext: BrowserContext;
let owner: Page;
let dashboardUrl: string;

// Carried from step to step.
let workspaceId = "";
let apiKey = "";
let apiKeyId = "";
let webhookSecret = "";
let webhookId = "";
let templateId = "";
const emailIds: Record<string, string> = {};

beforeAll(async () => {
  dns = await startDnsServer();
  receiver = await startWebhookReceiver();
  system = await createWorkspaceFixture(handle, { plan: "unlimited" });
  const dashboardPort = await freePort();
  dashboardUrl = `http://127.0.0.1:${dashboardPort}`;
  stack = await startStack({
    apps: ["ingest", "api", "sender", "dispatcher", "dashboard"],
    env: {
      DASHBOARD_PORT: String(dashboardPort),
      DASHBOARD_BASE_URL: dashboardUrl,
      // Plain HTTP on loopback in the test: the Secure attribute has its own HTTP-level test.
      DASHBOARD_COOKIE_SECURE: "false",
      DASHBOARD_SYSTEM_API_KEY: system.keys["send-only"],
      DASHBOARD_INVITE_FROM: `Svc Team <team@${system.domain}>`,
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_MS: "1000",
      WEBHOOK_RETRY_BASE_MS: "1000",
      WEBHOOK_SWEEP_INTERVAL_MS: "1000",
      LOG_LEVEL: "warn",
    },
  });
  browser = await launchChromium();
  ownerContext = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  await ownerContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: dashboardUrl });
  owner = await ownerContext.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await receiver?.close();
  await dns?.close();
  await handle.close();
}, 60_000);

async function submit(page: Page, buttonName: string): Promise<void> {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: buttonName, exact: true }).click()]);
}

describe("the dashboard in a browser", () => {
  it("signs up a new user with their first workspace, confirmed by the link mailed to them", async () => {
    await owner.goto(`${dashboardUrl}/login`);
    await screenshot(owner, "login");
    await owner.getByRole("link", { name: "Create an account" }).click();
    await owner.getByLabel("Work email").fill(ownerEmail);
    await owner.getByLabel("Password").fill(PASSWORD);
    await owner.getByLabel("Workspace name").fill("Acme Robotics");
    await screenshot(owner, "signup");
    await submit(owner, "Create account");
    await expect(owner.getByRole("heading", { name: "Check your inbox" }).isVisible()).resolves.toBe(true);
    await owner.goto(`${dashboardUrl}${await signupLinkMailedTo(ownerEmail)}`);
    await submit(owner, "Create my account");
    await expect(owner.getByRole("heading", { name: "Overview" }).isVisible()).resolves.toBe(true);
    expect(await owner.textContent(".alert")).toContain("Welcome!");
    expect(await owner.textContent(".workspace-current")).toContain("Acme Robotics");
    workspaceId = (await db.member.findFirstOrThrow({ where: { user: { email: ownerEmail } } })).workspaceId;
    await screenshot(owner, "overview-empty");
  });

  it("adds a domain and verifies it against the test DNS server", async () => {
    await owner.getByRole("link", { name: "Domains" }).click();
    await screenshot(owner, "domains-empty");
    await owner.getByLabel("Domain", { exact: true }).fill(sendingDomain);
    await submit(owner, "Add domain");
    await owner.waitForURL(/\/domains\/dom_/);
    expect(await owner.textContent(".alert")).toContain("Publish the DNS records");

    // Verify before publishing: every record is reported missing, the domain stays pending.
    await submit(owner, "Verify DNS records");
    expect(await owner.textContent(".alert")).toContain("Not every record matched");
    // Ownership and DKIM (TXT), then the MAIL FROM subdomain's MX and SPF.
    const records = owner.locator(".record");
    expect(await records.count()).toBe(4);
    expect(await owner.locator(".record .badge-danger").count()).toBe(4);

    // Publish the two records sending needs exactly as the page says, then verify again (the
    // MAIL FROM records are advice: SES falls back to its own MAIL FROM without them).
    for (let i = 0; i < 2; i++) dns.setTxt(await owner.inputValue(`#rec-name-${i}`), [await owner.inputValue(`#rec-value-${i}`)]);
    await submit(owner, "Verify DNS records");
    expect(await owner.textContent(".alert")).toContain("the domain is verified");
    expect(await owner.locator(".page-description .badge").first().textContent()).toBe("verified");
    expect(
      await owner
        .locator(".record .badge")
        .filter({ hasText: /^Found$/ })
        .count(),
    ).toBe(2);
    expect(dns.queries).toEqual(expect.arrayContaining([(await owner.inputValue("#rec-name-0")).toLowerCase()]));
    await screenshot(owner, "domain-verified");
    await owner.getByRole("link", { name: "Domains" }).first().click();
    await screenshot(owner, "domains");
  });

  it("adds a test recipient", async () => {
    await owner.getByRole("link", { name: "Test recipients" }).click();
    await owner.getByLabel("Email address").fill(`qa-${run}@example.com`);
    await submit(owner, "Add recipient");
    expect(await owner.textContent("table")).toContain(`qa-${run}@example.com`);
    await screenshot(owner, "test-recipients");
  });

  it("edits a template with a live preview in a sandboxed frame, saves and publishes it, with its version history", async () => {
    await owner.getByRole("link", { name: "Templates" }).click();
    await owner.getByLabel("Name").fill("Receipt");
    await owner.getByLabel("Alias").fill("receipt");
    await submit(owner, "Create template");
    await owner.waitForURL(/\/templates\/tmpl_/);
    const frame = owner.locator("iframe[data-template-preview]");
    // No scripts, no forms, no same origin: the rendered HTML cannot act.
    expect(await frame.getAttribute("sandbox")).toBe("");
    expect(await owner.frameLocator("iframe[data-template-preview]").locator("p").textContent()).toBe("Hello there");

    await owner.getByLabel("HTML", { exact: true }).fill("<h1>Thanks {{ name }}</h1><script>parent.document.title = 'owned'</script>");
    await owner.getByLabel("Variable 1 sample").fill("<b>Ann</b>");
    const heading = owner.frameLocator("iframe[data-template-preview]").locator("h1");
    await heading.waitFor();
    await expect(heading.textContent()).resolves.toBe("Thanks <b>Ann</b>");
    expect(await owner.title()).not.toBe("owned");
    await owner.getByLabel("HTML", { exact: true }).fill("{{ name | no_such_filter }}");
    await owner.locator("[data-preview-error]:not([hidden])").waitFor();
    expect(await owner.textContent("[data-preview-error]")).toContain("no_such_filter");
    await owner.getByLabel("HTML", { exact: true }).fill("<h1>Thanks {{ name }}</h1>");
    await submit(owner, "Save draft");
    await submit(owner, "Publish");
    expect(await owner.textContent("[data-template-versions]")).toContain("v1");
    expect(await owner.textContent(".page-description")).toContain("version 1 in force");
    templateId = /\/templates\/(tmpl_[^/?]+)/.exec(owner.url())![1]!;
    await screenshot(owner, "template-editor");
  });

  it("declares the template's variables as rows, with inline errors, and previews with their sample values", async () => {
    await owner.goto(`${dashboardUrl}/templates/${templateId}`);
    expect(await owner.locator("tr[data-variable-row]").count()).toBe(2); // "name" and the blank row
    await owner.getByRole("button", { name: "Add variable" }).click();
    expect(await owner.locator("tr[data-variable-row]").count()).toBe(3);
    await owner.getByLabel("Variable 2 name").fill("total");
    await owner.getByLabel("Variable 2 type").selectOption("number");
    await owner.getByLabel("Variable 2 required").selectOption("required");
    await owner.getByLabel("Variable 2 sample").fill("9.5");
    await owner.getByLabel("Variable 3 name").fill("2bad");
    await owner.getByLabel("HTML", { exact: true }).fill("<h1>Thanks {{ name }}</h1>\n<p>Total {{ total }}</p>");
    const frame = owner.frameLocator("iframe[data-template-preview]");
    await expect(frame.locator("p").textContent()).resolves.toBe("Total 9.5");

    // A bad name is refused next to its field; what was typed stays.
    await submit(owner, "Save draft");
    expect(await owner.textContent("#var-3-name-error")).toContain("must be a letter or _");
    expect(await owner.getByLabel("Variable 3 name").getAttribute("aria-invalid")).toBe("true");
    expect(await owner.inputValue("#var-2-sample")).toBe("9.5");
    await screenshot(owner, "template-variables-error");
    await owner
      .locator("tr[data-variable-row]")
      .nth(2)
      .getByRole("button", { name: /^Remove/ })
      .click();
    await submit(owner, "Save draft");
    expect(await owner.locator(".alert-error").count()).toBe(0);
    const saved = await db.template.findUniqueOrThrow({ where: { id: templateId } });
    expect(saved.draftVariables).toEqual([
      { name: "name", type: "string", fallback: "there" },
      { name: "total", type: "number" },
    ]);
    await submit(owner, "Publish");
    expect(await owner.textContent(".page-description")).toContain("version 2 in force");
    await screenshot(owner, "template-variables");
  });

  it("shows the changes between v1 and v2 as a line diff", async () => {
    await owner.getByLabel("Compare").selectOption("1");
    await owner.getByLabel("with", { exact: true }).selectOption("2");
    await submit(owner, "Show changes");
    expect(await owner.textContent("h1")).toContain("Receipt: v1 → v2");
    const htmlDiff = owner.locator('[data-diff-part="html"]');
    expect(await htmlDiff.locator('[data-diff-line="same"]').allTextContents()).toEqual([
      expect.stringContaining("<h1>Thanks {{ name }}</h1>"),
    ]);
    expect(await htmlDiff.locator('[data-diff-line="added"]').allTextContents()).toEqual([
      expect.stringContaining("<p>Total {{ total }}</p>"),
    ]);
    expect(await owner.locator('[data-diff-part="variables"] [data-diff-line="added"]').count()).toBeGreaterThan(0);
    expect(await owner.locator('[data-diff-part="subject"]').count()).toBe(0); // unchanged
    await screenshot(owner, "template-diff");
  });

  it("creates an API key, shows it once and copies it to the clipboard", async () => {
    await owner.getByRole("link", { name: "API keys" }).click();
    await owner.getByLabel("Name").fill("Production backend");
    await owner.getByLabel("Scope").selectOption("full-access");
    await submit(owner, "Create API key");
    apiKey = await owner.inputValue("#new-api-key");
    expect(apiKey).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    await owner.getByRole("button", { name: "Copy api key to clipboard" }).click();
    await owner.waitForSelector("button.copied");
    expect(await owner.evaluate("navigator.clipboard.readText()")).toBe(apiKey);
    await screenshot(owner, "api-key-created");
    apiKeyId = (await db.apiKey.findFirstOrThrow({ where: { workspaceId, name: "Production backend" } })).id;

    // Shown once: the list afterwards has only the hint.
    await owner.goto(`${dashboardUrl}/api-keys`);
    const page = await owner.content();
    expect(page).not.toContain(apiKey);
    expect(page).toContain(`svc_live_…${apiKey.slice(-4)}`);
  });

  it("creates a webhook subscription with its secret shown once", async () => {
    await owner.getByRole("link", { name: "Webhooks" }).click();
    await owner.getByLabel("Endpoint URL").fill(receiver.url);
    for (const box of await owner.locator('input[name="events"]').all()) await box.check();
    await submit(owner, "Create webhook");
    webhookSecret = await owner.inputValue("#new-webhook-secret");
    expect(webhookSecret.length).toBeGreaterThanOrEqual(32);
    await screenshot(owner, "webhook-created");
    webhookId = (await db.webhookSubscription.findFirstOrThrow({ where: { workspaceId } })).id;
    await owner.goto(`${dashboardUrl}/webhooks`);
    expect(await owner.content()).not.toContain(webhookSecret);
    await screenshot(owner, "webhooks");
  });

  it("sends email with that key through the API and shows each with its event timeline", async () => {
    for (const local of ["hello", "bounce", "complaint"]) {
      const answer = await fetch(`${stack.apiUrl}/emails`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          from: `Acme <noreply@${sendingDomain}>`,
          to: [`${local}@example.com`],
          subject: `Order ${local} confirmed`,
          text: "Thanks!",
          html: "<p>Thanks!</p>",
        }),
      });
      expect(answer.status).toBe(202);
      emailIds[local] = ((await answer.json()) as { id: string }).id;
    }

    await owner.getByRole("link", { name: "Emails" }).click();
    await reloadUntil(
      owner,
      async () =>
        (await owner.locator("tr[data-email-id] .badge-success").count()) >= 1 &&
        (await owner.locator("tr[data-email-id] .badge-danger").count()) >= 2,
      "final statuses",
    );
    expect(await owner.locator("tr[data-email-id]").count()).toBe(3);
    await screenshot(owner, "emails");

    // Filters.
    await owner.getByLabel("Status").selectOption("bounced");
    await submit(owner, "Filter");
    expect(await owner.locator("tr[data-email-id]").count()).toBe(1);
    expect(await owner.textContent("tbody")).toContain("bounce@example.com");
    await owner.goto(`${dashboardUrl}/emails?recipient=COMPLAINT`);
    expect(await owner.locator("tr[data-email-id]").count()).toBe(1);
    await owner.goto(`${dashboardUrl}/emails?recipient=nobody-at-all`);
    expect(await owner.textContent(".empty-state")).toContain("No matching emails");

    await owner.goto(`${dashboardUrl}/emails/${emailIds.complaint}`);
    await reloadUntil(owner, async () => (await owner.locator(".timeline-item").count()) === 3, "three events");
    expect(await owner.locator(".timeline-item").evaluateAll((items) => items.map((i) => i.getAttribute("data-event-type")))).toEqual([
      "sent",
      "delivered",
      "complained",
    ]);
    await owner.locator(".timeline-complained summary").click();
    const payload = await owner.textContent(".timeline-complained pre");
    expect(JSON.parse(payload!)).toMatchObject({ eventType: "Complaint", complaint: { complaintFeedbackType: "abuse" } });
    expect(payload).toContain('\n  "eventType": "Complaint"'); // pretty-printed
    expect(await owner.textContent(".kv")).toContain(`noreply@${sendingDomain}`);
    await screenshot(owner, "email-timeline");
  });

  it("shows the webhook's deliveries with their attempts, retries one now and sends a test event", async () => {
    await owner.goto(`${dashboardUrl}/webhooks/${webhookId}`);
    // 7 events (3 sent, 2 delivered, 1 bounced, 1 complained); each answered 500 once, then 200.
    await reloadUntil(
      owner,
      async () => (await owner.locator("details.delivery > summary .badge-success").count()) === 7,
      "seven succeeded deliveries",
    );
    const first = owner.locator("details.delivery").first();
    expect(await first.locator(".attempts tbody tr").count()).toBe(2);
    expect(await first.locator(".attempts tbody tr").first().textContent()).toContain("500");
    expect(await first.locator(".attempts tbody tr").nth(1).textContent()).toContain("200");
    expect(await first.locator(".attempts").textContent()).toContain("temporarily unavailable");
    await screenshot(owner, "webhook-deliveries");

    // What the endpoint got is signed with the secret shown at creation.
    expect(receiver.received.length).toBe(14);
    for (const request of receiver.received) {
      expect(
        verifyWebhook({ rawBody: request.rawBody, headers: request.headers as Record<string, string>, secret: webhookSecret }),
      ).toMatchObject({ ok: true });
    }

    const deliveryId = (await first.getAttribute("data-delivery"))!;
    await first.getByRole("button", { name: "Retry now" }).click();
    await owner.waitForLoadState("load");
    expect(await owner.textContent(".alert")).toContain("Retry queued");
    await reloadUntil(
      owner,
      async () => (await owner.locator(`details[data-delivery="${deliveryId}"] .attempts tbody tr`).count()) === 3,
      "the manual attempt",
    );
    expect(await owner.locator(`details[data-delivery="${deliveryId}"] .attempts tbody tr`).nth(2).textContent()).toContain("manual");

    await submit(owner, "Send test event");
    expect(await owner.textContent(".alert")).toContain("Test event queued");
    await reloadUntil(
      owner,
      async () => (await owner.locator("details[data-test-delivery] > summary .badge-success").count()) === 1,
      "the test delivery",
    );
    const testRequest = receiver.received.find((r) => JSON.parse(r.rawBody.toString()).test === true);
    expect(testRequest).toBeDefined();

    // Deactivate and activate again.
    await submit(owner, "Deactivate");
    expect(await owner.textContent(".page-description")).toContain("inactive");
    await submit(owner, "Activate");
    expect(await owner.textContent(".page-description")).toContain("active");
  });

  it("revokes the key after confirming, and the API refuses it at once", async () => {
    await owner.goto(`${dashboardUrl}/api-keys`);
    await owner.locator(`tr[data-key-id="${apiKeyId}"]`).getByRole("link", { name: "Revoke" }).click();
    const dialog = owner.locator("dialog.confirm-dialog");
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("Revoke “Production backend”?");
    await screenshot(owner, "api-key-revoke-confirm", { fullPage: false });
    await Promise.all([owner.waitForURL(/notice=key_revoked/), dialog.getByRole("button", { name: "Revoke key" }).click()]);
    expect(await owner.textContent(`tr[data-key-id="${apiKeyId}"]`)).toContain("revoked");
    await screenshot(owner, "api-keys");

    const refused = await fetch(`${stack.apiUrl}/emails`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "Invalid or missing API key." });
  });

  it("shows the overview with today's sends against the limit and the 14-day chart", async () => {
    await owner.goto(dashboardUrl);
    expect(await owner.textContent(".stat-card")).toContain("3 / 100");
    expect(await owner.locator(".chart-svg .series-sent circle").count()).toBe(14);
    const today = await owner.locator(".chart .sr-only tbody tr").last().textContent();
    expect(today).toMatch(/3\s*2\s*1\s*1$/); // sent, delivered, bounced, complained
    await screenshot(owner, "overview");

    // The same pages on a phone: the navigation folds into a bar above the content.
    await owner.setViewportSize({ width: 390, height: 844 });
    await screenshot(owner, "overview-mobile");
    await owner.goto(`${dashboardUrl}/emails`);
    await screenshot(owner, "emails-mobile");
    await owner.setViewportSize({ width: 1360, height: 900 });
  });

  it("sends a test of the template to a test recipient: a test-mode email in the list, naming its template", async () => {
    await owner.goto(`${dashboardUrl}/templates/${templateId}`);
    await owner.getByLabel("Variable 2 sample").fill("12");
    await owner.getByLabel("Send", { exact: true }).selectOption("2");
    await owner.getByLabel("To", { exact: true }).selectOption(`qa-${run}@example.com`);
    expect(await owner.inputValue("#test-from")).toBe(`Test <test@${sendingDomain}>`);
    await submit(owner, "Send a test");
    expect(await owner.textContent(".alert-success")).toContain("Test email queued");
    await screenshot(owner, "template-test-sent");
    await Promise.all([owner.waitForURL(/\/emails\/email_/), owner.locator("a[data-test-email]").click()]);
    expect(await owner.textContent("[data-email-template]")).toMatch(/Receipt.*v2/);
    await reloadUntil(
      owner,
      async () => (await owner.locator(".timeline-item[data-event-type='delivered']").count()) === 1,
      "the test email delivered",
    );
    const testEmailId = /\/emails\/(email_[^/?]+)/.exec(owner.url())![1]!;
    expect(await db.email.findUniqueOrThrow({ where: { id: testEmailId } })).toMatchObject({
      environment: "test",
      templateId,
      templateVersion: 2,
      templateVariables: { name: "there", total: 12 },
    });
    await owner.getByRole("link", { name: "Receipt" }).click();
    await owner.waitForURL(new RegExp(`/templates/${templateId}$`));

    await owner.goto(`${dashboardUrl}/emails?recipient=qa-${run}`);
    expect(await owner.locator(`tr[data-email-id="${testEmailId}"]`).count()).toBe(1);
  });

  it("invites a viewer by email, who accepts by link and cannot change anything", async () => {
    await owner.getByRole("link", { name: "Members & plan" }).click();
    await owner.getByLabel("Email address").fill(viewerEmail);
    await owner.getByLabel("Role", { exact: true }).selectOption("viewer");
    await submit(owner, "Send invitation");
    expect(await owner.textContent(".alert")).toContain("Invitation sent");
    await screenshot(owner, "members");

    // The invitation went through the pipeline as an email of the system workspace.
    const invitation = await db.email.findFirstOrThrow({ where: { organizationId: system.workspaceId, to: { has: viewerEmail } } });
    const link = /http:\/\/127\.0\.0\.1:\d+\/invitations\/[A-Za-z0-9_-]+/.exec(invitation.text ?? "")?.[0];
    expect(link).toBeDefined();

    const viewerContext = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    try {
      const viewer = await viewerContext.newPage();
      await viewer.goto(link!);
      expect(await viewer.textContent("h1")).toBe("Join Acme Robotics");
      await viewer.getByLabel("Choose a password").fill(PASSWORD);
      await viewer.getByLabel("Repeat the password").fill(PASSWORD);
      await screenshot(viewer, "invitation-accept");
      await submit(viewer, "Set password and join");
      expect(await viewer.textContent(".alert")).toContain("You joined the workspace");
      expect(await viewer.textContent(".readonly-banner")).toContain("read-only access");
      await screenshot(viewer, "viewer-overview");

      // No way to change anything is offered…
      await viewer.goto(`${dashboardUrl}/api-keys`);
      expect(await viewer.getByRole("button", { name: "Create API key" }).count()).toBe(0);
      expect(await viewer.locator("a[data-confirm]").count()).toBe(0);
      await viewer.goto(`${dashboardUrl}/webhooks/${webhookId}`);
      expect(await viewer.getByRole("button", { name: "Retry now" }).count()).toBe(0);
      expect(await viewer.getByRole("button", { name: "Send test event" }).count()).toBe(0);
      await screenshot(viewer, "viewer-webhook");
      // Templates: looking and comparing, not publishing or sending.
      await viewer.goto(`${dashboardUrl}/templates/${templateId}`);
      expect(await viewer.locator("tr[data-variable-row]").count()).toBeGreaterThan(0);
      expect(await viewer.getByRole("button", { name: "Publish" }).count()).toBe(0);
      expect(await viewer.getByRole("button", { name: "Send a test" }).count()).toBe(0);
      await submit(viewer, "Show changes");
      expect(await viewer.textContent("h1")).toContain("Receipt: v2 → the draft");
      // …and the server refuses it when tried anyway, with a valid CSRF token.
      const keysBefore = await db.apiKey.count({ where: { workspaceId } });
      const attempts: Array<[string, Record<string, string>]> = [
        ["/api-keys", { name: "viewer key", environment: "live", scope: "full-access" }],
        [`/webhooks/${webhookId}/delete`, {}],
        ["/domains", { domain: "viewer.example.test" }],
        ["/members/invite", { email: "friend@example.com", role: "owner" }],
        [`/templates/${templateId}/publish`, {}],
        [`/templates/${templateId}/test`, { side: "draft", to: `qa-${run}@example.com`, from: `Test <test@${sendingDomain}>` }],
      ];
      // Runs in the page (the test's TypeScript has no DOM types, hence a string).
      const statuses = await viewer.evaluate(`(async (attempts) => {
        const csrf = document.querySelector('meta[name="csrf-token"]').content;
        const out = [];
        for (const [path, fields] of attempts) {
          const response = await fetch(path, { method: "POST", body: new URLSearchParams({ _csrf: csrf, ...fields }), redirect: "manual" });
          out.push(response.status);
        }
        return out;
      })(${JSON.stringify(attempts)})`);
      expect(statuses).toEqual([403, 403, 403, 403, 403, 403]);
      expect(await db.apiKey.count({ where: { workspaceId } })).toBe(keysBefore);
      expect(await db.webhookSubscription.count({ where: { id: webhookId } })).toBe(1);
      expect((await db.template.findUniqueOrThrow({ where: { id: templateId } })).publishedVersion).toBe(2);
      expect(await db.email.count({ where: { organizationId: workspaceId, environment: "test" } })).toBe(1);
      const membersPage = await viewer.goto(`${dashboardUrl}/members`);
      expect(membersPage?.status()).toBe(403);
      await screenshot(viewer, "viewer-forbidden");
    } finally {
      await viewerContext.close();
    }
  });

  it("refuses a cross-site form post (CSRF) and changes nothing", async () => {
    const key = await fetchCreateKeyId();
    // A page on another site that posts to the dashboard with the owner's cookies but no token.
    await owner.route("http://evil.test/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form id="f" method="post" action="${dashboardUrl}/api-keys/${key}/revoke"><input name="_csrf" value="guess"></form><script>document.getElementById("f").submit()</script>`,
      }),
    );
    const [response] = await Promise.all([
      owner.waitForResponse((r) => r.url().endsWith(`/api-keys/${key}/revoke`)),
      owner.goto("http://evil.test/attack"),
    ]);
    expect(response.status()).toBe(403);
    expect(await owner.textContent("h1")).toContain("This form has expired or did not come from this site");
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key } })).revokedAt).toBeNull();
  });

  it("answers 404 for another workspace's ids", async () => {
    const other = await createWorkspaceFixture(handle);
    const theirEmail = await db.email.create({
      data: {
        id: newId("email"),
        organizationId: other.workspaceId,
        apiKeyId: other.keyIds["send-only"],
        environment: "live",
        from: `x@${other.domain}`,
        to: ["y@example.com"],
        subject: "Not yours",
        text: "t",
        status: "delivered",
      },
    });
    const theirHook = await createWebhookSubscription(
      db,
      new SecretBox(stack.env.WEBHOOK_SECRET_KEY ?? "6c6f63616c2d6465762d6f6e6c792d6b65792d6368616e67652d6d6521212121"),
      { workspaceId: other.workspaceId, url: "http://127.0.0.1:9/x", events: ["sent"] },
      { allowPrivate: true },
    );
    for (const path of [`/emails/${theirEmail.id}`, `/webhooks/${theirHook.id}`, `/api-keys/${other.keyIds["full-access"]}/revoke`]) {
      const response = await owner.goto(`${dashboardUrl}${path}`);
      expect([path, response?.status()]).toEqual([path, 404]);
      expect(await owner.content()).not.toContain("Not yours");
    }
    await screenshot(owner, "not-found");
  });
});

async function fetchCreateKeyId(): Promise<string> {
  await owner.goto(`${dashboardUrl}/api-keys`);
  await owner.getByLabel("Name").fill("Second key");
  await submit(owner, "Create API key");
  return (await db.apiKey.findFirstOrThrow({ where: { workspaceId, name: "Second key" } })).id;
}
