import { afterAll, describe, expect, it } from "@jest/globals";
import {
  createWorkspace,
  dropSuppressed,
  getSuppression,
  importSuppressionsCsv,
  reputationOf,
  sqlPool,
  suppressionKey,
  suppressionKeysOf,
} from "@svc/core";
import { insertSuppressions, selectHandoffChecks } from "@svc/core/stores";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
const pool = sqlPool(handle);
afterAll(() => handle.close());

describe("suppression keys", () => {
  it("are the bare address, trimmed and lower-cased; anything that cannot be an address has none", () => {
    expect(suppressionKey("  Ann <Ann@Example.COM> ")).toBe("ann@example.com");
    expect(suppressionKey(" BOB@example.com ")).toBe("bob@example.com");
    for (const bad of ["", "no-at", "@example.com", "a@", "a b@example.com", "a\u0000@example.com", `${"a".repeat(250)}@example.com`]) {
      expect([bad, suppressionKey(bad)]).toEqual([bad, null]);
    }
  });

  it("dropSuppressed keeps the others in their original form and names each dropped address once", () => {
    const recipients = { to: ["Ann <ann@example.com>", "ANN@example.com", "bob@example.com"], cc: [], bcc: [] };
    expect(suppressionKeysOf(recipients)).toEqual(["ann@example.com", "bob@example.com"]);
    expect(dropSuppressed(recipients, new Map([["ann@example.com", "complaint"]]))).toEqual({
      kept: { to: ["bob@example.com"], cc: [], bcc: [] },
      dropped: [{ address: "ann@example.com", reason: "complaint" }],
      remaining: 1,
    });
  });

  it("dropSuppressed drops an erased recipient's token (an email queued before its erasure) as a manual suppression", () => {
    const token = "erased-3f9a@erased.invalid";
    const recipients = { to: ["ann@example.com", token], cc: [], bcc: [] };
    expect(dropSuppressed(recipients, new Map())).toEqual({
      kept: { to: ["ann@example.com"], cc: [], bcc: [] },
      dropped: [{ address: token, reason: "manual" }],
      remaining: 1,
    });
  });

  it("dropSuppressed covers cc and bcc as it does to, and counts what remains across all three", () => {
    const recipients = {
      to: ["ann@example.com"],
      cc: ["Bob <BOB@example.com>", "carl@example.com"],
      bcc: ["dee@example.com", "ann@example.com"],
    };
    expect(suppressionKeysOf(recipients)).toEqual(["ann@example.com", "bob@example.com", "carl@example.com", "dee@example.com"]);
    const active = new Map([
      ["bob@example.com", "hard_bounce" as const],
      ["dee@example.com", "manual" as const],
    ]);
    expect(dropSuppressed(recipients, active)).toEqual({
      kept: { to: ["ann@example.com"], cc: ["carl@example.com"], bcc: ["ann@example.com"] },
      dropped: [
        { address: "bob@example.com", reason: "hard_bounce" },
        { address: "dee@example.com", reason: "manual" },
      ],
      remaining: 3,
    });
  });
});

describe("active suppressions", () => {
  it("an expired entry suppresses nothing; a future expiry or none does; lookups of several workspaces share a statement", async () => {
    const one = await createWorkspace(handle.prisma, { name: "one", plan: "free" });
    const two = await createWorkspace(handle.prisma, { name: "two", plan: "free" });
    await insertSuppressions(pool, one.id, [
      { address: "expired@example.com", reason: "manual", expiresAt: new Date(Date.now() - 1000) },
      { address: "later@example.com", reason: "manual", expiresAt: new Date(Date.now() + 60_000) },
      { address: "forever@example.com", reason: "hard_bounce", expiresAt: null },
    ]);
    const [first, second] = await selectHandoffChecks(pool, [
      {
        workspaceId: one.id,
        domain: "example.com",
        addresses: ["expired@example.com", "later@example.com", "forever@example.com", "other@example.com"],
      },
      { workspaceId: two.id, domain: "example.com", addresses: ["forever@example.com"] },
    ]);
    expect(Object.fromEntries(first!.suppressed)).toEqual({ "later@example.com": "manual", "forever@example.com": "hard_bounce" });
    expect(second!.suppressed.size).toBe(0);
  });

  it("answers whether each handoff's from-domain is a verified domain of its own workspace, in the same statement", async () => {
    const mine = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    const lookup = (workspaceId: string, domain: string) => ({ workspaceId, domain, addresses: [] });
    const before = await selectHandoffChecks(pool, [
      lookup(mine.workspaceId, mine.domain.toUpperCase()),
      lookup(other.workspaceId, mine.domain),
      lookup(mine.workspaceId, `not-${mine.domain}`),
    ]);
    expect(before.map((check) => check.domainVerified)).toEqual([true, false, false]);
    await pool.query(`UPDATE domains SET status = 'failed' WHERE "workspaceId" = $1`, [mine.workspaceId]);
    const [after] = await selectHandoffChecks(pool, [lookup(mine.workspaceId, mine.domain)]);
    expect(after).toEqual({ domainVerified: false, suppressed: new Map() });
  });

  it("one entry is found in its own workspace only", async () => {
    const one = await createWorkspace(handle.prisma, { name: "own", plan: "free" });
    const two = await createWorkspace(handle.prisma, { name: "other", plan: "free" });
    await insertSuppressions(pool, one.id, [{ address: "bounced@example.com", reason: "hard_bounce", expiresAt: null }]);
    expect(await getSuppression(pool, one.id, "bounced@example.com")).toMatchObject({
      address: "bounced@example.com",
      reason: "hard_bounce",
      active: true,
    });
    await expect(getSuppression(pool, two.id, "bounced@example.com")).rejects.toMatchObject({ code: "not_found" });
    await expect(getSuppression(pool, one.id, "nobody@example.com")).rejects.toMatchObject({ code: "not_found" });
  });

  it("a CSV import refuses a file over 1 MB or with NUL bytes whole", async () => {
    const workspace = await createWorkspace(handle.prisma, { name: "csv", plan: "free" });
    await expect(importSuppressionsCsv(pool, workspace.id, "a@example.com\n".repeat(80_000))).rejects.toMatchObject({
      code: "payload_too_large",
    });
    await expect(importSuppressionsCsv(pool, workspace.id, "a@example.com\u0000\n")).rejects.toMatchObject({ code: "validation_failed" });
    await expect(importSuppressionsCsv(pool, workspace.id, "name,phone\nAnn,123\n")).rejects.toMatchObject({ code: "validation_failed" });
  });
});

describe("reputation", () => {
  it("compares bounce and complaint rates with SES's thresholds, warning from half", () => {
    expect(reputationOf({ sent: 0, bounced: 0, complained: 0 }).bounce).toEqual({ rate: null, threshold: 0.05, level: "none" });
    expect(reputationOf({ sent: 100, bounced: 2, complained: 0 }).bounce.level).toBe("ok");
    expect(reputationOf({ sent: 100, bounced: 3, complained: 0 }).bounce.level).toBe("warning");
    expect(reputationOf({ sent: 100, bounced: 5, complained: 0 }).bounce.level).toBe("over");
    expect(reputationOf({ sent: 10_000, bounced: 0, complained: 4 }).complaint.level).toBe("ok");
    expect(reputationOf({ sent: 10_000, bounced: 0, complained: 5 }).complaint.level).toBe("warning");
    expect(reputationOf({ sent: 10_000, bounced: 0, complained: 10 }).complaint.level).toBe("over");
  });
});
