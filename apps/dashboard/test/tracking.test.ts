import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type Agent, createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

/** The domain page's tracking switches: off by default, saved through the same service as `svc domain tracking`. */

let dashboard: TestDashboard;
let owner: { agent: Agent; csrf: string };
// A proven name has one owner across runs sharing the database: each run uses its own.
const run = Date.now().toString(36);

beforeAll(async () => {
  dashboard = await createTestDashboard();
  owner = await signedUpAgent(dashboard.url);
});
afterAll(() => dashboard.close());

describe("domain tracking", () => {
  it("is off by default, turns on and off, takes a custom tracking domain, and refuses a bad one", async () => {
    await owner.agent
      .post("/domains")
      .type("form")
      .send({ _csrf: owner.csrf, domain: `tracking-${run}.pages.example.com` })
      .expect(303);
    const domain = await dashboard.db.domain.findFirstOrThrow({
      where: { name: `tracking-${run}.pages.example.com` },
      orderBy: { createdAt: "desc" },
    });
    // A tracking domain must be under a verified domain of the workspace: not yet.
    const unproven = await owner.agent
      .post(`/domains/${domain.id}/tracking`)
      .type("form")
      .send({ _csrf: owner.csrf, click: "on", trackingDomain: `track.tracking-${run}.pages.example.com` })
      .expect(422);
    expect(unproven.text).toContain("must be a subdomain of one of this workspace&#39;s verified domains");
    await dashboard.db.domain.update({ where: { id: domain.id }, data: { status: "verified" } });
    const elsewhere = await owner.agent
      .post(`/domains/${domain.id}/tracking`)
      .type("form")
      .send({ _csrf: owner.csrf, click: "on", trackingDomain: "track.example.com" })
      .expect(422);
    expect(elsewhere.text).toContain("must be a subdomain");
    expect([domain.openTracking, domain.clickTracking, domain.trackingDomain]).toEqual([false, false, null]);
    const page = await owner.agent.get(`/domains/${domain.id}`).expect(200);
    expect(page.text).toContain(`action="/domains/${domain.id}/tracking"`);
    expect(page.text).not.toMatch(/name="open" value="on"\s+checked/);

    await owner.agent
      .post(`/domains/${domain.id}/tracking`)
      .type("form")
      .send({ _csrf: owner.csrf, open: "on", click: "on", trackingDomain: `Track.Tracking-${run}.Pages.Example.com` })
      .expect(303)
      .expect("location", `/domains/${domain.id}?notice=tracking_saved`);
    const on = await dashboard.db.domain.findUniqueOrThrow({ where: { id: domain.id } });
    expect([on.openTracking, on.clickTracking, on.trackingDomain]).toEqual([true, true, `track.tracking-${run}.pages.example.com`]);
    expect((await owner.agent.get(`/domains/${domain.id}`).expect(200)).text).toMatch(/name="open" value="on"\s+checked/);

    const bad = await owner.agent
      .post(`/domains/${domain.id}/tracking`)
      .type("form")
      .send({ _csrf: owner.csrf, open: "on", trackingDomain: "https://x" })
      .expect(422);
    expect(bad.text).toContain("trackingDomain: give the bare domain");
    expect((await dashboard.db.domain.findUniqueOrThrow({ where: { id: domain.id } })).clickTracking).toBe(true);

    await owner.agent.post(`/domains/${domain.id}/tracking`).type("form").send({ _csrf: owner.csrf }).expect(303);
    const off = await dashboard.db.domain.findUniqueOrThrow({ where: { id: domain.id } });
    expect([off.openTracking, off.clickTracking, off.trackingDomain]).toEqual([false, false, null]);
  });
});
