import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createWebhookSubscription, disableLongFailingSubscriptions, SecretBox } from "@svc/core";
import { createWorkspaceFixture, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

/** A webhook the dispatcher disabled by itself: its owners get one email, and the pages say why. */
let system: WorkspaceFixture;
let dashboard: TestDashboard;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  const setup = await createTestDashboard();
  system = await createWorkspaceFixture(setup.handle, { plan: "unlimited" });
  await setup.close();
  dashboard = await createTestDashboard({
    DASHBOARD_SYSTEM_API_KEY: system.keys["send-only"],
    DASHBOARD_INVITE_FROM: `Svc <notices@${system.domain}>`,
    DASHBOARD_NOTICE_INTERVAL_MS: "100",
  });
});
afterAll(() => dashboard.close());

async function waitFor<T>(what: string, read: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("automatically disabled webhooks", () => {
  it("mails the workspace's owners once, and shows the reason until the webhook is activated again", async () => {
    const db = dashboard.db;
    const owner = await signedUpAgent(dashboard.url, { workspaceName: "Hooked" });
    const workspaceId = (await db.member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
    const subscription = await createWebhookSubscription(db, new SecretBox(dashboard.env.WEBHOOK_SECRET_KEY), {
      workspaceId,
      url: "https://gone.example.com/hooks",
      events: ["bounced"],
    });
    await db.webhookSubscription.update({ where: { id: subscription.id }, data: { failingSince: new Date(Date.now() - 6 * DAY_MS) } });

    const failingPage = await owner.agent.get(`/webhooks/${subscription.id}`).expect(200);
    expect(failingPage.text).toContain("This endpoint is failing.");

    const disabled = await disableLongFailingSubscriptions(db, 5);
    expect(disabled.map((s) => s.id)).toContain(subscription.id);

    const email = await waitFor("the owners' email", () =>
      db.email.findFirst({ where: { to: { has: owner.email }, subject: "A webhook endpoint was disabled on Svc" } }),
    );
    expect(email.from).toBe(`Svc <notices@${system.domain}>`);
    expect(email.text).toContain("every delivery attempt failed for 5 days");
    expect(email.text).toContain("https://gone.example.com/hooks");
    expect(email.text).toContain(`http://dashboard.test/webhooks/${subscription.id}`);
    expect((await db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).ownersNotifiedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 500)); // several more runs: still one email
    expect(await db.email.count({ where: { to: { has: owner.email }, subject: "A webhook endpoint was disabled on Svc" } })).toBe(1);

    const list = await owner.agent.get("/webhooks").expect(200);
    expect(list.text).toContain("Webhooks disabled automatically.");
    expect(list.text).toContain("disabled automatically");
    const detail = await owner.agent.get(`/webhooks/${subscription.id}`).expect(200);
    expect(detail.text).toContain("Disabled automatically: every delivery attempt failed for 5 days.");

    await owner.agent.post(`/webhooks/${subscription.id}/enable`).type("form").send({ _csrf: owner.csrf }).expect(303);
    const after = await owner.agent.get("/webhooks").expect(200);
    expect(after.text).not.toContain("Webhooks disabled automatically.");
    expect(await db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      isActive: true,
      disabledAt: null,
      failingSince: null,
      ownersNotifiedAt: null,
    });
  });
});
