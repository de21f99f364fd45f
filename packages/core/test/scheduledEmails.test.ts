import { afterAll, describe, expect, it } from "@jest/globals";
import { nextStatus, sqlPool } from "@svc/core";
import { selectAcceptedEmailsAwaitingEvents } from "@svc/core/stores";
import { newId } from "@svc/db";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
afterAll(() => handle.close());

describe("the status machine around scheduling", () => {
  it("lets no provider event move a scheduled or canceled email", () => {
    for (const event of ["sent", "delivered", "bounced", "rendering_failed", "rejected"] as const) {
      expect(nextStatus("scheduled", event)).toBeNull();
      expect(nextStatus("canceled", event)).toBeNull();
    }
    expect(nextStatus("queued", "sent")).toBe("sent");
  });
});

describe("a scheduled email after its handoff", () => {
  it("is found by the simulator's event recovery by its scheduled time, however long ago it was created", async () => {
    const fx = await createWorkspaceFixture(handle);
    const id = newId("email");
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await handle.prisma.email.create({
      data: {
        id,
        organizationId: fx.workspaceId,
        apiKeyId: fx.keyIds["send-only"],
        environment: "live",
        from: `a@${fx.domain}`,
        to: ["b@example.org"],
        subject: "later",
        text: "t",
        status: "sent",
        provider: "simulator",
        providerMessageId: `recovery-${id}`,
        createdAt: minutesAgo(3 * 24 * 60),
        scheduledAt: minutesAgo(2),
        sentAt: minutesAgo(2),
      },
    });
    const found = await selectAcceptedEmailsAwaitingEvents(sqlPool(handle), {
      provider: "simulator",
      createdFrom: minutesAgo(15),
      sentBefore: minutesAgo(1),
      after: null,
      limit: 10_000,
    });
    expect(found.map((row) => row.id)).toContain(id);
  });
});
