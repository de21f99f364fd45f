import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@svc/db";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

/** GET /suppressions/topics and DELETE /suppressions/topics/{topic}/{address}: one workspace's entries only. */
const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const entry = (fx: WorkspaceFixture, topic: string, address: string) =>
  db.topicSuppression.create({ data: { id: newId("topicSuppression"), workspaceId: fx.workspaceId, topic, address } });

describe("topic suppressions over REST", () => {
  it("lists the key's workspace's entries in (topic, address) order, filtered and paged", async () => {
    const fx = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    await entry(fx, "newsletter", "b@example.com");
    await entry(fx, "newsletter", "a@example.com");
    await entry(fx, "billing", "a@example.com");
    await entry(other, "newsletter", "theirs@example.com");
    const list = (query: string) => request(api.url).get(`/suppressions/topics${query}`).set(bearer(fx.keys["read-only"]));
    const all = await list("");
    expect(all.status).toBe(200);
    expect(all.body.map((e: { topic: string; address: string }) => `${e.topic}:${e.address}`)).toEqual([
      "billing:a@example.com",
      "newsletter:a@example.com",
      "newsletter:b@example.com",
    ]);
    expect(all.body[0].id).toMatch(/^tsup_/);
    expect((await list("?topic=newsletter&address=B@")).body.map((e: { address: string }) => e.address)).toEqual(["b@example.com"]);
    const page = await list("?limit=1&afterTopic=newsletter&afterAddress=a%40example.com");
    expect(page.body.map((e: { address: string }) => e.address)).toEqual(["b@example.com"]);
  });

  it("refuses bad queries with 422 and a send-only key with 403", async () => {
    const fx = await createWorkspaceFixture(handle);
    for (const query of ["?topic=bad%20topic", "?limit=0", "?afterTopic=news", "?other=1", "?topic=a&topic=b"]) {
      const response = await request(api.url).get(`/suppressions/topics${query}`).set(bearer(fx.keys["read-only"]));
      expect({ query, status: response.status, code: response.body.code }).toEqual({ query, status: 422, code: "validation_failed" });
    }
    expect((await request(api.url).get("/suppressions/topics").set(bearer(fx.keys["send-only"]))).status).toBe(403);
  });

  it("removes an entry of the key's workspace; another workspace's entry is a 404 and stays", async () => {
    const fx = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    await entry(fx, "newsletter", "reader@example.com");
    await entry(other, "newsletter", "theirs@example.com");
    const remove = (key: string, topic: string, address: string) =>
      request(api.url)
        .delete(`/suppressions/topics/${topic}/${encodeURIComponent(address)}`)
        .set(bearer(key));
    const theirs = await remove(fx.keys["full-access"], "newsletter", "theirs@example.com");
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: "Topic suppression not found.", code: "not_found" });
    expect(await db.topicSuppression.count({ where: { workspaceId: other.workspaceId } })).toBe(1);
    expect((await remove(fx.keys["read-only"], "newsletter", "reader@example.com")).status).toBe(403);
    expect((await remove(fx.keys["full-access"], "bad topic", "reader@example.com")).status).toBe(404);
    const removed = await remove(fx.keys["full-access"], "newsletter", "Reader@Example.com");
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ topic: "newsletter", address: "reader@example.com" });
    expect(await db.topicSuppression.count({ where: { workspaceId: fx.workspaceId } })).toBe(0);
    expect((await remove(fx.keys["full-access"], "newsletter", "reader@example.com")).status).toBe(404);
  });
});
