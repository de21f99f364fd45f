import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type EmailStatus, newTimeId } from "@svc/db";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

const handle = openTestDb();
let api: ApiInstance;
let a: WorkspaceFixture;
let b: WorkspaceFixture;

interface Seed {
  id: string;
  to: string[];
  status: EmailStatus;
  createdAt: Date;
}

/** A day of a workspace's mail, one email per minute, with a few statuses and recipients. */
const BASE = new Date("2026-03-01T00:00:00.000Z");
const STATUSES: EmailStatus[] = ["delivered", "delivered", "bounced", "sent", "failed", "delivered", "complained"];
let seeded: Seed[] = [];

async function seed(fx: WorkspaceFixture, rows: Seed[]): Promise<void> {
  await handle.pool.query(
    `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, text, status, "createdAt")
     SELECT s.id, $1, $2, 'live', 'a@x.test', string_to_array(s.recipients, ','), 'filtered', 'body', s.status::"EmailStatus", s.created_at
       FROM unnest($3::text[], $4::text[], $5::text[], $6::timestamptz[]) AS s(id, recipients, status, created_at)`,
    [
      fx.workspaceId,
      fx.keyIds["send-only"],
      rows.map((r) => r.id),
      rows.map((r) => r.to.join(",")),
      rows.map((r) => r.status),
      rows.map((r) => r.createdAt),
    ],
  );
}

/** The ids the API must answer for `keep`: newest first, ties by id. */
function expected(keep: (seed: Seed) => boolean): string[] {
  return seeded
    .filter(keep)
    .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0))
    .map((s) => s.id);
}

const get = (path: string, key = a.keys["read-only"]) => request(api.url).get(path).set(bearer(key));
const idsOf = (body: unknown) => (body as Array<{ id: string }>).map((email) => email.id);

