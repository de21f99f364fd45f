import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import {
  AppError,
  createWebhookSubscription,
  deleteWebhookSubscription,
  disableWebhookSubscription,
  enableWebhookSubscription,
  getWebhookDelivery,
  getWebhookSubscription,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  nonPublicAddressReason,
  recordEmailEvent,
  redeliverWebhook,
  SecretBox,
  sendTestWebhookEvent,
  validateWebhookUrl,
} from "@svc/core";
import { newId } from "@svc/db";
import { createProducerConnection, Producer } from "@svc/queues";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
const db = handle.prisma;
const box = new SecretBox("6c6f63616c2d6465762d6f6e6c792d6b65792d6368616e67652d6d6521212121");
let redis: ReturnType<typeof createProducerConnection>;
let producer: Producer<"webhookDelivery">;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;

beforeAll(async () => {
  redis = createProducerConnection(TEST_REDIS_URL);
  producer = new Producer("webhookDelivery", redis, uniquePrefix("core-webhooks"));
  fx = await createWorkspaceFixture(handle);
  other = await createWorkspaceFixture(handle);
});

afterAll(async () => {
  for (const { id } of await db.webhookSubscription.findMany({ where: { workspaceId: { in: [fx.workspaceId, other.workspaceId] } } })) {
    await disableWebhookSubscription(db, id);
  }
  await producer.close();
  await redis.quit();
  await handle.close();
});

async function expectAppError(promise: Promise<unknown>, code: string, message: RegExp): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).message).toMatch(message);
}

async function emailIn(fixture: WorkspaceFixture): Promise<string> {
  const id = newId("email");
  await db.email.create({
    data: {
      id,
      organizationId: fixture.workspaceId,
      apiKeyId: fixture.keyIds["full-access"],
      environment: "live",
      from: "a@x.test",
      to: ["b@y.test"],
      subject: "s",
      text: "t",
      status: "sent",
    },
  });
  return id;
}

async function deliveryFor(fixture: WorkspaceFixture, type: "sent" | "delivered" | "bounced"): Promise<string[]> {
  const recorded = await recordEmailEvent(handle, {
    emailId: await emailIn(fixture),
    type,
    eventTimestamp: new Date(),
    payloadJson: "{}",
    dedupeKey: `core-webhooks:${newId("event")}`,
  });
  return recorded.deliveryIds;
}

