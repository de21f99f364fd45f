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

/**
 * Runs the store's own statement under EXPLAIN, so the plan is of exactly what GET /emails?to=
 * sends; `settings` are planner settings for that statement alone (SET LOCAL).
 */
async function planOf(range: Parameters<typeof selectEmailsNewestFirst>[1], settings: string[] = []): Promise<string> {
  const client = await sqlPool(handle).connect();
  let plan = "";
  const explaining: Queryable = {
    query: (async (text: string, values?: unknown[]) => {
      const result = await client.query(`EXPLAIN ${text}`, values);
      plan = result.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n");
      return { ...result, rows: [] } as unknown as QueryResult;
    }) as Queryable["query"],
  };
  try {
    await client.query("BEGIN");
    for (const setting of settings) await client.query(`SET LOCAL ${setting}`);
    await selectEmailsNewestFirst(explaining, range);
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
  return plan;
}

/** Plans that read the indexes by bitmap, so that every index the statement can use shows. */
const BITMAP_ONLY = ["enable_seqscan = off", "enable_indexscan = off"];

describe("recipient search indexes", () => {
  it("scopes GET /emails?to= to the workspace: every index it reads is entered by organizationId", async () => {
    const plan = await planOf({ workspaceId: mine.workspaceId, recipient: COMMON, limit: 101, withBodies: false });
    // The planner picks, by the table's statistics, the (organizationId, to/cc/bcc) GIN indexes or
    // the (organizationId, createdAt) index; either way only this workspace's entries are read.
    const conditions = plan.match(/Index Cond: .*/g) ?? [];
    expect(conditions.length).toBeGreaterThan(0);
    expect(conditions.filter((condition) => !condition.includes(`"organizationId" = '${mine.workspaceId}'`))).toEqual([]);
    // The rows are in the DEFAULT partition (ids of no month); a monthly partition without this
    // workspace's rows may be scanned whole, being (nearly) empty.
    expect(plan).not.toMatch(/Seq Scan on emails_default/);
    // The global recipient indexes (every tenant's entries for an address) are gone.
    expect(plan).not.toContain("emails_to_lower_idx");
    const indexes = await sqlPool(handle).query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'emails'");
    expect(indexes.rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining([
        "emails_organizationId_to_lower_idx",
        "emails_organizationId_cc_lower_idx",
        "emails_organizationId_bcc_lower_idx",
      ]),
    );
  });

  it("reads the cc and bcc indexes, which hold only emails with such recipients, and the tags index, which holds only tagged ones", async () => {
    const recipient = await planOf({ workspaceId: mine.workspaceId, recipient: COMMON, limit: 101, withBodies: false }, BITMAP_ONLY);
    // One bitmap index scan per recipient column (the partitions' index names are generated).
    for (const column of [`"to"`, "cc", "bcc"]) {
      expect(recipient).toContain(`Index Cond: (("organizationId" = '${mine.workspaceId}'::text) AND (svc_lower_addresses(${column}) @>`);
    }
    const tagged = await planOf(
      { workspaceId: mine.workspaceId, tag: { name: "campaign", value: "spring" }, limit: 101, withBodies: false },
      BITMAP_ONLY,
    );
    expect(tagged).toMatch(/Bitmap Index Scan on emails_default_tags_idx/);
    const definitions = await sqlPool(handle).query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'emails'",
    );
    const definition = (name: string) => definitions.rows.find((row) => row.indexname === name)?.indexdef ?? "";
    expect(definition("emails_organizationId_cc_lower_idx")).toContain("WHERE (cardinality(cc) > 0)");
    expect(definition("emails_tags_idx")).toContain("WHERE (tags <> '[]'::jsonb)");
  });

  it("finds an address in cc or bcc whatever its case, and an email without cc or bcc by its to", async () => {
    const pool = sqlPool(handle);
    const other = await createWorkspaceFixture(handle);
    const insert = (id: string, to: string[], cc: string[], bcc: string[]) =>
      pool.query(
        `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", cc, bcc, subject, text, status)
         VALUES ($1, $2, $3, 'live', 'a@example.com', $4, $5, $6, 's', 't', 'sent')`,
        [id, other.workspaceId, other.keyIds["full-access"], to, cc, bcc],
      );
    await insert(`email_idxcase1${other.workspaceId}`, ["x@example.org"], ["Carol@Example.ORG"], []);
    await insert(`email_idxcase2${other.workspaceId}`, ["y@example.org"], [], ["carol@example.org"]);
    await insert(`email_idxcase3${other.workspaceId}`, ["Carol@example.org"], [], []);
    await insert(`email_idxcase4${other.workspaceId}`, ["z@example.org"], [], []);
    const found = await selectEmailsNewestFirst(pool, {
      workspaceId: other.workspaceId,
      recipient: "CAROL@example.org",
      limit: 10,
      withBodies: false,
    });
    expect(found.map((row) => row.id.replace(other.workspaceId, "")).sort()).toEqual([
      "email_idxcase1",
      "email_idxcase2",
      "email_idxcase3",
    ]);
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
