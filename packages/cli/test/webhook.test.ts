import { afterAll, beforeAll, describe, expect, jest, test } from "@jest/globals";
import { disableWebhookSubscription, listAuditLog, sqlPool } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { createProducerConnection, Producer } from "@svc/queues";
import {
  createEmail,
  emitEvent,
  Receiver,
  type RunningDispatcher,
  startDispatcher,
  waitUntil,
} from "../../../apps/dispatcher/test/support.ts";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/** `svc webhook …` as operators run it: a real child process against the test database and Redis. */

let handle: DbHandle;
let running: RunningDispatcher;
let fixture: WorkspaceFixture;
let endpoint: Receiver;
let answer = 500;

/** The fixture workspace's audit entries of one action. */
const auditOf = async (action: string) =>
  (await listAuditLog(sqlPool(handle), { workspaceId: fixture.workspaceId }, { limit: 1000 })).data.filter(
    (entry) => entry.action === action,
  );

/** The in-process dispatcher's queue, so `retry` and `test` reach it. */
const dispatcherEnv = () => ({ QUEUE_PREFIX: running.env.QUEUE_PREFIX, WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
const svc = (args: string[], env: Record<string, string> = {}) => runCli(args, { ...dispatcherEnv(), ...env });
const svcJson = <T = Record<string, unknown>>(args: string[], env: Record<string, string> = {}) =>
  runCliJson<T>(args, { ...dispatcherEnv(), ...env });

beforeAll(async () => {
  handle = openTestDb();
  running = await startDispatcher({ WEBHOOK_RETRY_WINDOW_MS: "0" });
  fixture = await createWorkspaceFixture(handle);
  endpoint = await Receiver.start(() => ({ status: answer, body: answer === 200 ? "ok" : "nope" }));
});

afterAll(async () => {
  for (const { id } of await handle.prisma.webhookSubscription.findMany({ where: { workspaceId: fixture.workspaceId } })) {
    await disableWebhookSubscription(handle.prisma, id).catch(() => {});
  }
  await running?.stop();
  await endpoint?.close();
  await handle?.close();
});

describe("svc webhook", () => {
  let subscriptionId = "";
  let secret = "";
  let deliveryId = "";

  test("create prints the subscription with its secret, once", async () => {
    const created = await svcJson([
      "webhook",
      "create",
      "--workspace",
      fixture.workspaceId,
      "--url",
      endpoint.url(),
      "--events",
      "bounced,sent,bounced",
    ]);
    expect(Object.keys(created)).toEqual(["id", "secret", "url", "events", "isActive"]);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      secret: expect.stringMatching(/^whsec_/),
      url: endpoint.url(),
      events: ["bounced", "sent"],
      isActive: true,
    });
    subscriptionId = String(created.id);
    secret = String(created.secret);

    const listed = await svcJson<Array<Record<string, unknown>>>(["webhook", "list", "--workspace", fixture.workspaceId]);
    expect(listed.map((s) => s.id)).toEqual([subscriptionId]);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  test("create refuses a bad URL or event and creates nothing", async () => {
    const http = await svc(["webhook", "create", "--workspace", fixture.workspaceId, "--url", endpoint.url(), "--events", "sent"], {
      WEBHOOK_ALLOW_PRIVATE_URLS: "false",
    });
    expect(http.code).toBe(1);
    expect(http.stdout).toBe("");
    expect(http.stderr).toBe("Error: url: must use https.\n");
    const events = await svc([
      "webhook",
      "create",
      "--workspace",
      fixture.workspaceId,
      "--url",
      endpoint.url(),
      "--events",
      "sent,exploded",
    ]);
    expect(events.code).toBe(1);
    expect(events.stderr).toMatch(/events: unknown event type "exploded"/);
    const missing = await svc(["webhook", "create", "--workspace", fixture.workspaceId, "--url", endpoint.url()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--events/);
    expect(await handle.prisma.webhookSubscription.count({ where: { workspaceId: fixture.workspaceId } })).toBe(1);
  });

  test("deliveries lists recent deliveries with status and attempts", async () => {
    const db = handle.prisma;
    [deliveryId] = (await emitEvent(handle, running.producer, await createEmail(db, fixture), "bounced")) as [string];
    await waitUntil(
      "the delivery to fail",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status === "failed",
    );
    const deliveries = await svcJson<Array<Record<string, any>>>(["webhook", "deliveries", "--id", subscriptionId]);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ id: deliveryId, status: "failed", attemptCount: 1, lastStatusCode: 500, eventType: "bounced" });
    expect(deliveries[0]!.attempts).toEqual([
      expect.objectContaining({ number: 1, manual: false, statusCode: 500, responseExcerpt: "nope" }),
    ]);
  });

  test("retry makes one manual attempt now, with the same delivery id, and prints it", async () => {
    answer = 200;
    const result = await svcJson<Record<string, any>>(["webhook", "retry", "--delivery", deliveryId]);
    expect(result).toMatchObject({
      deliveryId,
      status: "succeeded",
      attemptCount: 2,
      attempt: { number: 2, manual: true, statusCode: 200, responseExcerpt: "ok", error: null },
    });
    expect(endpoint.requests.map((r) => r.headers["x-service-delivery-id"])).toEqual([deliveryId, deliveryId]);
    expect(endpoint.requests[1]!.rawBody.equals(endpoint.requests[0]!.rawBody)).toBe(true);
    // Recorded in the subscription's workspace, though only the delivery was named.
    expect((await auditOf("webhook.replayed")).filter((entry) => entry.changes.delivery === deliveryId)).toEqual([
      expect.objectContaining({
        actor: { type: "operator", id: expect.stringMatching(/^cli:/) },
        target: { type: "webhook", id: subscriptionId },
      }),
    ]);
  });

  test("retry with no dispatcher on the queue says it is queued", async () => {
    const prefix = uniquePrefix("nobody-listens");
    const result = await svcJson<Record<string, any>>(["webhook", "retry", "--delivery", deliveryId, "--wait", "0"], {
      QUEUE_PREFIX: prefix,
    });
    expect(result).toMatchObject({ deliveryId, attempt: null, note: expect.stringMatching(/^Queued/) });
    const redis = createProducerConnection(TEST_REDIS_URL);
    const queue = new Producer("webhookDelivery", redis, prefix);
    expect((await queue.queue.getJob(String(result.jobId)))?.data).toEqual({ deliveryId, manual: true });
    await queue.queue.obliterate({ force: true });
    await queue.close();
    await redis.quit();
  });

  test("disable stops it, retry is refused while disabled, enable turns it back on", async () => {
    expect(await svcJson(["webhook", "disable", "--id", subscriptionId])).toMatchObject({ id: subscriptionId, isActive: false });
    const refused = await svc(["webhook", "retry", "--delivery", deliveryId]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/disabled/);
    expect(await svcJson(["webhook", "enable", "--id", subscriptionId])).toMatchObject({ id: subscriptionId, isActive: true });
  });

  test("test sends a test event through the dispatcher", async () => {
    const before = endpoint.requests.length;
    const created = await svcJson<Record<string, any>>(["webhook", "test", "--id", subscriptionId, "--event", "sent"]);
    expect(created).toMatchObject({ subscriptionId, test: true, eventType: "sent", eventId: null });
    await waitUntil("the test POST", () => endpoint.requests.length === before + 1);
    expect(JSON.parse(endpoint.requests[before]!.rawBody.toString("utf8"))).toMatchObject({ id: created.id, test: true });
    expect(await auditOf("webhook.test_sent")).toEqual([
      expect.objectContaining({ target: { type: "webhook", id: subscriptionId }, changes: { deliveryId: created.id, eventType: "sent" } }),
    ]);
  });

  test("replay sends a failed delivery again under its id, paced, and replay-status shows its progress", async () => {
    const db = handle.prisma;
    answer = 500;
    const [failed] = (await emitEvent(handle, running.producer, await createEmail(db, fixture), "bounced")) as [string];
    await waitUntil(
      "the delivery to fail",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: failed } })).status === "failed",
    );
    answer = 200;
    const since = new Date(Date.now() - 5_000).toISOString();
    const replay = await svcJson<Record<string, any>>([
      "webhook",
      "replay",
      "--id",
      subscriptionId,
      "--failed-since",
      since,
      "--rate",
      "5",
    ]);
    expect(replay).toMatchObject({ id: expect.stringMatching(/^wr_/), kind: "failed_since", perSecond: 5, rearmed: 1 });
    await waitUntil(
      "the replayed delivery",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: failed } })).status === "succeeded",
    );
    const status = await svcJson<Record<string, any>>(["webhook", "replay-status", "--id", subscriptionId, "--replay", replay.id]);
    expect(status.progress).toEqual({ pending: 0, succeeded: 1, failed: 0 });
    const bad = await svc(["webhook", "replay", "--id", subscriptionId, "--email", "x", "--failed-since", since]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/exactly one of/);
  });

  test("delete removes it; unknown ids are errors", async () => {
    expect(await svcJson(["webhook", "delete", "--id", subscriptionId])).toEqual({
      id: subscriptionId,
      deleted: true,
      workspaceId: fixture.workspaceId,
    });
    expect(await svcJson(["webhook", "list", "--workspace", fixture.workspaceId])).toEqual([]);
    const gone = await svc(["webhook", "disable", "--id", subscriptionId]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe("Error: Webhook subscription not found.\n");
    const noDelivery = await svc(["webhook", "retry", "--delivery", "wd_missing"]);
    expect(noDelivery.code).toBe(1);
    expect(noDelivery.stderr).toBe("Error: Webhook delivery not found.\n");
  });
});
