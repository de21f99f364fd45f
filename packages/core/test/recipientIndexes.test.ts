import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { QueryResult } from "pg";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { sqlPool } from "../src/index.ts";
import type { Queryable } from "../src/sql.ts";
import { selectEmailsNewestFirst } from "../src/stores/emails.ts";

/**
 * A recipient search (GET /emails?to=) reads only its own workspace's entries of the recipient
 * indexes: the address is common to every workspace here, and the plan must still go through the
 * (organizationId, addresses) GIN indexes, never through every tenant's entries for the address.
 */
const handle = openTestDb();
let mine: WorkspaceFixture;
const COMMON = "shared-inbox@example.org";

beforeAll(async () => {
  mine = await createWorkspaceFixture(handle);
  const others = await Promise.all(Array.from({ length: 3 }, () => createWorkspaceFixture(handle)));
  const pool = sqlPool(handle);
  for (const fx of [mine, ...others]) {
    await pool.query(
      `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", cc, subject, text, status)
       SELECT 'email_idx' || $1 || n, $1, $2, 'live', 'a@example.com',
              ARRAY[CASE WHEN n % 50 = 0 THEN $3 ELSE 'r' || n || '@example.org' END], ARRAY['c' || n || '@example.org'], 's', 't', 'sent'
         FROM generate_series(1, 4000) AS n`,
      [fx.workspaceId, fx.keyIds["full-access"], COMMON],
    );
  }
  await pool.query("ANALYZE emails");
});
afterAll(() => handle.close());

/** Runs the store's own statement under EXPLAIN, so the plan is of exactly what GET /emails?to= sends. */
async function planOf(range: Parameters<typeof selectEmailsNewestFirst>[1]): Promise<string> {
  const pool = sqlPool(handle);
  let plan = "";
  const explaining: Queryable = {
    query: (async (text: string, values?: unknown[]) => {
      const result = await pool.query(`EXPLAIN ${text}`, values);
      plan = result.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n");
      return { ...result, rows: [] } as unknown as QueryResult;
    }) as Queryable["query"],
  };
  await selectEmailsNewestFirst(explaining, range);
  return plan;
}

describe("recipient search indexes", () => {
  it("scopes GET /emails?to= to the workspace through the (organizationId, to/cc/bcc) GIN indexes", async () => {
    const plan = await planOf({ workspaceId: mine.workspaceId, recipient: COMMON, limit: 101, withBodies: false });
    expect(plan).toContain("emails_organizationId_to_lower_idx");
    expect(plan).toContain("emails_organizationId_cc_lower_idx");
    expect(plan).toContain("emails_organizationId_bcc_lower_idx");
    // Each index condition names the workspace, so another tenant's entries are never read.
    expect(plan.match(/Index Cond: \(\("organizationId" = '[^']+'::text\) AND/g)?.length).toBe(3);
    expect(plan).not.toContain("emails_to_lower_idx");
  });

  it("finds the workspace's own emails to a common address, and no other workspace's", async () => {
    const rows = await selectEmailsNewestFirst(sqlPool(handle), {
      workspaceId: mine.workspaceId,
      recipient: "SHARED-inbox@example.org",
      limit: 1000,
      withBodies: false,
    });
    expect(rows).toHaveLength(80);
    expect(rows.every((row) => row.organizationId === mine.workspaceId)).toBe(true);
  });
});
