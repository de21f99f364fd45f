import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addUserToWorkspace, createApiKey } from "@svc/core";
import { newId } from "@svc/db";
import type { Browser, Page } from "playwright-core";
import { launchChromium, screenshot } from "./browser/chromium.ts";
import { createTestDashboard, csrfFrom, loggedInAgent, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * The Suppressions page in Debian's Chromium (add, search, CSV import and export, removal with its
 * confirmation step, the cause linked to the email), the email page's suppressed recipients, the
 * overview's rates, and the role and workspace fences over HTTP.
 */
let dashboard: TestDashboard;
let browser: Browser;
let page: Page;
let workspaceId = "";
let emailId = "";
const ownerEmail = uniqueEmail("supp-owner");

beforeAll(async () => {
  dashboard = await createTestDashboard();
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

const rowAddresses = () =>
  page.locator("table[data-suppressions] tbody tr").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-address")));

describe("the Suppressions page in a browser", () => {
  it("signs up and finds the page in the navigation, with a bounce's cause linked to its email", async () => {
    await page.goto(`${dashboard.url}/signup`);
    await page.getByLabel("Work email").fill(ownerEmail);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Workspace name").fill("Suppression Co");
    await submit("Create account");
    workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { user: { email: ownerEmail } } })).workspaceId;

    const key = await createApiKey(dashboard.db, { workspaceId, environment: "live", scope: "full-access" });
    emailId = newId("email");
    await dashboard.db.email.create({
      data: {
        id: emailId,
        organizationId: workspaceId,
        apiKeyId: key.id,
        environment: "live",
        from: "hello@example.com",
        to: ["bounced@example.com", "ok@example.com"],
        subject: "The bounced one",
        text: "Hi",
        status: "sent",
        suppressedRecipients: [{ address: "old@example.com", reason: "hard_bounce" }],
      },
    });
    await dashboard.db.suppression.createMany({
      data: [
        { id: newId("suppression"), workspaceId, address: "bounced@example.com", reason: "hard_bounce", emailId, eventId: "evt_x" },
        { id: newId("suppression"), workspaceId, address: "angry@example.com", reason: "complaint", emailId },
      ],
    });

    await page.getByRole("link", { name: "Suppressions" }).click();
    await page.waitForURL(/\/suppressions$/);
    expect(await rowAddresses()).toEqual(["angry@example.com", "bounced@example.com"]);
    expect(await page.locator('tr[data-address="bounced@example.com"]').textContent()).toContain("Hard bounce");
    await screenshot(page, "suppressions");
    await Promise.all([
      page.waitForURL(/\/emails\/email_/),
      page.locator('tr[data-address="bounced@example.com"]').getByRole("link", { name: emailId }).click(),
    ]);
    expect(await page.locator("[data-suppressed]").textContent()).toContain("old@example.com");
  });

  it("adds an address, searches, and removes a manual entry through the confirmation dialog", async () => {
    await page.goto(`${dashboard.url}/suppressions`);
    await page.getByLabel("Email address").fill("Manual@Example.com");
    await submit("Add to list");
    expect(await page.textContent(".alert")).toContain("Address added");
    expect(await rowAddresses()).toEqual(["angry@example.com", "bounced@example.com", "manual@example.com"]);

    await page.getByLabel("Email address").fill("not an address");
    await page.locator('form[action="/suppressions"][method="post"]').evaluate((form) => form.setAttribute("novalidate", ""));
    await submit("Add to list");
    expect(await page.textContent(".alert-error")).toContain("address:");

    await page.goto(`${dashboard.url}/suppressions`);
    await page.getByLabel("Search address").fill("manual");
    await submit("Search");
    expect(await rowAddresses()).toEqual(["manual@example.com"]);

    await page.locator('tr[data-address="manual@example.com"]').getByRole("link", { name: "Remove" }).click();
    const dialog = page.locator("dialog");
    expect(await dialog.textContent()).toContain("Remove manual@example.com");
    await Promise.all([page.waitForLoadState("load"), dialog.getByRole("button", { name: "Remove" }).click()]);
    expect(await page.textContent(".alert")).toContain("removed from the suppression list");
    expect(await dashboard.db.suppression.count({ where: { workspaceId, address: "manual@example.com" } })).toBe(0);
  });

  it("removes a complaint only once its box is ticked on the confirmation page", async () => {
    await page.goto(`${dashboard.url}/suppressions`);
    await Promise.all([
      page.waitForURL(/\/remove$/),
      page.locator('tr[data-address="angry@example.com"]').getByRole("link", { name: "Remove…" }).click(),
    ]);
    expect(await page.textContent(".card-danger")).toContain("marked your mail as spam");
    // The box is required: the browser does not submit without it.
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    expect(page.url()).toMatch(/\/remove$/);
    expect(await dashboard.db.suppression.count({ where: { workspaceId, address: "angry@example.com" } })).toBe(1);
    await screenshot(page, "suppression-remove-complaint");
    await page.getByLabel(/I understand this person complained/).check();
    await submit("Remove");
    expect(await page.textContent(".alert")).toContain("removed from the suppression list");
    expect(await dashboard.db.suppression.count({ where: { workspaceId, address: "angry@example.com" } })).toBe(0);
  });

  it("imports a chosen CSV file, reporting added/skipped/invalid, and exports the list as CSV", async () => {
    await page.goto(`${dashboard.url}/suppressions`);
    await page.getByLabel("CSV file").setInputFiles({
      name: "list.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("name,email\nA,one@example.com\nB,two@example.com\nC,bounced@example.com\nD,nope\n"),
    });
    // The page's script reads the chosen file into the textarea.
    for (let tries = 0; !(await page.inputValue("#f-csv")).includes("one@example.com"); tries++) {
      if (tries > 50) throw new Error("the chosen file never reached the textarea");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await submit("Import");
    expect(await page.textContent("[data-import-report]")).toContain("Added 2, skipped 1 (already listed or repeated), invalid 1");
    expect(await rowAddresses()).toEqual(["bounced@example.com", "one@example.com", "two@example.com"]);

    const exported = await page.request.get(`${dashboard.url}/suppressions/export.csv`);
    expect(exported.status()).toBe(200);
    expect(exported.headers()["content-type"]).toContain("text/csv");
    const lines = (await exported.text()).trim().split("\n");
    expect(lines[0]).toBe("address,reason,created_at,expires_at,email_id,event_id");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["bounced@example.com", "one@example.com", "two@example.com"]);
    expect(lines[1]).toContain(emailId);
  });

  it("shows the 7-day bounce and complaint rates against the review thresholds, warning when close", async () => {
    const events = [...Array.from({ length: 40 }, (_, n) => ({ type: "sent" as const, n })), { type: "bounced" as const, n: 41 }];
    await dashboard.db.emailEvent.createMany({
      data: events.map(({ type, n }) => ({
        id: newId("event"),
        emailId,
        type,
        eventTimestamp: new Date(),
        payloadJson: "{}",
        dedupeKey: `rate-test:${emailId}:${n}`,
      })),
    });
    await page.goto(`${dashboard.url}/`);
    // 1 bounce in 40 sends: 2.5 %, half of the 5 % threshold.
    expect(await page.getAttribute('[data-reputation="rep-bounce"]', "data-level")).toBe("warning");
    expect(await page.textContent('[data-reputation="rep-bounce"]')).toContain("2.5%");
    expect(await page.getAttribute('[data-reputation="rep-complaint"]', "data-level")).toBe("ok");
    expect(await page.textContent(".alert-warning")).toContain("getting close to the threshold");
    await screenshot(page, "overview-rates");
  });
});