beforeAll(async () => {
  api = await startApi();
  a = await createWorkspaceFixture(handle);
  b = await createWorkspaceFixture(handle);
  seeded = Array.from({ length: 420 }, (_, i) => {
    // Two emails per minute share a timestamp: the id breaks the tie, in the order and the cursor.
    const createdAt = new Date(BASE.getTime() + Math.floor(i / 2) * 60_000);
    return {
      // With its time, as the API's ids: the listing bounds ids by the cursor's time.
      id: newTimeId("email", createdAt),
      // Every fifth email also goes to Carol, written in another case; every seventh to Dave only.
      to: i % 7 === 0 ? ["dave@example.org"] : i % 5 === 0 ? ["bob@example.org", "Carol@Example.ORG"] : ["bob@example.org"],
      status: STATUSES[i % STATUSES.length]!,
      createdAt,
    };
  });
  await seed(a, seeded);
  // Another workspace with the same recipients and statuses: never in a's answers.
  await seed(
    b,
    seeded.slice(0, 50).map((s) => ({ ...s, id: newTimeId("email", s.createdAt) })),
  );
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

describe("GET /emails filters", () => {
  it("status: only emails in that status", async () => {
    const res = await get("/emails?status=bounced");
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual(expected((s) => s.status === "bounced"));
    expect((res.body as Array<{ status: string }>).every((email) => email.status === "bounced")).toBe(true);
  });

  it("to: any recipient of the email, whole address, case-insensitive", async () => {
    const carol = await get("/emails?to=carol@example.org");
    expect(carol.status).toBe(200);
    const carols = expected((s) => s.to.some((address) => address.toLowerCase() === "carol@example.org"));
    expect(carols.length).toBeGreaterThan(0);
    expect(idsOf(carol.body)).toEqual(carols);
    // The second recipient of a two-recipient email matches as the first does; the case of the query does not matter.
    expect(idsOf((await get("/emails?to=CAROL%40example.org")).body)).toEqual(carols);
    expect(idsOf((await get("/emails?to=bob@example.org")).body)).toEqual(expected((s) => s.to.includes("bob@example.org")));
    // cc and bcc recipients count as recipients.
    const copied = newTimeId("email", BASE);
    const blind = newTimeId("email", BASE);
    await handle.pool.query(
      `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", cc, bcc, subject, text, status, "createdAt")
       VALUES ($1, $3, $4, 'live', 'a@x.test', '{someone@example.org}', '{Erin@Example.org}', '{}', 'copied', 'body', 'sent', $5),
              ($2, $3, $4, 'live', 'a@x.test', '{someone@example.org}', '{}', '{erin@example.org}', 'copied', 'body', 'sent', $5)`,
      [copied, blind, b.workspaceId, b.keyIds["send-only"], BASE],
    );
    expect(new Set(idsOf((await get("/emails?to=erin@example.org", b.keys["read-only"])).body))).toEqual(new Set([copied, blind]));
    // A part of an address is not an address.
    expect((await get("/emails?to=carol")).status).toBe(422);
    expect(await get("/emails?to=nobody@example.org").then((r) => r.body)).toEqual([]);
  });

  it("createdAfter / createdBefore: strictly after and strictly before", async () => {
    const after = new Date(BASE.getTime() + 30 * 60_000);
    const before = new Date(BASE.getTime() + 90 * 60_000);
    const res = await get(`/emails?createdAfter=${after.toISOString()}&createdBefore=${before.toISOString()}`);
    expect(res.status).toBe(200);
    const want = expected((s) => s.createdAt > after && s.createdAt < before);
    expect(want).toHaveLength((90 - 30 - 1) * 2);
    expect(idsOf(res.body)).toEqual(want);
    // An offset other than Z names the same instant; a date alone is midnight UTC.
    const shifted = "2026-03-01T01:30:00+01:00"; // = after
    expect(idsOf((await get(`/emails?createdAfter=${encodeURIComponent(shifted)}&createdBefore=${before.toISOString()}`)).body)).toEqual(
      want,
    );
    expect(idsOf((await get("/emails?createdBefore=2026-03-01")).body)).toEqual([]);
    expect(idsOf((await get("/emails?createdAfter=2026-03-01")).body)).toEqual(expected((s) => s.createdAt > BASE));
  });

  it("tag: only emails carrying that exact name and value", async () => {
    expect((await get("/emails?tag=category:welcome")).body).toEqual([]);
    const [first, second, third] = seeded.slice(0, 3).map((s) => s.id);
    await handle.pool.query(`UPDATE emails SET tags = $2::jsonb WHERE id = $1`, [
      first,
      JSON.stringify([
        { name: "category", value: "welcome" },
        { name: "tenant", value: "t1" },
      ]),
    ]);
    await handle.pool.query(`UPDATE emails SET tags = $2::jsonb WHERE id = $1`, [
      second,
      JSON.stringify([{ name: "category", value: "welcome-back" }]),
    ]);
    await handle.pool.query(`UPDATE emails SET tags = $2::jsonb WHERE id = $1`, [
      third,
      JSON.stringify([{ name: "welcome", value: "category" }]),
    ]);
    const res = await get("/emails?tag=category:welcome");
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([first]);
    expect(idsOf((await get(`/emails?tag=tenant:t1&status=${seeded[0]!.status}`)).body)).toEqual([first]);
    await handle.pool.query(`UPDATE emails SET tags = '[]'::jsonb WHERE id = ANY ($1::text[])`, [[first, second, third]]);
  });

  it("combined: every filter must hold", async () => {
    const after = new Date(BASE.getTime() + 10 * 60_000);
    const res = await get(`/emails?status=delivered&to=bob@example.org&createdAfter=${after.toISOString()}`);
    expect(res.status).toBe(200);
    const want = expected((s) => s.status === "delivered" && s.to.includes("bob@example.org") && s.createdAt > after);
    expect(want.length).toBeGreaterThan(10);
    expect(idsOf(res.body)).toEqual(want);
  });

  it("pages through a filtered list with limit and after, each email exactly once", async () => {
    const want = expected((s) => s.status === "delivered");
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 100; page++) {
      const res = await get(`/emails?status=delivered&limit=7${after ? `&after=${after}` : ""}`);
      expect(res.status).toBe(200);
      const ids = idsOf(res.body);
      seen.push(...ids);
      if (ids.length < 7) break;
      after = ids[ids.length - 1];
    }
    expect(seen).toEqual(want);
  });

  it("never answers another workspace's emails", async () => {
    const res = await get("/emails?to=dave@example.org", b.keys["read-only"]);
    expect(res.status).toBe(200);
    expect((res.body as Array<{ organizationId: string }>).every((email) => email.organizationId === b.workspaceId)).toBe(true);
    expect(idsOf(res.body)).toHaveLength(seeded.slice(0, 50).filter((s) => s.to.includes("dave@example.org")).length);
  });

  it("answers 422 naming the parameter for every bad value, and changes nothing", async () => {
    const cases: Array<[string, RegExp]> = [
      ["status=lost", /^status: must be one of .*\bqueued\b/],
      ["status=bounced&status=failed", /^status: must be given once/],
      ["to=not-an-address", /^to: /],
      ["to=", /^to: /],
      ["to=a@b.c%0d%0abcc:x@y.z", /^to: /],
      ["tag=category", /^tag: must be name:value/],
      ["tag=:welcome", /^tag: /],
      ["tag=category:", /^tag: /],
      ["tag=cat%20egory:welcome", /^tag: /],
      [`tag=${"x".repeat(257)}:v`, /^tag: /],
      ["createdAfter=yesterday", /^createdAfter: /],
      ["createdAfter=2026-13-01T00:00:00Z", /^createdAfter: /],
      ["createdAfter=2026-03-01T00:00:00", /^createdAfter: /],
      ["createdBefore=1700000000", /^createdBefore: /],
      ["createdAfter=2026-03-02&createdBefore=2026-03-01", /^createdBefore: must be later than createdAfter/],
      ["limit=0&status=sent", /^limit: /],
      ["sort=asc", /^unknown query parameter\(s\): sort/],
    ];
    const before = await handle.pool.query(`SELECT count(*)::int AS n FROM emails WHERE "organizationId" = $1`, [a.workspaceId]);
    for (const [query, message] of cases) {
      const res = await get(`/emails?${query}`);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 422, code: "validation_failed" });
      expect(res.body.error).toMatch(message);
    }
    const after = await handle.pool.query(`SELECT count(*)::int AS n FROM emails WHERE "organizationId" = $1`, [a.workspaceId]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
