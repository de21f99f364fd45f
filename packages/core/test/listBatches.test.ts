import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@svc/db";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type EmailView, LIST_BATCH_BODY_BYTES, listEmailBatches } from "../src/index.ts";

const handle = openTestDb();
let fx: WorkspaceFixture;

const KB = 1024;
/** A body of `bytes` UTF-8 bytes made of two-byte characters, so that bytes and characters differ. */
const body = (bytes: number, mark: string) => `${mark}:${"é".repeat(Math.floor((bytes - mark.length - 1) / 2))}`;

interface Seeded {
  id: string;
  html: string | null;
  text: string | null;
}
let newestFirst: Seeded[] = [];

beforeAll(async () => {
  fx = await createWorkspaceFixture(handle);
  const base = Date.parse("2026-02-01T00:00:00Z");
  // Oldest first: small emails, 300 KB ones, one larger than any budget below, more small ones.
  const sizes = [2 * KB, 2 * KB, ...Array(9).fill(300 * KB), 1500 * KB, ...Array(5).fill(1 * KB), 700 * KB, 700 * KB];
  const rows = sizes.map((size, i) => ({
    id: newId("email"),
    html: i % 3 === 0 ? null : body(size, `h${i}`),
    text: i % 3 === 0 ? body(size, `t${i}`) : i % 3 === 1 ? body(1 * KB, `t${i}`) : null,
    createdAt: new Date(base + i * 1000),
  }));
  await handle.pool.query(
    `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, html, text, "createdAt")
     SELECT r.id, $1, $2, 'live', 'a@x.test', ARRAY['b@y.test'], 'big', r.html, r.text, r.created_at
       FROM unnest($3::text[], $4::text[], $5::text[], $6::timestamptz[]) AS r(id, html, text, created_at)`,
    [
      fx.workspaceId,
      fx.keyIds["send-only"],
      rows.map((r) => r.id),
      rows.map((r) => r.html),
      rows.map((r) => r.text),
      rows.map((r) => r.createdAt),
    ],
  );
  newestFirst = rows.reverse();
});
afterAll(async () => {
  await handle.close();
});

async function collect(options: Parameters<typeof listEmailBatches>[2]): Promise<Array<{ emails: EmailView[]; bodyBytes: number }>> {
  const batches: Array<{ emails: EmailView[]; bodyBytes: number }> = [];
  for await (const batch of await listEmailBatches(handle, fx.workspaceId, options)) {
    batches.push({ emails: [...batch.emails()], bodyBytes: batch.bodyBytes });
  }
  return batches;
}

const utf8 = (value: string | null) => (value === null ? 0 : Buffer.byteLength(value, "utf8"));

describe("listEmailBatches: batches bounded by the bytes of their bodies", () => {
  it("cuts each batch at the byte budget (one email alone when it is larger), in order, losing nothing", async () => {
    const budget = 1024 * KB;
    const batches = await collect({ batchBodyBytes: budget });
    for (const batch of batches) {
      // The accounting is the bodies' real UTF-8 size, as Postgres measured it.
      expect(batch.bodyBytes).toBe(batch.emails.reduce((sum, email) => sum + utf8(email.html) + utf8(email.text), 0));
      if (batch.emails.length > 1) expect(batch.bodyBytes).toBeLessThanOrEqual(budget);
    }
    // The 1.5 MB email is a batch of its own; the 300 KB ones go three to a batch.
    expect(batches.some((batch) => batch.emails.length === 1 && batch.bodyBytes > budget)).toBe(true);
    expect(batches.filter((batch) => batch.emails.length === 3 && batch.bodyBytes > 900 * KB)).not.toHaveLength(0);
    const ids = batches.flatMap((batch) => batch.emails.map((email) => email.id));
    expect(ids).toEqual(newestFirst.map((row) => row.id));
    // Bodies come back whole.
    const byId = new Map(batches.flatMap((batch) => batch.emails).map((email) => [email.id, email]));
    for (const row of newestFirst)
      expect({ html: byId.get(row.id)!.html, text: byId.get(row.id)!.text }).toEqual({ html: row.html, text: row.text });
  });

  it("keeps the row bound too, and a limit, across cut batches", async () => {
    const batches = await collect({ batchBodyBytes: 1024 * KB, batchRows: 4, limit: 11 });
    expect(batches.every((batch) => batch.emails.length <= 4)).toBe(true);
    expect(batches.flatMap((batch) => batch.emails.map((email) => email.id))).toEqual(newestFirst.slice(0, 11).map((row) => row.id));
  });

  it("holds at most the default budget per batch with its default settings", async () => {
    const batches = await collect({});
    expect(LIST_BATCH_BODY_BYTES).toBeLessThanOrEqual(8 * 1024 * KB);
    for (const batch of batches) if (batch.emails.length > 1) expect(batch.bodyBytes).toBeLessThanOrEqual(LIST_BATCH_BODY_BYTES);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flatMap((batch) => batch.emails.map((email) => email.id))).toEqual(newestFirst.map((row) => row.id));
  });
});
