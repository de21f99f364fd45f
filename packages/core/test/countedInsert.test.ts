import { afterAll, describe, expect, it } from "@jest/globals";
import { parseSendEmailInput, queueEmail, sqlPool } from "@svc/core";
import { insertCountedEmails } from "@svc/core/batched";
import { newTimeId } from "@svc/db";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
afterAll(() => handle.close());

const today = () => new Date(new Date().toISOString().slice(0, 10));

async function freeWorkspaceWithUsage(count: number) {
  const fx = await createWorkspaceFixture(handle, { plan: "free" });
  await handle.prisma.dailyUsage.create({ data: { workspaceId: fx.workspaceId, day: today(), count } });
  const context = { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["send-only"], environment: "live" as const, plan: "free" as const };
  const row = (domain = fx.domain) => ({
    emailId: newTimeId("email"),
    context,
    input: parseSendEmailInput({ from: `a@${domain}`, to: "b@example.org", subject: "S", text: "x" }),
  });
  const usage = async () =>
    (await handle.prisma.dailyUsage.findUniqueOrThrow({ where: { workspaceId_day: { workspaceId: fx.workspaceId, day: today() } } })).count;
  const emails = () => handle.prisma.email.count({ where: { organizationId: fx.workspaceId } });
  return { fx, context, row, usage, emails };
}

describe("insertCountedEmails", () => {
  it("writes and counts the sends that fit, in order; the rest write nothing, and a refused domain counts nothing", async () => {
    const { row, usage, emails } = await freeWorkspaceWithUsage(97);
    const rows = [row(), row("not-ours.example.net"), row(), row(), row()];
    const outcomes = await insertCountedEmails(sqlPool(handle), rows);
    expect(outcomes).toEqual(["inserted", "domain_not_verified", "inserted", "over_daily_limit", "over_daily_limit"]);
    expect(await usage()).toBe(99);
    expect(await emails()).toBe(2);
  });

  it("makes today's counter when the workspace has none yet", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const context = { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["send-only"], environment: "live" as const, plan: "free" as const };
    const input = parseSendEmailInput({ from: `a@${fx.domain}`, to: "b@example.org", subject: "S", text: "x" });
    const outcomes = await insertCountedEmails(sqlPool(handle), [{ emailId: newTimeId("email"), context, input }]);
    expect(outcomes).toEqual(["inserted"]);
    expect(await handle.prisma.dailyUsage.findMany({ where: { workspaceId: fx.workspaceId } })).toEqual([
      { workspaceId: fx.workspaceId, day: today(), count: 1 },
    ]);
  });

  it("keeps the limit exact beside concurrent sends that count in their own transactions (those with an Idempotency-Key)", async () => {
    const { context, row, usage, emails } = await freeWorkspaceWithUsage(90);
    const counted = [0, 1, 2].map(() =>
      insertCountedEmails(
        sqlPool(handle),
        Array.from({ length: 5 }, () => row()),
      ),
    );
    const keyed = Array.from({ length: 10 }, (_, n) =>
      queueEmail(handle, context, row().input, { idempotencyKey: `exact-${n}` }).then(
        () => "inserted",
        (error: { code?: string }) => error.code,
      ),
    );
    const outcomes = [...(await Promise.all(counted)).flat(), ...(await Promise.all(keyed))];
    expect(outcomes.filter((outcome) => outcome === "inserted")).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === "over_daily_limit" || outcome === "daily_limit_reached")).toHaveLength(15);
    expect(await usage()).toBe(100);
    expect(await emails()).toBe(10);
  });
});
