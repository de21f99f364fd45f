import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { createWebhookSubscription, SecretBox } from "@svc/core";
import { z } from "zod";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { type Family, parseMetrics, samples, total } from "../support/prometheus.ts";
import { type AppName, type Stack, startStack } from "../support/stack.ts";

/**
 * Every app its own process, one email through the whole pipeline, then every app's /metrics
 * scraped (behind a bearer token) and read as Prometheus text: the counters that say the email
 * went through moved, with the labels a dashboard selects on.
 */
const TOKEN = "metrics-token-for-the-test";
const APPS: AppName[] = ["ingest", "api", "sender", "dispatcher", "dashboard"];

const handle = openTestDb();
let stack: Stack;
let fx: WorkspaceFixture;
let receiver: Server;
let hooksReceived = 0;
const scraped = new Map<AppName, Map<string, Family>>();

async function scrape(app: AppName): Promise<Map<string, Family>> {
  const response = await fetch(`${stack.apps[app]!.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      hooksReceived += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as { port: number }).port;

  // The simulator's recovery would re-report events of emails earlier runs left in the shared test
  // database, and the scheduler would send other files' scheduled emails falling due meanwhile:
  // neither here (the scheduler polls once, at start), so the counters count this test's email alone.
  stack = await startStack({
    apps: APPS,
    env: { METRICS_TOKEN: TOKEN, SIMULATOR_RECOVERY_GRACE_MS: String(10 * 365 * 24 * 3_600_000), SCHEDULE_POLL_INTERVAL_MS: "60000" },
  });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
  const box = new SecretBox(loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY);
  await createWebhookSubscription(
    handle.prisma,
    box,
    { workspaceId: fx.workspaceId, url: `http://127.0.0.1:${port}/hooks`, events: ["sent", "delivered"] },
    { allowPrivate: true },
  );

  const sent = await fetch(`${stack.apiUrl}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
    body: JSON.stringify({ from: `Acme <hello@${fx.domain}>`, to: ["someone@example.com"], subject: "Metrics", text: "Hi" }),
  });
  expect(sent.status).toBe(202);
  const { id } = (await sent.json()) as { id: string };

  // Delivered (two events stored) and both webhooks answered.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const email = (await (
      await fetch(`${stack.apiUrl}/emails/${id}`, { headers: { authorization: `Bearer ${fx.keys["read-only"]}` } })
    ).json()) as { status: string };
    if (email.status === "delivered" && hooksReceived >= 2) break;
    if (Date.now() > deadline)
      throw new Error(`email ${id} not delivered with its webhooks: ${JSON.stringify(email)}, ${hooksReceived} webhooks`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The attempt's record (and so its job's completion) follows the subscriber's answer.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const app of APPS) scraped.set(app, await scrape(app));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await handle.close();
});

describe("GET /metrics on every app", () => {
  it.each(APPS)("%s: refuses a scrape without the bearer token", async (app) => {
    const response = await fetch(`${stack.apps[app]!.url}/metrics`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthorized" });
    const wrong = await fetch(`${stack.apps[app]!.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
  });

  it.each(APPS)("%s: parses as Prometheus text, names its app, and has Node's own metrics", (app) => {
    const families = scraped.get(app)!;
    expect(samples(families, "nodejs_eventloop_lag_seconds", { app })).toHaveLength(1);
    expect(families.get("nodejs_heap_size_used_bytes")?.type).toBe("gauge");
    expect(families.get("nodejs_gc_duration_seconds")?.type).toBe("histogram");
    expect(total(families, "process_cpu_seconds_total", { app })).toBeGreaterThan(0);
  });

  it("api: POST /emails and GET /emails/:id by route template and status", () => {
    const api = scraped.get("api")!;
    expect(total(api, "svc_http_request_duration_seconds", { route: "/emails", method: "POST", status: "202" })).toBe(1);
    expect(total(api, "svc_http_request_duration_seconds", { route: "/emails/:id", method: "GET", status: "200" })).toBeGreaterThanOrEqual(
      1,
    );
    // Concrete ids never become labels.
    expect(samples(api, "svc_http_request_duration_seconds").some((sample) => sample.labels?.route?.includes("email_"))).toBe(false);
    expect(total(api, "svc_http_requests_in_flight")).toBeGreaterThanOrEqual(0);
  });

  it("sender: one handoff accepted by the simulator, its provider call timed, its queue watched", () => {
    const sender = scraped.get("sender")!;
    expect(total(sender, "svc_sender_handoffs_total", { provider: "simulator", outcome: "accepted", error_kind: "" })).toBe(1);
    expect(total(sender, "svc_sender_provider_call_duration_seconds", { provider: "simulator", result: "ok" })).toBe(1);
    expect(total(sender, "svc_queue_jobs_completed_total", { queue: "send-email" })).toBe(1);
    expect(samples(sender, "svc_queue_jobs", { queue: "send-email", state: "waiting" })).toHaveLength(1);
    expect(samples(sender, "svc_queue_oldest_waiting_age_seconds", { queue: "send-email" })).toHaveLength(1);
  });

  it("ingest: both events stored, the simulator's certificate fetched once, the route measured", () => {
    const ingest = scraped.get("ingest")!;
    expect(total(ingest, "svc_ingest_notifications_total", { outcome: "stored" })).toBe(2);
    expect(total(ingest, "svc_ingest_notifications_total", { outcome: "refused" })).toBe(0);
    expect(total(ingest, "svc_ingest_certificate_fetches_total", { result: "ok" })).toBe(1);
    expect(total(ingest, "svc_ingest_verification_duration_seconds", { result: "ok" })).toBe(2);
    expect(total(ingest, "svc_http_request_duration_seconds", { route: "/sns/ses", method: "POST", status: "200" })).toBe(2);
  });

  it("dispatcher: both webhook attempts succeeded (2xx), none failed, its queue watched", () => {
    const dispatcher = scraped.get("dispatcher")!;
    expect(total(dispatcher, "svc_dispatcher_attempts_total", { class: "2xx" })).toBe(2);
    expect(total(dispatcher, "svc_dispatcher_attempt_duration_seconds", { class: "2xx" })).toBe(2);
    expect(total(dispatcher, "svc_dispatcher_deliveries_failed_total")).toBe(0);
    expect(total(dispatcher, "svc_queue_jobs_completed_total", { queue: "webhook-delivery" })).toBe(2);
    expect(samples(dispatcher, "svc_queue_jobs", { queue: "webhook-delivery", state: "delayed" })).toHaveLength(1);
  });

  it("dashboard: its own requests are measured under its app label", async () => {
    const dashboard = scraped.get("dashboard")!;
    expect(
      total(dashboard, "svc_http_request_duration_seconds", { app: "dashboard", route: "/healthz", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
  });
});
