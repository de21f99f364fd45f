import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@svc/db";
import request from "supertest";
import { Svc } from "../../../packages/sdk/src/index.ts";
import { createWorkspaceFixture, insertEmail, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

/** An email's events are read a page at a time: GET /emails/{id} carries the first, /events the rest. */
const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;
let fx: WorkspaceFixture;
let emailId: string;
/** The 250 events of `emailId`, oldest first; some share a timestamp, so the order's tie-breaks are exercised. */
let expected: string[] = [];

beforeAll(async () => {
  [api, fx] = await Promise.all([startApi(), createWorkspaceFixture(handle)]);
  emailId = await insertEmail(handle, fx);
  const base = Date.parse("2026-11-01T00:00:00.000Z");
  const events = Array.from({ length: 250 }, (_, i) => ({
    id: newId("event"),
    emailId,
    type: i === 0 ? ("sent" as const) : ("opened" as const),
    eventTimestamp: new Date(base + Math.floor(i / 3) * 1000),
    createdAt: new Date(base + i),
    payloadJson: JSON.stringify({ n: i }),
    dedupeKey: `paging-${emailId}-${i}`,
  }));
  await db.emailEvent.createMany({ data: events });
  expected = events.map((event) => event.id);
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const get = (path: string, key = fx.keys["read-only"]) => request(api.url).get(path).set(bearer(key));

describe("events of an email, paginated", () => {
  it("GET /emails/{id} carries the first 100 and the cursor of the rest; /events pages through them all, oldest first", async () => {
    const email = await get(`/emails/${emailId}`).expect(200);
    expect(email.body.events.map((event: { id: string }) => event.id)).toEqual(expected.slice(0, 100));
    expect(email.body.eventsNextCursor).toBe(expected[99]);

    const second = await get(`/emails/${emailId}/events?after=${email.body.eventsNextCursor}`).expect(200);
    expect(second.body.events.map((event: { id: string }) => event.id)).toEqual(expected.slice(100, 200));
    expect(second.body.nextCursor).toBe(expected[199]);
    const last = await get(`/emails/${emailId}/events?after=${second.body.nextCursor}`).expect(200);
    expect(last.body.events.map((event: { id: string }) => event.id)).toEqual(expected.slice(200));
    expect(last.body.nextCursor).toBeNull();

    const small = await get(`/emails/${emailId}/events?limit=7`).expect(200);
    expect(small.body.events).toHaveLength(7);
    expect(small.body.nextCursor).toBe(expected[6]);
  });

  it("an email with few events carries them all and no cursor", async () => {
    const quiet = await insertEmail(handle, fx);
    const email = await get(`/emails/${quiet}`).expect(200);
    expect(email.body).toMatchObject({ events: [], eventsNextCursor: null });
    expect((await get(`/emails/${quiet}/events`).expect(200)).body).toEqual({ events: [], nextCursor: null });
  });

  it("refuses a bad cursor or limit (422) and answers another workspace's email as missing (404)", async () => {
    expect((await get(`/emails/${emailId}/events?after=evt_doesNotExist1`).expect(422)).body.code).toBe("validation_failed");
    expect((await get(`/emails/${emailId}/events?after=not-an-id`).expect(422)).body.error).toContain("after");
    expect((await get(`/emails/${emailId}/events?limit=1001`).expect(422)).body.error).toContain("limit");
    expect((await get(`/emails/${emailId}/events?page=2`).expect(422)).body.error).toContain("unknown query parameter");
    const other = await createWorkspaceFixture(handle);
    expect((await get(`/emails/${emailId}/events`, other.keys["read-only"]).expect(404)).body).toEqual({
      error: "Email not found.",
      code: "not_found",
    });
    // Another email's event is no cursor for this one.
    const quiet = await insertEmail(handle, fx);
    expect((await get(`/emails/${quiet}/events?after=${expected[0]}`).expect(422)).body.code).toBe("validation_failed");
  });

  it("the SDK reads every event a page at a time", async () => {
    const svc = new Svc({ apiKey: fx.keys["read-only"], baseUrl: api.url });
    const ids: string[] = [];
    for await (const event of svc.emails.events(emailId, { pageSize: 90 })) ids.push(event.id);
    expect(ids).toEqual(expected);
    const page = await svc.emails.eventsPage(emailId, { limit: 5 });
    expect(page.nextCursor).toBe(expected[4]);
  });
});
