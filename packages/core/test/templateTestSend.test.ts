import { afterAll, describe, expect, it } from "@jest/globals";
import { AppError, addTestRecipient, createRenderPool, createTemplate, publishTemplate, sendTemplateTest, sqlPool } from "@svc/core";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
const renderPool = createRenderPool();
afterAll(async () => {
  await renderPool.close();
  await handle.close();
});

/** The dashboard's "Send a test" (core templates/testSend.ts) against the real database. */
describe("sendTemplateTest", () => {
  it("keeps the hourly limit exact under concurrent sends, all on one test key of the workspace", async () => {
    const fixture = await createWorkspaceFixture(handle);
    const recipient = `qa-${fixture.workspaceId.slice(4).toLowerCase()}@example.com`;
    await addTestRecipient(handle.prisma, { workspaceId: fixture.workspaceId, email: recipient });
    const template = await createTemplate(sqlPool(handle), renderPool, fixture.workspaceId, {
      name: "Welcome",
      alias: "welcome",
      subject: "Hi {{ name }}",
      html: "<p>Hi {{ name }}</p>",
      variables: [{ name: "name", type: "string" }],
    });
    await publishTemplate(sqlPool(handle), fixture.workspaceId, template.id, {});

    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        sendTemplateTest(
          handle,
          renderPool,
          fixture.workspaceId,
          { template: "welcome", side: i % 2 === 0 ? "draft" : 1, from: `t@${fixture.domain}`, to: recipient, variables: { name: "Ann" } },
          { perHour: 3 },
        ),
      ),
    );
    const sent = attempts.filter((a) => a.status === "fulfilled");
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === "rejected");
    for (const { reason } of refused)
      expect({ code: (reason as AppError).code, message: (reason as Error).message }).toMatchObject({ code: "rate_limited" });
    expect(refused.every(({ reason }) => reason instanceof AppError)).toBe(true);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(3);
    const emails = await handle.prisma.email.findMany({ where: { organizationId: fixture.workspaceId, environment: "test" } });
    expect(emails).toHaveLength(sent.length);
    expect(new Set(emails.map((e) => e.apiKeyId)).size).toBe(1);

    // Sequential sends fill the hour up to the limit, and no further.
    for (let i = sent.length; i < 3; i++) {
      await sendTemplateTest(
        handle,
        renderPool,
        fixture.workspaceId,
        { template: "welcome", side: 1, from: `t@${fixture.domain}`, to: recipient, variables: { name: "Bo" } },
        { perHour: 3 },
      );
    }
    await expect(
      sendTemplateTest(
        handle,
        renderPool,
        fixture.workspaceId,
        { template: "welcome", side: 1, from: `t@${fixture.domain}`, to: recipient, variables: { name: "Bo" } },
        { perHour: 3 },
      ),
    ).rejects.toMatchObject({ code: "rate_limited", message: expect.stringContaining("At most 3 test sends an hour") });
    expect(await handle.prisma.email.count({ where: { organizationId: fixture.workspaceId, environment: "test" } })).toBe(3);
    // The key is the workspace's own, in test mode, and may only send.
    const key = await handle.prisma.apiKey.findUniqueOrThrow({ where: { id: emails[0]!.apiKeyId } });
    expect(key).toMatchObject({ workspaceId: fixture.workspaceId, environment: "test", scope: "send_only", name: "Dashboard test sends" });
  });
});