describe("createWebhookSubscription", () => {
  test("returns the secret once and stores it only encrypted", async () => {
    const created = await createWebhookSubscription(db, box, {
      workspaceId: fx.workspaceId,
      url: "https://Hooks.Example.com/svc",
      events: ["sent", "delivered", "sent", " bounced "],
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^wh_[A-Za-z0-9]{24}$/),
      workspaceId: fx.workspaceId,
      url: "https://hooks.example.com/svc",
      events: ["sent", "delivered", "bounced"],
      isActive: true,
      createdAt: expect.any(String),
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
      maxDeliveriesPerSecond: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}$/),
    });
    // 32 random bytes behind the prefix.
    expect(Buffer.from(created.secret.slice("whsec_".length), "base64")).toHaveLength(32);
    const row = await db.webhookSubscription.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretEncrypted).not.toContain(created.secret.slice(6));
    expect(box.open(row.secretEncrypted)).toBe(created.secret);
    // Views never carry it again.
    expect(await getWebhookSubscription(db, created.id)).not.toHaveProperty("secret");
    expect(JSON.stringify(await listWebhookSubscriptions(db, fx.workspaceId))).not.toContain(created.secret);

    const second = await createWebhookSubscription(db, box, {
      workspaceId: fx.workspaceId,
      url: "https://hooks.example.com/b",
      events: ["sent"],
    });
    expect(second.secret).not.toBe(created.secret);
  });

  test.each([
    ["http://hooks.example.com/x", /must use https/],
    ["ftp://hooks.example.com/x", /must use https/],
    ["https://user:pass@hooks.example.com/x", /credentials/],
    ["https://token@hooks.example.com/x", /credentials/],
    [`https://hooks.example.com/${"a".repeat(2048)}`, /at most 2048/],
    ["not a url", /absolute URL/],
    ["", /required/],
    ["https://10.0.0.8/x", /private/],
    ["https://127.0.0.1/x", /loopback/],
    ["https://[::1]/x", /loopback/],
    ["https://169.254.169.254/latest", /cloud metadata/],
    ["https://[fd00:ec2::254]/", /cloud metadata/],
    ["https://100.64.0.7/", /CGNAT/],
    ["https://[::ffff:192.168.0.1]/", /private/],
    ["https://localhost/x", /loopback name/],
    ["https://api.localhost/x", /loopback name/],
    ["https://224.0.0.1/", /multicast/],
    ["https://0.0.0.0/", /unspecified/],
  ])("refuses %s under the default policy, and creates nothing", async (url, message) => {
    const before = await db.webhookSubscription.count({ where: { workspaceId: other.workspaceId } });
    await expectAppError(
      createWebhookSubscription(db, box, { workspaceId: other.workspaceId, url, events: ["sent"] }),
      "validation_failed",
      message,
    );
    expect(await db.webhookSubscription.count({ where: { workspaceId: other.workspaceId } })).toBe(before);
  });

  test("WEBHOOK_ALLOW_PRIVATE_URLS allows http and private hosts, not other schemes or credentials", () => {
    const policy = { allowPrivate: true };
    expect(validateWebhookUrl("http://127.0.0.1:4000/hook", policy)).toBe("http://127.0.0.1:4000/hook");
    expect(validateWebhookUrl("https://localhost/hook", policy)).toBe("https://localhost/hook");
    expect(() => validateWebhookUrl("ftp://127.0.0.1/", policy)).toThrow(/http or https/);
    expect(() => validateWebhookUrl("http://a:b@127.0.0.1/", policy)).toThrow(/credentials/);
  });

  test.each([
    [[], /at least one/],
    [["sent", "exploded"], /unknown event type "exploded"/],
    ["sent", /at least one/],
    [[42], /unknown event type 42/],
  ])("refuses events %j", async (events, message) => {
    await expectAppError(
      createWebhookSubscription(db, box, { workspaceId: fx.workspaceId, url: "https://hooks.example.com/e", events: events as string[] }),
      "validation_failed",
      message,
    );
  });

  test("an unknown workspace is not found", async () => {
    await expectAppError(
      createWebhookSubscription(db, box, { workspaceId: "org_missing", url: "https://hooks.example.com/x", events: ["sent"] }),
      "not_found",
      /Workspace not found/,
    );
  });
});

describe("managing subscriptions", () => {
  test("another workspace's subscription is indistinguishable from a missing one", async () => {
    const mine = await createWebhookSubscription(db, box, {
      workspaceId: fx.workspaceId,
      url: "https://hooks.example.com/m",
      events: ["sent"],
    });
    await expectAppError(getWebhookSubscription(db, mine.id, other.workspaceId), "not_found", /Webhook subscription not found/);
    await expectAppError(disableWebhookSubscription(db, mine.id, other.workspaceId), "not_found", /not found/);
    await expectAppError(deleteWebhookSubscription(db, mine.id, other.workspaceId), "not_found", /not found/);
    await expectAppError(listWebhookDeliveries(db, mine.id, { workspaceId: other.workspaceId }), "not_found", /not found/);
    expect((await listWebhookSubscriptions(db, other.workspaceId)).map((s) => s.id)).not.toContain(mine.id);
    expect((await getWebhookSubscription(db, mine.id, fx.workspaceId)).isActive).toBe(true);
  });

  test("disabling ends pending deliveries as failed, leaves finished ones alone; enabling turns it back on", async () => {
    const own = await createWorkspaceFixture(handle);
    const subscription = await createWebhookSubscription(db, box, {
      workspaceId: own.workspaceId,
      url: "https://hooks.example.com/d",
      events: ["delivered"],
    });
    const [pending] = await deliveryFor(own, "delivered");
    const [done] = await deliveryFor(own, "delivered");
    await db.webhookDelivery.update({ where: { id: done! }, data: { status: "succeeded", completedAt: new Date() } });

    expect((await disableWebhookSubscription(db, subscription.id)).isActive).toBe(false);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: pending! } })).toMatchObject({
      status: "failed",
      nextAttemptAt: null,
      lastError: "The subscription was disabled; no further attempts are made.",
    });
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: done! } })).status).toBe("succeeded");
    // No new deliveries while disabled.
    expect(await deliveryFor(own, "delivered")).toEqual([]);
    await expectAppError(redeliverWebhook(db, producer, pending!), "conflict", /disabled/);
    await expectAppError(sendTestWebhookEvent(db, producer, subscription.id), "conflict", /disabled/);

    expect((await enableWebhookSubscription(db, subscription.id)).isActive).toBe(true);
    expect(await deliveryFor(own, "delivered")).toHaveLength(1);
  });

  test("deleting removes the subscription with its deliveries", async () => {
    const own = await createWorkspaceFixture(handle);
    const subscription = await createWebhookSubscription(db, box, {
      workspaceId: own.workspaceId,
      url: "https://hooks.example.com/x",
      events: ["sent"],
    });
    const [deliveryId] = await deliveryFor(own, "sent");
    expect(await deleteWebhookSubscription(db, subscription.id, own.workspaceId)).toEqual({ id: subscription.id, deleted: true });
    expect(await db.webhookSubscription.findUnique({ where: { id: subscription.id } })).toBeNull();
    expect(await db.webhookDelivery.findUnique({ where: { id: deliveryId! } })).toBeNull();
    await expectAppError(getWebhookSubscription(db, subscription.id), "not_found", /not found/);
  });
});

