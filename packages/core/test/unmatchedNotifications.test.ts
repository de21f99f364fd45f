import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "@jest/globals";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { sqlPool } from "../src/index.ts";
import { insertUnmatchedNotification } from "../src/stores/index.ts";

const handle = openTestDb();
afterAll(() => handle.close());

describe("unmatched notifications", () => {
  it("keeps at most the per-hour cap: past it a notification is refused, and a redelivery adds nothing", async () => {
    const recent = await handle.prisma.unmatchedNotification.count({ where: { createdAt: { gt: new Date(Date.now() - 3_600_000) } } });
    const cap = recent + 1;
    const first = { snsMessageId: randomUUID(), eventType: "Bounce", providerMessageId: null, body: "{}" };
    expect(await insertUnmatchedNotification(sqlPool(handle), first, cap)).toBe(true);
    expect(await insertUnmatchedNotification(sqlPool(handle), first, cap + 1)).toBe(false);
    const second = { ...first, snsMessageId: randomUUID() };
    expect(await insertUnmatchedNotification(sqlPool(handle), second, cap)).toBe(false);
    expect(
      await handle.prisma.unmatchedNotification.count({ where: { snsMessageId: { in: [first.snsMessageId, second.snsMessageId] } } }),
    ).toBe(1);
  });
});
