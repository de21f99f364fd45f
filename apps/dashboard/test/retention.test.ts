import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addUserToWorkspace, createApiKey, listAuditLog, sqlPool } from "@svc/core";
import { insertEmail } from "../../../test/support/fixtures.ts";
import { createTestDashboard, loggedInAgent, PASSWORD, signedUpAgent, type TestDashboard, uniqueEmail } from "./support.ts";

/**
 * The Retention & privacy form (owners only): days within the plan, privacy mode, an audit entry
 * per change; refused values answer 422 naming the field and change nothing. An email whose body
 * was removed says when.
 */
let dashboard: TestDashboard;

beforeAll(async () => {
  dashboard = await createTestDashboard();
}, 60_000);
afterAll(async () => {
  await dashboard?.close();
});

const retentionEntries = async (workspaceId: string) =>
  (await listAuditLog(sqlPool(dashboard.handle), { workspaceId }, { limit: 1000 })).data.filter(
    (entry) => entry.action === "workspace.retention_changed",
  );

describe("workspace retention in the dashboard", () => {
  it("lets an owner set body and metadata days and privacy mode, audited; refuses bad values with 422 naming the field; admins cannot", async () => {
    const owner = await signedUpAgent(dashboard.url); // free plan: 30 days
    const user = await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email } });
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId: user.id } })).workspaceId;
    const page = await owner.agent.get("/members").expect(200);
    expect(page.text).toContain("Retention &amp; privacy");

    await owner.agent
      .post("/members/retention")
      .type("form")
      .send({ _csrf: owner.csrf, bodyRetentionDays: "2", metadataRetentionDays: "10", privacyMode: "on" })
      .expect(303);
    const saved = { bodyRetentionDays: 2, metadataRetentionDays: 10, privacyMode: true };
    expect(await dashboard.db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).toMatchObject(saved);
    const [entry] = await retentionEntries(workspaceId);
    expect(entry).toMatchObject({ actor: { type: "user", id: user.id }, target: { type: "workspace", id: workspaceId }, changes: saved });

    const valid: Record<string, string> = { _csrf: owner.csrf, bodyRetentionDays: "2", metadataRetentionDays: "10", privacyMode: "on" };
    for (const [fields, field] of [
      [{ metadataRetentionDays: "31" }, "metadataRetentionDays"],
      [{ bodyRetentionDays: "-1" }, "bodyRetentionDays"],
      [{ bodyRetentionDays: "11" }, "bodyRetentionDays"],
      [{ privacyMode: "perhaps" }, "privacyMode"],
    ] as const) {
      const refused = await owner.agent
        .post("/members/retention")
        .type("form")
        .send({ ...valid, ...fields });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain(`${field}:`);
    }
    expect(await dashboard.db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).toMatchObject(saved);
    expect(await retentionEntries(workspaceId)).toHaveLength(1);

    // An admin is not an owner: refused, nothing changed.
    const admin = uniqueEmail("admin");
    await addUserToWorkspace(dashboard.db, { email: admin, password: PASSWORD, workspaceId, role: "admin" });
    const session = await loggedInAgent(dashboard.url, admin);
    const forbidden = await session.agent
      .post("/members/retention")
      .type("form")
      .send({ _csrf: session.csrf, bodyRetentionDays: "", metadataRetentionDays: "", privacyMode: "off" });
    expect(forbidden.status).toBe(403);
    expect(await dashboard.db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).toMatchObject(saved);

    // Empty fields go back to the plan's days.
    await owner.agent
      .post("/members/retention")
      .type("form")
      .send({ _csrf: owner.csrf, bodyRetentionDays: "", metadataRetentionDays: "", privacyMode: "off" })
      .expect(303);
    expect(await dashboard.db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).toMatchObject({
      bodyRetentionDays: null,
      metadataRetentionDays: null,
      privacyMode: false,
    });
  });

  it("shows when an email's body was removed", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const user = await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email } });
    const workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { userId: user.id } })).workspaceId;
    const key = await createApiKey(dashboard.db, { workspaceId, environment: "live", scope: "full-access" });
    const fx = { workspaceId, keyIds: { "full-access": key.id, "send-only": key.id, "read-only": key.id } };
    const kept = await insertEmail(dashboard.handle, fx, { status: "delivered" });
    const cleared = await insertEmail(dashboard.handle, fx, { status: "delivered" });
    const removedAt = new Date("2026-12-01T10:00:00Z");
    await dashboard.db.email.update({ where: { id: cleared }, data: { subject: "", text: null, bodyRemovedAt: removedAt } });

    const page = await owner.agent.get(`/emails/${cleared}`).expect(200);
    expect(page.text).toContain("data-body-removed");
    expect(page.text).toContain(`datetime="${removedAt.toISOString()}"`);
    const keptPage = await owner.agent.get(`/emails/${kept}`).expect(200);
    expect(keptPage.text).not.toContain("data-body-removed");
    expect(keptPage.text).toContain("Hello");
  });
});