describe("deliveries", () => {
  test("are listed newest first with their attempts, filtered by status and limited", async () => {
    const own = await createWorkspaceFixture(handle);
    const subscription = await createWebhookSubscription(db, box, {
      workspaceId: own.workspaceId,
      url: "https://hooks.example.com/l",
      events: ["bounced"],
    });
    const [older] = await deliveryFor(own, "bounced");
    const [newer] = await deliveryFor(own, "bounced");
    const started = new Date();
    await db.webhookAttempt.createMany({
      data: [2, 1].map((number) => ({
        id: newId("attempt"),
        deliveryId: older!,
        number,
        startedAt: started,
        durationMs: 5,
        statusCode: 500,
        error: "The endpoint answered 500.",
      })),
    });
    await db.webhookDelivery.update({ where: { id: older! }, data: { status: "failed", attemptCount: 2, lastStatusCode: 500 } });

    const listed = await listWebhookDeliveries(db, subscription.id, { workspaceId: own.workspaceId });
    expect(listed.map((d) => d.id)).toEqual([newer, older]);
    expect(listed[1]).toMatchObject({ status: "failed", attemptCount: 2, lastStatusCode: 500, nextAttemptAt: null, test: false });
    expect(listed[1]!.attempts!.map((a) => a.number)).toEqual([1, 2]);
    expect(listed[0]).toMatchObject({ status: "pending", attempts: [] });
    expect(listed[0]!.nextAttemptAt).not.toBeNull();
    expect(listed[0]).not.toHaveProperty("body");

    expect((await listWebhookDeliveries(db, subscription.id, { status: "failed" })).map((d) => d.id)).toEqual([older]);
    expect((await listWebhookDeliveries(db, subscription.id, { limit: 1 })).map((d) => d.id)).toEqual([newer]);
    await expectAppError(listWebhookDeliveries(db, subscription.id, { limit: 0 }), "validation_failed", /limit/);
    await expectAppError(listWebhookDeliveries(db, subscription.id, { status: "lost" }), "validation_failed", /status/);

    const detail = await getWebhookDelivery(db, older!, own.workspaceId);
    expect(JSON.parse(detail.body!)).toMatchObject({ id: older, type: "email.event" });
    await expectAppError(getWebhookDelivery(db, older!, other.workspaceId), "not_found", /Webhook delivery not found/);
  });

  test("a manual retry is queued as its own one-attempt job carrying the delivery id", async () => {
    const own = await createWorkspaceFixture(handle);
    await createWebhookSubscription(db, box, { workspaceId: own.workspaceId, url: "https://hooks.example.com/r", events: ["sent"] });
    const [deliveryId] = await deliveryFor(own, "sent");
    const request = await redeliverWebhook(db, producer, deliveryId!, own.workspaceId);
    expect(request.jobId).toMatch(new RegExp(`^${deliveryId}-manual-[A-Za-z0-9]{8}$`));
    const job = await producer.queue.getJob(request.jobId);
    expect(job!.data).toEqual({ deliveryId, manual: true });
    expect(job!.opts.attempts).toBe(1);
    await expectAppError(redeliverWebhook(db, producer, deliveryId!, other.workspaceId), "not_found", /not found/);
  });

  test("a test event is a real delivery with no stored event, marked test, and enqueued with the retry policy", async () => {
    const own = await createWorkspaceFixture(handle);
    const subscription = await createWebhookSubscription(db, box, {
      workspaceId: own.workspaceId,
      url: "https://hooks.example.com/t",
      events: ["bounced", "sent"],
    });
    const created = await sendTestWebhookEvent(db, producer, subscription.id, { workspaceId: own.workspaceId, eventType: "sent" });
    expect(created).toMatchObject({ subscriptionId: subscription.id, eventId: null, eventType: "sent", test: true, status: "pending" });
    const body = JSON.parse(created.body!);
    expect(Object.keys(body)).toEqual(["id", "type", "createdAt", "data", "test"]);
    expect(body).toMatchObject({ id: created.id, type: "email.event", test: true, data: { event: { type: "sent" } } });
    const job = await producer.queue.getJob(created.id);
    expect(job!.data).toEqual({ deliveryId: created.id });
    expect(job!.opts).toMatchObject({ attempts: 10_000, backoff: { type: "webhook-window" } });
    await expectAppError(
      sendTestWebhookEvent(db, producer, subscription.id, { eventType: "exploded" }),
      "validation_failed",
      /unknown event type/,
    );
    await expectAppError(sendTestWebhookEvent(db, producer, subscription.id, { workspaceId: other.workspaceId }), "not_found", /not found/);
  });

  test("test events are limited per workspace and day, across its subscriptions; a refused one creates nothing", async () => {
    const own = await createWorkspaceFixture(handle);
    const first = await createWebhookSubscription(db, box, {
      workspaceId: own.workspaceId,
      url: "https://hooks.example.com/a",
      events: ["sent"],
    });
    const second = await createWebhookSubscription(db, box, {
      workspaceId: own.workspaceId,
      url: "https://hooks.example.com/b",
      events: ["sent"],
    });
    await sendTestWebhookEvent(db, producer, first.id, { perDay: 2 });
    await sendTestWebhookEvent(db, producer, second.id, { perDay: 2 });
    await expectAppError(sendTestWebhookEvent(db, producer, first.id, { perDay: 2 }), "rate_limited", /2 test events for today/);
    expect(await db.webhookDelivery.count({ where: { subscriptionId: { in: [first.id, second.id] } } })).toBe(2);
  });
});

describe("nonPublicAddressReason", () => {
  test.each([
    ["8.8.8.8", null],
    ["93.184.216.34", null],
    ["2606:4700:4700::1111", null],
    ["::ffff:8.8.8.8", null],
    ["10.255.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", null],
    ["192.168.10.10", "private"],
    ["127.10.0.1", "loopback"],
    ["169.254.1.1", "link-local"],
    ["169.254.169.254", "cloud metadata"],
    ["100.64.0.1", "shared address space (CGNAT)"],
    ["100.127.255.254", "shared address space (CGNAT)"],
    ["100.128.0.1", null],
    ["0.0.0.0", "unspecified"],
    ["239.1.2.3", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "link-local"],
    ["fc00::1", "unique local (private)"],
    ["fd00:ec2::254", "cloud metadata"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "cloud metadata"],
    ["64:ff9b::10.0.0.1", "private"],
    ["2002:c0a8:0101::1", "private"],
    ["localhost", "not an IP address"],
  ])("%s → %s", (address, reason) => {
    expect(nonPublicAddressReason(address)).toBe(reason);
  });
});
