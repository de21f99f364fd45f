import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, startApi } from "./harness.ts";

/** Webhook subscriptions as code: every answer is also checked against the OpenAPI document (harness). */

const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;

beforeAll(async () => {
  // Receivers in tests listen on loopback.
  api = await startApi({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const as = (key: string) => ({
  get: (path: string) => request(api.url).get(path).set(bearer(key)),
  post: (path: string, body?: object) =>
    body === undefined ? request(api.url).post(path).set(bearer(key)) : request(api.url).post(path).set(bearer(key)).send(body),
  patch: (path: string, body: object) => request(api.url).patch(path).set(bearer(key)).send(body),
  delete: (path: string) => request(api.url).delete(path).set(bearer(key)),
});

describe("webhook subscriptions over REST", () => {
  it("creates (secret shown once), reads, updates, tests and deletes a subscription with a full-access key", async () => {
    const fx = await createWorkspaceFixture(handle);
    const full = as(fx.keys["full-access"]);

    const created = await full.post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["delivered", "bounced"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: "http://127.0.0.1:9/hook",
      events: ["delivered", "bounced"],
      isActive: true,
      maxDeliveriesPerSecond: null,
      workspaceId: fx.workspaceId,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}$/);
    const id = created.body.id as string;

    const read = await full.get(`/webhooks/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty("secret");
    expect((await full.get("/webhooks")).body.map((s: { id: string }) => s.id)).toEqual([id]);

    const updated = await full.patch(`/webhooks/${id}`, { url: "http://127.0.0.1:9/other", events: ["sent"], maxDeliveriesPerSecond: 5 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ url: "http://127.0.0.1:9/other", events: ["sent"], maxDeliveriesPerSecond: 5, isActive: true });

    const tested = await full.post(`/webhooks/${id}/test`);
    expect(tested.status).toBe(202);
    expect(tested.body).toMatchObject({ subscriptionId: id, eventType: "sent", test: true, status: "pending" });
    expect(JSON.parse(tested.body.body)).toMatchObject({ id: tested.body.id, test: true });
    const typed = await full.post(`/webhooks/${id}/test`, { eventType: "bounced" });
    expect(typed.body.eventType).toBe("bounced");

    const deliveries = await full.get(`/webhooks/${id}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.map((d: { id: string }) => d.id).sort()).toEqual([tested.body.id, typed.body.id].sort());
    expect(deliveries.body[0].attempts).toEqual([]);
    const one = await full.get(`/webhooks/${id}/deliveries/${tested.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body.body).toBe(tested.body.body);
    expect((await full.get(`/webhooks/${id}/deliveries?status=pending&limit=1`)).body).toHaveLength(1);

    const disabled = await full.patch(`/webhooks/${id}`, { isActive: false });
    expect(disabled.body.isActive).toBe(false);
    // Disabling fails the pending deliveries; a test event needs an active subscription.
    expect(await db.webhookDelivery.count({ where: { subscriptionId: id, status: "pending" } })).toBe(0);
    expect((await full.post(`/webhooks/${id}/test`)).status).toBe(409);
    expect((await full.patch(`/webhooks/${id}`, { isActive: true })).body.isActive).toBe(true);

    const deleted = await full.delete(`/webhooks/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id, deleted: true });
    expect((await full.get(`/webhooks/${id}`)).status).toBe(404);
    expect(await db.webhookDelivery.count({ where: { subscriptionId: id } })).toBe(0);
  });

  it("read-only and send-only keys get 403 on every write, changing nothing; send-only cannot read either", async () => {
    const fx = await createWorkspaceFixture(handle);
    const id = (await as(fx.keys["full-access"]).post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["sent"] })).body.id as string;
    for (const scope of ["read-only", "send-only"] as const) {
      const key = as(fx.keys[scope]);
      const answers = [
        await key.post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["sent"] }),
        await key.patch(`/webhooks/${id}`, { isActive: false }),
        await key.post(`/webhooks/${id}/test`),
        await key.delete(`/webhooks/${id}`),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe("forbidden");
      }
    }
    expect((await as(fx.keys["send-only"]).get("/webhooks")).status).toBe(403);
    expect(await db.webhookSubscription.findMany({ where: { workspaceId: fx.workspaceId } })).toEqual([
      expect.objectContaining({ id, isActive: true }),
    ]);
    expect(await db.webhookDelivery.count({ where: { subscriptionId: id } })).toBe(0);
  });

  it("another workspace's subscription and deliveries are 404, whatever the operation", async () => {
    const owner = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    const id = (await as(owner.keys["full-access"]).post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["sent"] })).body
      .id as string;
    const delivery = (await as(owner.keys["full-access"]).post(`/webhooks/${id}/test`)).body.id as string;
    const stranger = as(other.keys["full-access"]);
    const answers = [
      await stranger.get(`/webhooks/${id}`),
      await stranger.patch(`/webhooks/${id}`, { isActive: false }),
      await stranger.post(`/webhooks/${id}/test`),
      await stranger.delete(`/webhooks/${id}`),
      await stranger.get(`/webhooks/${id}/deliveries`),
      await stranger.get(`/webhooks/${id}/deliveries/${delivery}`),
    ];
    for (const answer of answers) expect(answer.status).toBe(404);
    expect((await stranger.get("/webhooks")).body).toEqual([]);
    expect(await db.webhookSubscription.findUniqueOrThrow({ where: { id } })).toMatchObject({ isActive: true });
    // A delivery of one subscription is not found under another of the same workspace.
    const second = (await as(owner.keys["full-access"]).post("/webhooks", { url: "http://127.0.0.1:9/b", events: ["sent"] })).body
      .id as string;
    expect((await as(owner.keys["full-access"]).get(`/webhooks/${second}/deliveries/${delivery}`)).status).toBe(404);
  });

  it("read-only keys get 403 on every subscription read too (list, one, deliveries, replays): a URL may carry a token", async () => {
    const fx = await createWorkspaceFixture(handle);
    const full = as(fx.keys["full-access"]);
    const id = (await full.post("/webhooks", { url: "http://127.0.0.1:9/hook?token=s3cret", events: ["sent"] })).body.id as string;
    const delivery = (await full.post(`/webhooks/${id}/test`)).body.id as string;
    const reads = [
      "/webhooks",
      `/webhooks/${id}`,
      `/webhooks/${id}/deliveries`,
      `/webhooks/${id}/deliveries/${delivery}`,
      `/webhooks/${id}/replays`,
      `/webhooks/${id}/replays/wr_none`,
    ];
    for (const path of reads) {
      const answer = await as(fx.keys["read-only"]).get(path);
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 403, code: "forbidden" });
      expect(answer.text).not.toContain("s3cret");
      expect(answer.body.error).toContain("webhooks:manage");
    }
    expect((await full.get(`/webhooks/${id}`)).body.url).toBe("http://127.0.0.1:9/hook?token=s3cret");
  });

  it("replays over REST: failed deliveries since T keep their id, with progress; writes need full-access; another workspace's is 404", async () => {
    const fx = await createWorkspaceFixture(handle);
    const full = as(fx.keys["full-access"]);
    const id = (await full.post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["sent"] })).body.id as string;
    const test = (await full.post(`/webhooks/${id}/test`)).body.id as string;
    await db.webhookDelivery.update({ where: { id: test }, data: { status: "failed", completedAt: new Date(), nextAttemptAt: null } });

    const since = new Date(Date.now() - 60_000).toISOString();
    const replay = await full.post(`/webhooks/${id}/replays`, { kind: "failed_since", since, perSecond: 2 });
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({
      id: expect.stringMatching(/^wr_/),
      kind: "failed_since",
      rearmed: 1,
      copied: 0,
      perSecond: 2,
      progress: { pending: 1, succeeded: 0, failed: 0 },
    });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: test } })).toMatchObject({
      status: "pending",
      firstAttemptAt: null,
      replayId: replay.body.id,
    });
    expect((await full.get(`/webhooks/${id}/replays/${replay.body.id}`)).body.progress).toEqual({ pending: 1, succeeded: 0, failed: 0 });
    expect((await full.get(`/webhooks/${id}/replays`)).body).toHaveLength(1);

    // The server's default pace when none is given.
    expect((await full.post(`/webhooks/${id}/replays`, { kind: "delivery", deliveryId: "wd_nothing" })).status).toBe(404);
    for (const body of [
      {},
      { kind: "other" },
      { kind: "range", since },
      { kind: "failed_since", since: "yesterday" },
      { kind: "failed_since", since, perSecond: 0 },
      { kind: "email", emailId: "x", extra: 1 },
    ]) {
      const res = await full.post(`/webhooks/${id}/replays`, body);
      expect(res.status).toBe(422);
    }
    expect((await as(fx.keys["read-only"]).post(`/webhooks/${id}/replays`, { kind: "failed_since", since })).status).toBe(403);
    const other = await createWorkspaceFixture(handle);
    expect((await as(other.keys["full-access"]).post(`/webhooks/${id}/replays`, { kind: "failed_since", since })).status).toBe(404);
    expect((await as(other.keys["full-access"]).get(`/webhooks/${id}/replays/${replay.body.id}`)).status).toBe(404);
    expect(await db.webhookReplay.count({ where: { subscriptionId: id } })).toBe(1);
  });

  it("one replay of a subscription at a time: a second while the first paces its deliveries in is 409, others are not held", async () => {
    const fx = await createWorkspaceFixture(handle);
    const full = as(fx.keys["full-access"]);
    const failedDeliveriesOf = async (subscriptionId: string, count: number) => {
      for (let n = 0; n < count; n++) {
        const id = (await full.post(`/webhooks/${subscriptionId}/test`)).body.id as string;
        await db.webhookDelivery.update({ where: { id }, data: { status: "failed", completedAt: new Date(), nextAttemptAt: null } });
      }
    };
    const id = (await full.post("/webhooks", { url: "http://127.0.0.1:9/a", events: ["sent"] })).body.id as string;
    const other = (await full.post("/webhooks", { url: "http://127.0.0.1:9/b", events: ["sent"] })).body.id as string;
    await failedDeliveriesOf(id, 3);
    await failedDeliveriesOf(other, 1);
    const since = new Date(Date.now() - 60_000).toISOString();

    // Three deliveries at one a second: the last is due two seconds from now.
    const first = await full.post(`/webhooks/${id}/replays`, { kind: "failed_since", since, perSecond: 1 });
    expect(first.status).toBe(202);
    const second = await full.post(`/webhooks/${id}/replays`, { kind: "failed_since", since });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("replay_in_progress");
    expect(second.body.error).toContain(first.body.pacedUntil);
    expect(Number(second.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(await db.webhookReplay.count({ where: { subscriptionId: id } })).toBe(1);
    // Another subscription of the same workspace replays meanwhile.
    expect((await full.post(`/webhooks/${other}/replays`, { kind: "failed_since", since })).status).toBe(202);

    // Once its last delivery is due, the subscription may replay again.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(first.body.pacedUntil) - Date.now() + 50));
    expect((await full.post(`/webhooks/${id}/replays`, { kind: "delivery", deliveryId: "wd_nothing" })).status).toBe(404);
    await db.webhookDelivery.updateMany({
      where: { subscriptionId: id },
      data: { status: "failed", completedAt: new Date(), nextAttemptAt: null },
    });
    expect((await full.post(`/webhooks/${id}/replays`, { kind: "failed_since", since, perSecond: 100 })).status).toBe(202);
  });

  it("a workspace replays at most its daily quota of deliveries (429 with Retry-After until the UTC day ends); another workspace's is its own", async () => {
    const limited = await startApi({ WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_REPLAYED_DELIVERIES_PER_DAY: "3" });
    try {
      const replayer = async () => {
        const fx = await createWorkspaceFixture(handle);
        const key = fx.keys["full-access"];
        const call = (method: "post", path: string, body?: object) => request(limited.url)[method](path).set(bearer(key)).send(body);
        const subscriptionId = (await call("post", "/webhooks", { url: "http://127.0.0.1:9/q", events: ["sent"] })).body.id as string;
        for (let n = 0; n < 2; n++) {
          const id = (await call("post", `/webhooks/${subscriptionId}/test`)).body.id as string;
          await db.webhookDelivery.update({ where: { id }, data: { status: "failed", completedAt: new Date(), nextAttemptAt: null } });
        }
        const since = new Date(Date.now() - 60_000).toISOString();
        const replay = () => call("post", `/webhooks/${subscriptionId}/replays`, { kind: "failed_since", since, perSecond: 100 });
        return {
          subscriptionId,
          replay,
          reset: () => db.webhookDelivery.updateMany({ where: { subscriptionId }, data: { status: "failed" } }),
        };
      };
      const a = await replayer();
      const b = await replayer();
      expect((await a.replay()).status).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await a.reset();
      // Two more would make four: over the three a day.
      const refused = await a.replay();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("replay_quota_exceeded");
      expect(refused.body.error).toContain("has 1 left today");
      const now = new Date();
      const untilTomorrow = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
      expect(Math.abs(Number(refused.headers["retry-after"]) - untilTomorrow)).toBeLessThanOrEqual(5);
      expect(await db.webhookReplay.count({ where: { subscriptionId: a.subscriptionId } })).toBe(1);
      expect(await db.webhookDelivery.count({ where: { subscriptionId: a.subscriptionId, status: "pending" } })).toBe(0);
      // The other workspace's day is untouched.
      expect((await b.replay()).status).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it("asking for replays is limited per workspace before any work (429 replay_rate_limited with Retry-After); another workspace is not counted", async () => {
    const limited = await startApi({ WEBHOOK_ALLOW_PRIVATE_URLS: "true", API_REPLAYS_PER_MINUTE: "2" });
    try {
      const asker = async () => {
        const fx = await createWorkspaceFixture(handle);
        const call = (path: string, body?: object) => request(limited.url).post(path).set(bearer(fx.keys["full-access"])).send(body);
        const subscriptionId = (await call("/webhooks", { url: "http://127.0.0.1:9/r", events: ["sent"] })).body.id as string;
        const id = (await call(`/webhooks/${subscriptionId}/test`)).body.id as string;
        await db.webhookDelivery.update({ where: { id }, data: { status: "failed", completedAt: new Date(), nextAttemptAt: null } });
        const since = new Date(Date.now() - 60_000).toISOString();
        return { subscriptionId, replay: () => call(`/webhooks/${subscriptionId}/replays`, { kind: "failed_since", since, perSecond: 1 }) };
      };
      const a = await asker();
      const b = await asker();
      expect((await a.replay()).status).toBe(202);
      expect((await a.replay()).status).not.toBe(429);
      const replays = await db.webhookReplay.count({ where: { subscriptionId: a.subscriptionId } });
      const refused = await a.replay();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("replay_rate_limited");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(await db.webhookReplay.count({ where: { subscriptionId: a.subscriptionId } })).toBe(replays);
      expect((await b.replay()).status).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it.each([
    [{}, "url"],
    [{ url: "http://127.0.0.1:9/hook" }, "events"],
    [{ url: "http://127.0.0.1:9/hook", events: [] }, "events"],
    [{ url: "http://127.0.0.1:9/hook", events: ["nope"] }, "events"],
    [{ url: "not a url", events: ["sent"] }, "URL"],
    [{ url: "http://127.0.0.1:9/hook", events: ["sent"], maxDeliveriesPerSecond: 0 }, "maxDeliveriesPerSecond"],
    [{ url: "http://127.0.0.1:9/hook", events: ["sent"], maxDeliveriesPerSecond: 1.5 }, "maxDeliveriesPerSecond"],
    [{ url: "http://127.0.0.1:9/hook", events: ["sent"], secret: "mine" }, "unknown field(s): secret"],
  ])("refuses the create body %j with 422, creating nothing", async (body, message) => {
    const fx = await createWorkspaceFixture(handle);
    const res = await as(fx.keys["full-access"]).post("/webhooks", body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.error).toContain(message);
    expect(await db.webhookSubscription.count({ where: { workspaceId: fx.workspaceId } })).toBe(0);
  });

  it("refuses an empty or unknown update, and bad delivery queries, with 422", async () => {
    const fx = await createWorkspaceFixture(handle);
    const full = as(fx.keys["full-access"]);
    const id = (await full.post("/webhooks", { url: "http://127.0.0.1:9/hook", events: ["sent"] })).body.id as string;
    for (const body of [{}, { isActive: "yes" }, { events: ["sent"], other: 1 }, { url: "ftp://example.com/x" }]) {
      const res = await full.patch(`/webhooks/${id}`, body);
      expect(res.status).toBe(422);
    }
    expect((await full.get(`/webhooks/${id}/deliveries?limit=0`)).status).toBe(422);
    expect((await full.get(`/webhooks/${id}/deliveries?status=odd`)).status).toBe(422);
    expect((await full.get(`/webhooks/${id}/deliveries?page=2`)).status).toBe(422);
    expect((await full.post(`/webhooks/${id}/test`, { eventType: "nope" })).status).toBe(422);
    expect(await db.webhookSubscription.findUniqueOrThrow({ where: { id } })).toMatchObject({
      url: "http://127.0.0.1:9/hook",
      events: ["sent"],
      isActive: true,
    });
  });
});
