import { lookup } from "node:dns/promises";
import { createServer } from "node:net";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { createWebhookSubscription, disableWebhookSubscription, nonPublicAddressReason } from "@svc/core";
import type { DbHandle, EventType } from "@svc/db";
import { listen } from "@svc/runtime";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createEmail, emitEvent, Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

let handle: DbHandle;
let fixture: WorkspaceFixture;
const receivers: Receiver[] = [];
const dispatchers: RunningDispatcher[] = [];
const workspaces: string[] = [];

async function receiver(...args: Parameters<typeof Receiver.start>): Promise<Receiver> {
  const started = await Receiver.start(...args);
  receivers.push(started);
  return started;
}

async function dispatcher(overrides: Record<string, string>): Promise<RunningDispatcher> {
  const started = await startDispatcher(overrides);
  dispatchers.push(started);
  return started;
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server as never, 0, "127.0.0.1");
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  handle = openTestDb();
  fixture = await createWorkspaceFixture(handle);
});

afterAll(async () => {
  for (const d of dispatchers) await d.stop();
  for (const r of receivers) await r.close();
  for (const { id } of await handle.prisma.webhookSubscription.findMany({
    where: { workspaceId: { in: [fixture.workspaceId, ...workspaces] } },
  })) {
    await disableWebhookSubscription(handle.prisma, id);
  }
  await handle?.close();
});

/**
 * Sends one event of `type` to a subscription at `url` in a workspace of its own (so no other
 * subscription gets a delivery) and waits for the delivery to end.
 */
async function deliverOnce(running: RunningDispatcher, url: string, type: EventType) {
  const db = handle.prisma;
  const own = await createWorkspaceFixture(handle);
  workspaces.push(own.workspaceId);
  await subscribe(db, running.box, own.workspaceId, url, [type]);
  const [deliveryId] = await emitEvent(handle, running.producer, await createEmail(db, own), type);
  await waitUntil(
    `the ${type} delivery to end`,
    async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status !== "pending",
  );
  return db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! }, include: { attempts: true } });
}

describe("failed attempts (a zero retry window: one attempt each)", () => {
  let running: RunningDispatcher;
  beforeAll(async () => {
    running = await dispatcher({ WEBHOOK_RETRY_WINDOW_MS: "0", WEBHOOK_TIMEOUT_MS: "500" });
  });

  test("no answer within WEBHOOK_TIMEOUT_MS is a failure", async () => {
    const endpoint = await receiver(() => "hang");
    const delivery = await deliverOnce(running, endpoint.url(), "sent");
    expect(endpoint.requests).toHaveLength(1);
    expect(delivery).toMatchObject({
      status: "failed",
      attemptCount: 1,
      lastStatusCode: null,
      lastError: "No complete answer within 500 ms.",
    });
    expect(delivery.attempts[0]!.durationMs).toBeGreaterThanOrEqual(450);
  });

  test("a 200 whose body never completes within the deadline is a failure too", async () => {
    const endpoint = await receiver(() => "stall");
    const delivery = await deliverOnce(running, endpoint.url(), "delivered");
    expect(delivery).toMatchObject({ status: "failed", lastStatusCode: 200, lastError: "No complete answer within 500 ms." });
  });

  test("a redirect is not followed and is a failure", async () => {
    const target = await receiver(() => ({ status: 200 }));
    const endpoint = await receiver(() => ({ status: 302, headers: { location: target.url("/moved") } }));
    const delivery = await deliverOnce(running, endpoint.url(), "opened");
    expect(endpoint.requests).toHaveLength(1);
    expect(target.requests).toHaveLength(0);
    expect(delivery).toMatchObject({ status: "failed", lastStatusCode: 302 });
    expect(delivery.lastError).toBe(`Redirect (302 to ${target.url("/moved")}) not followed: the URL must answer 2xx itself.`);
  });

  test("a refused connection is a failure", async () => {
    const port = await closedPort();
    const delivery = await deliverOnce(running, `http://127.0.0.1:${port}/hook`, "clicked");
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 1, lastStatusCode: null });
    expect(delivery.lastError).toMatch(/ECONNREFUSED/);
    expect(delivery.attempts[0]!.error).toBe(delivery.lastError);
  });

  test("any non-2xx answer is a failure, a 2xx of any kind a success", async () => {
    const gone = await receiver(() => ({ status: 410, body: "gone" }));
    expect(await deliverOnce(running, gone.url(), "bounced")).toMatchObject({
      status: "failed",
      lastStatusCode: 410,
      lastError: "The endpoint answered 410.",
    });
    const accepted = await receiver(() => ({ status: 202 }));
    expect(await deliverOnce(running, accepted.url(), "complained")).toMatchObject({
      status: "succeeded",
      lastStatusCode: 202,
      lastError: null,
    });
  });
});

describe("SSRF guard (WEBHOOK_ALLOW_PRIVATE_URLS=false, the default)", () => {
  let running: RunningDispatcher;
  let endpoint: Receiver;
  beforeAll(async () => {
    running = await dispatcher({ WEBHOOK_ALLOW_PRIVATE_URLS: "false", WEBHOOK_RETRY_WINDOW_MS: "0" });
    endpoint = await receiver(() => ({ status: 200 }));
  });

  test("a name that passes the check when saved but resolves to a private address is refused at connect time", async () => {
    // The machine's own name: not a literal and not "localhost", so only DNS says where it points.
    const name = hostname();
    const resolved = await lookup(name, { all: true });
    expect(resolved.length).toBeGreaterThan(0);
    expect(resolved.every((entry) => nonPublicAddressReason(entry.address) !== null)).toBe(true);

    const db = handle.prisma;
    const url = `https://${name}:${endpoint.portNumber}/hook`;
    // Saving it under the default policy succeeds: nothing about the name is private.
    await createWebhookSubscription(db, running.box, { workspaceId: fixture.workspaceId, url, events: ["rejected"] });
    const [deliveryId] = await emitEvent(handle, running.producer, await createEmail(db, fixture), "rejected");
    await waitUntil(
      "the delivery to end",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status !== "pending",
    );
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(delivery.status).toBe("failed");
    expect(delivery.lastError).toMatch(
      new RegExp(`^Refused to connect to ${name} \\(.+\\): a .+ address\\. Only public addresses are allowed\\.$`),
    );
  });

  test.each([
    ["a loopback literal", (port: number) => `https://127.0.0.1:${port}/hook`, /Refused to connect to 127\.0\.0\.1: a loopback address/],
    ["an IPv4-mapped IPv6 literal", (port: number) => `https://[::ffff:127.0.0.1]:${port}/hook`, /loopback address/],
    ["localhost", (port: number) => `https://localhost:${port}/hook`, /a loopback name/],
    ["plain http", (port: number) => `http://127.0.0.1:${port}/hook`, /only https is allowed/],
  ] as const)("refuses %s", async (_label, url, message) => {
    const delivery = await deliverOnce(running, url(endpoint.portNumber), "sent");
    expect(delivery.status).toBe("failed");
    expect(delivery.lastError).toMatch(message);
  });

  test("refused addresses were never dialled", () => {
    expect(endpoint.connections).toBe(0);
    expect(endpoint.requests).toHaveLength(0);
  });
});
