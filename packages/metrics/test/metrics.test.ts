import { afterAll, describe, expect, it } from "@jest/globals";
import { observeHttp, registry, watchQueueDepth } from "@svc/metrics";
import { watchRenderPool } from "@svc/metrics/sender";
import { closeConnections, createProducerConnection, Producer, queueLayout } from "@svc/queues";
import express from "express";
import request from "supertest";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";
import { parseMetrics, samples, total } from "../../../test/support/prometheus.ts";

async function scrape() {
  return parseMetrics(await registry.metrics());
}

describe("observeHttp", () => {
  const app = express();
  app.use(observeHttp({ token: "s3cret" }));
  const router = express.Router();
  router.get("/", (_req, res) => res.json([]));
  router.get("/:id", (req, res) => res.status(req.params.id === "missing" ? 404 : 200).json({}));
  app.use("/things", router);

  it("labels requests by route template, never by concrete path; unknown paths are `unmatched`", async () => {
    await request(app).get("/things/thing_123").expect(200);
    await request(app).get("/things/missing").expect(404);
    await request(app).get("/things").expect(200);
    await request(app).get("/no/such/path/abc").expect(404);
    const families = await scrape();
    expect(total(families, "svc_http_request_duration_seconds", { route: "/things/:id", status: "200", method: "GET" })).toBe(1);
    expect(total(families, "svc_http_request_duration_seconds", { route: "/things/:id", status: "404" })).toBe(1);
    expect(total(families, "svc_http_request_duration_seconds", { route: "/things", status: "200" })).toBe(1);
    expect(total(families, "svc_http_request_duration_seconds", { route: "unmatched", status: "404" })).toBe(1);
    expect(samples(families, "svc_http_request_duration_seconds").some((sample) => /thing_123|abc/.test(sample.labels.route ?? ""))).toBe(
      false,
    );
    expect(total(families, "svc_http_requests_in_flight")).toBe(0);
  });

  it("serves /metrics only with the bearer token", async () => {
    expect((await request(app).get("/metrics")).status).toBe(401);
    expect((await request(app).get("/metrics").set("authorization", "Bearer s3cre")).status).toBe(401);
    expect((await request(app).get("/metrics").set("authorization", "Basic s3cret")).status).toBe(401);
    const ok = await request(app).get("/metrics").set("authorization", "Bearer s3cret");
    expect(ok.status).toBe(200);
    expect(parseMetrics(ok.text).has("svc_http_request_duration_seconds")).toBe(true);
  });
});

describe("watchQueueDepth", () => {
  const redis = createProducerConnection(TEST_REDIS_URL);
  const producer = new Producer("sendEmail", redis, uniquePrefix("metrics"));
  afterAll(async () => {
    await producer.queue.obliterate({ force: true });
    await producer.close();
    await closeConnections(redis);
  });

  it("reports waiting and delayed jobs and how long the oldest has waited since it was due", async () => {
    const stop = watchQueueDepth(producer.queues, redis);
    try {
      const now = Date.now();
      await producer.enqueue("email_old", { emailId: "email_old" }, { timestamp: now - 120_000 });
      await producer.enqueue("email_new", { emailId: "email_new" });
      await producer.enqueue("email_later", { emailId: "email_later" }, { delay: 60_000 });
      // A prioritized job (as the send queue's fairness makes them) waits in a sorted set.
      await producer.enqueue("email_first", { emailId: "email_first" }, { priority: 1, timestamp: now - 300_000 });
      const families = await scrape();
      expect(total(families, "svc_queue_jobs", { queue: "send-email", state: "waiting" })).toBe(2);
      expect(total(families, "svc_queue_jobs", { queue: "send-email", state: "prioritized" })).toBe(1);
      expect(total(families, "svc_queue_jobs", { queue: "send-email", state: "delayed" })).toBe(1);
      const age = total(families, "svc_queue_oldest_waiting_age_seconds", { queue: "send-email" });
      expect(age).toBeGreaterThanOrEqual(300);
      expect(age).toBeLessThan(600);
    } finally {
      stop();
    }
    expect(samples(await scrape(), "svc_queue_jobs", { queue: "send-email" })).toHaveLength(0);
  });

  it("reports a sharded queue as one: the sum of its shards' jobs, the oldest of their ages", async () => {
    const sharded = new Producer("sendEmail", redis, queueLayout({ QUEUE_PREFIX: uniquePrefix("metrics-shards"), QUEUE_SHARDS: 4 }));
    const stop = watchQueueDepth(sharded.queues, redis);
    try {
      const now = Date.now();
      const ids = Array.from({ length: 20 }, (_, i) => `email_shard${i}`);
      // Added oldest first, so the head of every shard's line is its oldest; the first is 20 s old.
      await sharded.enqueueMany(
        ids.map((id, i) => ({ jobId: id, payload: { emailId: id }, options: { timestamp: now - (20 - i) * 1000 } })),
      );
      // The jobs are spread: more than one shard holds some.
      const perShard = await Promise.all(sharded.queues.map((queue) => queue.getJobCountByTypes("wait")));
      expect(perShard.filter((count) => count > 0).length).toBeGreaterThan(1);
      const families = await scrape();
      expect(total(families, "svc_queue_jobs", { queue: "send-email", state: "waiting" })).toBe(20);
      expect(samples(families, "svc_queue_jobs", { queue: "send-email", state: "waiting" })).toHaveLength(1);
      const age = total(families, "svc_queue_oldest_waiting_age_seconds", { queue: "send-email" });
      expect(age).toBeGreaterThanOrEqual(19);
    } finally {
      stop();
      await Promise.all(sharded.queues.map((queue) => queue.obliterate({ force: true })));
      await sharded.close();
    }
  });
});

describe("watchRenderPool", () => {
  it("reports where a render pool's renders ran, and stops when unwatched", async () => {
    const counts = { inline: 7, abandoned: 2, pooled: 3 };
    const stop = watchRenderPool({ counts: () => counts });
    try {
      let families = await scrape();
      expect(total(families, "svc_template_renders_total", { where: "inline" })).toBe(7);
      expect(total(families, "svc_template_renders_total", { where: "abandoned" })).toBe(2);
      counts.pooled = 5;
      families = await scrape();
      expect(total(families, "svc_template_renders_total", { where: "pooled" })).toBe(5);
    } finally {
      stop();
    }
    expect(total(await scrape(), "svc_template_renders_total", { where: "inline" })).toBe(0);
  });
});
