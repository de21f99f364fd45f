import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { disableWebhookSubscription, SecretBox } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { createProducerConnection, Producer } from "@svc/queues";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { dispatcherEnvSchema } from "../src/env.ts";
import { type Child, createEmail, emitEvent, Receiver, spawnDispatcher, subscribe, waitUntil } from "./support.ts";

let handle: DbHandle;
let fixture: WorkspaceFixture;
const children: ChildProcess[] = [];
const receivers: Receiver[] = [];
const subscriptions: string[] = [];

beforeAll(async () => {
  handle = openTestDb();
  fixture = await createWorkspaceFixture(handle);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
  for (const id of subscriptions) await disableWebhookSubscription(handle.prisma, id);
  for (const r of receivers) await r.close();
  await handle?.close();
});

async function started(child: Child): Promise<void> {
  children.push(child.process);
  await waitUntil("the dispatcher to be ready", () => child.logs.some((l) => l.msg === "dispatcher started"), { timeoutMs: 30_000 });
}

describe("a dispatcher killed while it holds a subscription's slots", () => {
  test("does not stall the subscription for the lease: another dispatcher reclaims the slots within seconds", async () => {
    // Lease = attempt deadline + 30 s = 60 s: waiting it out would fail the 15 s bound below.
    const envVars = testEnv({
      DISPATCHER_PORT: "0",
      LOG_LEVEL: "info",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_TIMEOUT_MS: "30000",
      WEBHOOK_PER_SUBSCRIPTION_CONCURRENCY: "2",
      WEBHOOK_SWEEP_INTERVAL_MS: "600000",
    });
    const env = dispatcherEnvSchema.parse(envVars);
    const endpoint = await Receiver.start(() => "hang");
    receivers.push(endpoint);
    const db = handle.prisma;
    subscriptions.push((await subscribe(db, new SecretBox(env.WEBHOOK_SECRET_KEY), fixture.workspaceId, endpoint.url(), ["sent"])).id);
    const redis = createProducerConnection(env.REDIS_URL);
    const producer = new Producer("webhookDelivery", redis, env.QUEUE_PREFIX);
    try {
      const first = spawnDispatcher(envVars);
      await started(first);
      for (let i = 0; i < 2; i++) await emitEvent(handle, producer, await createEmail(db, fixture), "sent");
      // Both slots of the subscription are held by attempts hanging on the endpoint.
      await waitUntil("two attempts in flight", () => endpoint.inFlight === 2, { timeoutMs: 15_000 });

      await first.crash();
      endpoint.respondWith(() => ({ status: 200, body: "ok" }));

      const second = spawnDispatcher(envVars);
      await started(second);
      const killedAt = Date.now();
      const [next] = await emitEvent(handle, producer, await createEmail(db, fixture), "sent");
      await waitUntil(
        "a delivery to the subscription after the kill",
        async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: next! } })).status === "succeeded",
        { timeoutMs: 15_000, intervalMs: 100 },
      );
      expect(Date.now() - killedAt).toBeLessThan(15_000);
    } finally {
      await producer.close();
      await redis.quit().catch(() => {});
    }
  }, 90_000);
});
