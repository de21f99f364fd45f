import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId, newTimeId } from "@svc/db";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;
let a: WorkspaceFixture;
let b: WorkspaceFixture;

const EMAIL_FIELDS = [
  "apiKeyId",
  "attachments",
  "bcc",
  "bodyRemovedAt",
  "cc",
  "createdAt",
  "errorMessage",
  "failedAt",
  "from",
  "headers",
  "html",
  "id",
  "organizationId",
  "provider",
  "providerMessageId",
  "replyTo",
  "scheduledAt",
  "sentAt",
  "status",
  "subject",
  "tags",
  "text",
  "to",
];

/**
 * Inserts `count` emails in one statement, from a day ago on. Timestamps repeat in groups of three
 * so that the (createdAt, id) tie-break of the ordering and the cursor is exercised. Each id
 * carries its email's time, as the API's ids do: the listing bounds ids by the cursor's time, and
 * a random id (which only emails from before partitioning have, all in the DEFAULT partition) could
 * land in a month's partition that its createdAt says nothing of.
 */
async function seedEmails(fx: WorkspaceFixture, count: number): Promise<string[]> {
  const dayAgo = Math.floor(Date.now() / 1000) * 1000 - 86_400_000;
  const createdAts = Array.from({ length: count }, (_, n) => new Date(dayAgo + Math.floor((n + 1) / 3) * 1000));
  const ids = createdAts.map((at) => newTimeId("email", at));
  await handle.pool.query(
    `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, text, "createdAt")
     SELECT ids.id, $3, $4, 'live', 'a@x.test', ARRAY['b@y.test'], 'seeded ' || ids.n, 'body', ids.at
     FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS ids(id, at, n)`,
    [ids, createdAts, fx.workspaceId, fx.keyIds["send-only"]],
  );
  return ids;
}

/** The order the API must answer: newest first, ties broken by id, descending. */
async function expectedOrder(workspaceId: string): Promise<string[]> {
  const rows = await db.email.findMany({
    where: { organizationId: workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  api = await startApi();
  a = await createWorkspaceFixture(handle);
  b = await createWorkspaceFixture(handle);
  await seedEmails(a, 2500);
  await seedEmails(b, 300);
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const get = (path: string, key = a.keys["read-only"]) => request(api.url).get(path).set(bearer(key));

describe("GET /emails", () => {
  it("streams every email of the workspace, newest first, and none of another's", async () => {
    const res = await get("/emails");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["transfer-encoding"]).toBe("chunked"); // written batch by batch, not buffered
    const ids = (res.body as Array<{ id: string }>).map((email) => email.id);
    expect(ids).toHaveLength(2500);
    expect(ids).toEqual(await expectedOrder(a.workspaceId));
    expect((res.body as Array<{ organizationId: string }>).every((email) => email.organizationId === a.workspaceId)).toBe(true);
  });

  it("shows every field of an Email, null where it does not apply yet", async () => {
    const res = await get("/emails?limit=1");
    expect(res.body).toHaveLength(1);
    const email = res.body[0];
    expect(Object.keys(email).sort()).toEqual(EMAIL_FIELDS);
    expect(email).toMatchObject({
      status: "queued",
      provider: null,
      providerMessageId: null,
      errorMessage: null,
      sentAt: null,
      failedAt: null,
      scheduledAt: null,
    });
    expect(email.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("pages with limit and an after cursor, covering the same list exactly once", async () => {
    const all = await expectedOrder(a.workspaceId);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const res = await get(`/emails?limit=700${after ? `&after=${after}` : ""}`);
      expect(res.status).toBe(200);
      const page = (res.body as Array<{ id: string }>).map((email) => email.id);
      seen.push(...page);
      if (page.length < 700) break;
      after = page[page.length - 1];
    }
    expect(seen).toEqual(all);
  });

  it("answers [] for a workspace without email", async () => {
    const empty = await createWorkspaceFixture(handle);
    const res = await get("/emails", empty.keys["full-access"]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("refuses a bad limit or an unknown / foreign cursor with 422", async () => {
    const foreign = (await expectedOrder(b.workspaceId))[0]!;
    for (const query of ["limit=0", "limit=1001", "limit=abc", "limit=1.5", "limit=1&limit=2", "after=email_nope", `after=${foreign}`]) {
      const res = await get(`/emails?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.error).toMatch(/^(limit|after): /);
    }
  });
});

describe("GET /emails/:id", () => {
  it("answers the email with its full event records, oldest first", async () => {
    const [emailId] = await seedEmails(a, 1);
    const events = [
      { type: "delivered" as const, at: "2026-01-01T00:00:02.000Z" },
      { type: "sent" as const, at: "2026-01-01T00:00:01.000Z" },
      { type: "opened" as const, at: "2026-01-01T00:00:03.500Z" },
    ];
    for (const event of events) {
      await db.emailEvent.create({
        data: {
          id: newId("event"),
          emailId: emailId!,
          type: event.type,
          eventTimestamp: new Date(event.at),
          payloadJson: JSON.stringify({ eventType: event.type }),
          dedupeKey: `${emailId}:${event.type}`,
        },
      });
    }
    const res = await get(`/emails/${emailId}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [...EMAIL_FIELDS, "suppressedRecipients", "events", "eventsNextCursor", "waiting", "template", "replies"].sort(),
    );
    expect(res.body).toMatchObject({ template: null, replies: [] });
    expect(res.body.suppressedRecipients).toEqual([]);
    expect(res.body.id).toBe(emailId);
    expect(res.body.events.map((event: { type: string }) => event.type)).toEqual(["sent", "delivered", "opened"]);
    expect(res.body.events[0]).toEqual({
      id: expect.stringMatching(/^evt_/),
      emailId,
      type: "sent",
      eventTimestamp: "2026-01-01T00:00:01.000Z",
      createdAt: expect.stringMatching(/\.\d{3}Z$/),
      payloadJson: '{"eventType":"sent"}',
    });
  });

  it("answers 404 for a missing id, a malformed id and another workspace's email", async () => {
    const foreign = (await expectedOrder(b.workspaceId))[0]!;
    for (const id of [newId("email"), "not-an-id", foreign]) {
      const res = await get(`/emails/${id}`, a.keys["full-access"]);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "Email not found.", code: "not_found" });
    }
    // The owner still sees it.
    expect((await get(`/emails/${foreign}`, b.keys["read-only"])).status).toBe(200);
  });
});
