import { afterAll, describe, expect, it } from "@jest/globals";
import { createWorkspace, exportSuppressionsCsv, importSuppressionsCsv, sqlPool } from "@svc/core";
import { insertSuppressions } from "@svc/core/stores";
import { parse } from "csv-parse/sync";
import { openTestDb } from "../../../test/support/fixtures.ts";
import type { Queryable } from "../src/sql.ts";

/** The suppression CSV through csv-parse and csv-stringify: quoting, formula cells, back-pressure. */
const handle = openTestDb();
const pool = sqlPool(handle);
afterAll(() => handle.close());

const newWorkspace = async () => (await createWorkspace(handle.prisma, { name: "csv", plan: "free" })).id;

async function exported(db: Queryable, workspaceId: string): Promise<string> {
  let csv = "";
  for await (const chunk of exportSuppressionsCsv(db, workspaceId)) csv += chunk;
  return csv;
}

describe("suppression CSV", () => {
  it("imports a quoted field with a newline inside as one record, and names the line each bad record starts on", async () => {
    const workspaceId = await newWorkspace();
    const csv = 'name,email\n"Ann\nof Accounts",ann@example.com\n"Bob, Jr","bob@example.com"\nEve,not-an-address\n';
    expect(await importSuppressionsCsv(pool, workspaceId, csv)).toEqual({
      added: 2,
      skipped: 0,
      invalid: 1,
      invalidLines: [{ line: 5, value: "not-an-address", reason: expect.any(String) }],
    });
    await expect(importSuppressionsCsv(pool, workspaceId, 'email\n"unclosed@example.com\n')).rejects.toMatchObject({
      code: "validation_failed",
      message: expect.stringContaining("not valid CSV"),
    });
  });

  it("neutralises cells a spreadsheet would run as formulas, and imports its own export back as it was", async () => {
    const workspaceId = await newWorkspace();
    const risky = ["=cmd@example.com", "+1@example.com", "-x@example.com", "@home@example.com"];
    const valid = risky.filter((address) => !address.startsWith("@"));
    await insertSuppressions(
      pool,
      workspaceId,
      [...valid, "plain@example.com"].map((address) => ({ address, reason: "manual" as const, expiresAt: null })),
    );
    const csv = await exported(pool, workspaceId);
    const rows = parse(csv, { columns: true }) as Array<Record<string, string>>;
    const cells = rows.map((row) => row.address);
    expect(cells).toEqual(expect.arrayContaining(["'=cmd@example.com", "'+1@example.com", "'-x@example.com", "plain@example.com"]));
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const copy = await newWorkspace();
    expect(await importSuppressionsCsv(pool, copy, csv)).toMatchObject({ added: valid.length + 1, invalid: 0 });
    const addresses = (await handle.prisma.suppression.findMany({ where: { workspaceId: copy } })).map((entry) => entry.address).sort();
    expect(addresses).toEqual([...valid, "plain@example.com"].sort());
  });

  it("reads the list only as fast as the reader takes the CSV (back-pressure)", async () => {
    const workspaceId = await newWorkspace();
    const entries = Array.from({ length: 5000 }, (_, n) => ({
      address: `r${String(n).padStart(5, "0")}@example.com`,
      reason: "manual" as const,
      expiresAt: null,
    }));
    for (let i = 0; i < entries.length; i += 1000) await insertSuppressions(pool, workspaceId, entries.slice(i, i + 1000));
    let queries = 0;
    const counting: Queryable = {
      query: ((...args: unknown[]) => {
        queries += 1;
        return (pool.query as (...a: unknown[]) => unknown).apply(pool, args);
      }) as Queryable["query"],
    };

    const stream = exportSuppressionsCsv(counting, workspaceId);
    const first = await new Promise<string>((resolve) => stream.once("readable", () => resolve(String(stream.read()))));
    expect(first.startsWith("address,reason,created_at,expires_at,email_id,event_id\n")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nobody reads: the export waits after its first batch instead of reading all five.
    expect(queries).toBe(1);

    let rest = "";
    for await (const chunk of stream) rest += chunk;
    expect((first + rest).trim().split("\n")).toHaveLength(5001);
    expect(queries).toBe(6);
  });
});
