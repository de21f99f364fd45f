import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { listAuditLog, setOperator, sqlPool } from "@svc/core";
import type { Browser, Page } from "playwright-core";
import { launchChromium, screenshot, signUpInBrowser } from "./browser/chromium.ts";
import { createTestDashboard, csrfFrom, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * The operators' form for a workspace's SES regions, as `svc workspace regions` sets them: only
 * SES_REGIONS offered, bad input refused with its reason and nothing changed, each change audited
 * as workspace.regions_changed; refused to anyone who is not an operator.
 */

const CONFIGURED = ["eu-west-1", "eu-central-1", "us-east-1"];
let dashboard: TestDashboard;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dashboard = await createTestDashboard({ SES_REGIONS: CONFIGURED.join(","), AWS_REGION: "eu-west-1" });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1360, height: 900 } })).newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
});

const workspaceOf = async (email: string) => (await dashboard.db.member.findFirstOrThrow({ where: { user: { email } } })).workspaceId;
const regionsOf = (workspaceId: string) =>
  dashboard.db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { sesPrimaryRegion: true, sesFailoverRegions: true } });
const regionAudits = async (workspaceId: string) =>
  (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 200 })).data.filter(
    (entry) => entry.action === "workspace.regions_changed",
  );

describe("/settings/regions over HTTP", () => {
  it("is refused to a workspace owner (403), reading and changing nothing", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const workspaceId = await workspaceOf(owner.email);
    const refused = await owner.agent.get("/settings/regions").expect(403);
    expect(refused.text).not.toContain("Primary region");
    await owner.agent
      .post("/settings/regions")
      .type("form")
      .send({ _csrf: owner.csrf, workspaceId, primary: "us-east-1", failover1: "", failover2: "" })
      .expect(403);
    expect(await regionsOf(workspaceId)).toEqual({ sesPrimaryRegion: null, sesFailoverRegions: [] });
  });

  it("offers only SES_REGIONS, saves a primary and a failover order with an audit entry, and refuses bad input", async () => {
    const operator = await signedUpAgent(dashboard.url);
    await setOperator(dashboard.db, operator.email, true);
    // Another workspace's, named by id as an operator does.
    const tenant = await signedUpAgent(dashboard.url);
    const workspaceId = await workspaceOf(tenant.email);
    const form = await operator.agent.get(`/settings/regions?workspace=${workspaceId}`).expect(200);
    const offered = [...form.text.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]);
    expect(new Set(offered)).toEqual(new Set(["default", "", ...CONFIGURED]));
    expect(form.text).toContain("none (pinned to its primary)");
    const csrf = csrfFrom(form.text);
    const post = (fields: Record<string, string>) =>
      operator.agent
        .post("/settings/regions")
        .type("form")
        .send({ _csrf: csrf, workspaceId, ...fields });

    const saved = await post({ primary: "eu-central-1", failover1: "us-east-1", failover2: "" }).expect(303);
    expect(saved.headers.location).toBe(`/settings/regions?workspace=${workspaceId}&notice=regions_saved`);
    expect(await regionsOf(workspaceId)).toEqual({ sesPrimaryRegion: "eu-central-1", sesFailoverRegions: ["us-east-1"] });
    const [entry] = await regionAudits(workspaceId);
    expect(entry).toMatchObject({
      actor: { type: "user" },
      target: { type: "workspace", id: workspaceId },
      changes: { sesPrimaryRegion: "eu-central-1", sesFailoverRegions: ["us-east-1"] },
    });
    const shown = await operator.agent.get(saved.headers.location!).expect(200);
    expect(shown.text).toContain("Regions saved.");

    for (const [fields, status, message] of [
      [
        { primary: "ap-south-1", failover1: "", failover2: "" },
        400,
        "primary: &quot;ap-south-1&quot; is not a region this install sends from",
      ],
      [{ primary: "eu-west-1", failover1: "us-west-2", failover2: "" }, 400, "failover: &quot;us-west-2&quot; is not a region"],
      [{ primary: "eu-west-1", failover1: "us-east-1", failover2: "us-east-1" }, 400, "failover: a region is listed twice."],
      [{ primary: "eu-west-1", failover1: "eu-west-1", failover2: "" }, 400, "failover: eu-west-1 is the primary region"],
    ] as const) {
      const refused = await post(fields).expect(status);
      expect(refused.text).toContain(message);
    }
    expect(await regionsOf(workspaceId)).toEqual({ sesPrimaryRegion: "eu-central-1", sesFailoverRegions: ["us-east-1"] });
    expect(await regionAudits(workspaceId)).toHaveLength(1);

    // Back to the install's first region, pinned: every failover empty.
    await post({ primary: "default", failover1: "", failover2: "" }).expect(303);
    expect(await regionsOf(workspaceId)).toEqual({ sesPrimaryRegion: null, sesFailoverRegions: [] });
    expect(await regionAudits(workspaceId)).toHaveLength(2);

    // Without the form's CSRF token: refused, changing nothing.
    await operator.agent.post("/settings/regions").type("form").send({ workspaceId, primary: "us-east-1" }).expect(403);
    expect(await regionsOf(workspaceId)).toEqual({ sesPrimaryRegion: null, sesFailoverRegions: [] });

    // A workspace that does not exist is a 404, changing nothing.
    await operator.agent.get("/settings/regions?workspace=org_doesnotexist").expect(404);
    await operator.agent
      .post("/settings/regions")
      .type("form")
      .send({ _csrf: csrf, workspaceId: "org_doesnotexist", primary: "us-east-1" })
      .expect(404);
  });
});

describe("/settings/regions in a browser", () => {
  it("chooses a primary and a failover from the lists and shows them", async () => {
    const email = uniqueEmail("regions-operator");
    await signUpInBrowser(page, dashboard.url, email, PASSWORD, "Regions Co");
    await setOperator(dashboard.db, email, true);
    await page.goto(`${dashboard.url}/settings/regions`);
    await page.getByLabel("Primary region").selectOption("us-east-1");
    await page.getByLabel("Failover 1").selectOption("eu-west-1");
    await Promise.all([page.waitForURL(/notice=regions_saved/), page.getByRole("button", { name: "Save regions" }).click()]);
    expect(await page.locator("[data-regions-current]").textContent()).toMatch(/Primary\s*us-east-1\s*Failover\s*eu-west-1/);
    expect(await regionsOf(await workspaceOf(email))).toEqual({ sesPrimaryRegion: "us-east-1", sesFailoverRegions: ["eu-west-1"] });
    await screenshot(page, "regions");
  });
});