describe("who may change the list (HTTP)", () => {
  it("lets a viewer look but not change; another workspace's entry is 404; a complaint without confirm is 409", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const ownWorkspace = (await dashboard.db.member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
    await dashboard.db.suppression.create({
      data: { id: newId("suppression"), workspaceId: ownWorkspace, address: "c@example.com", reason: "complaint" },
    });
    await dashboard.db.suppression.create({
      data: { id: newId("suppression"), workspaceId, address: "theirs@example.com", reason: "manual" },
    });

    const viewerEmail = uniqueEmail("supp-viewer");
    await addUserToWorkspace(dashboard.db, { email: viewerEmail, password: PASSWORD, workspaceId: ownWorkspace, role: "viewer" });
    const viewer = await loggedInAgent(dashboard.url, viewerEmail);
    const viewed = await viewer.agent.get("/suppressions").expect(200);
    expect(viewed.text).toContain("c@example.com");
    expect(viewed.text).not.toContain("Add to list");
    await viewer.agent.post("/suppressions").type("form").send({ _csrf: viewer.csrf, address: "v@example.com" }).expect(403);
    await viewer.agent
      .post("/suppressions/c%40example.com/remove")
      .type("form")
      .send({ _csrf: viewer.csrf, confirm: "complaint" })
      .expect(403);
    await viewer.agent.post("/suppressions/import").type("form").send({ _csrf: viewer.csrf, csv: "x@example.com" }).expect(403);

    await owner.agent.get("/suppressions/theirs%40example.com/remove").expect(404);
    await owner.agent.get("/suppressions/%E0%A4%A/remove").expect(400);
    await owner.agent.post("/suppressions/theirs%40example.com/remove").type("form").send({ _csrf: owner.csrf }).expect(404);
    expect(await dashboard.db.suppression.count({ where: { workspaceId, address: "theirs@example.com" } })).toBe(1);

    const refused = await owner.agent.post("/suppressions/c%40example.com/remove").type("form").send({ _csrf: owner.csrf }).expect(409);
    expect(refused.text).toContain("Tick the box");
    expect(await dashboard.db.suppression.count({ where: { workspaceId: ownWorkspace } })).toBe(1);
    const form = await owner.agent.get("/suppressions/c%40example.com/remove").expect(200);
    await owner.agent
      .post("/suppressions/c%40example.com/remove")
      .type("form")
      .send({ _csrf: csrfFrom(form.text), confirm: "complaint" })
      .expect(303);
    expect(await dashboard.db.suppression.count({ where: { workspaceId: ownWorkspace } })).toBe(0);

    // An import over the row limit is refused whole.
    const many = Array.from({ length: 10_001 }, (_, n) => `r${n}@example.com`).join("\n");
    const tooMany = await owner.agent.post("/suppressions/import").type("form").send({ _csrf: owner.csrf, csv: many }).expect(413);
    expect(tooMany.text).toContain("more than 10000 rows");
    expect(await dashboard.db.suppression.count({ where: { workspaceId: ownWorkspace } })).toBe(0);
  });
});
