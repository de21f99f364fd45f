import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { disableWebhookSubscription, SecretBox } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { createProducerConnection, Producer } from "@svc/queues";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { dispatcherEnvSchema } from "../src/env.ts";
import { createEmail, emitEvent, Receiver, spawnDispatcher, subscribe, waitUntil } from "./support.ts";

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
  // The whole group: tsx runs the app in a node child of its own.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
  for (const id of subscriptions) await disableWebhookSubscription(handle.prisma, id);
  for (const r of receivers) await r.close();
  await handle?.close();
});

describe("apps/dispatcher/src/main.ts as its own process", () => {
  test("serves health, delivers, and on SIGTERM lets the in-flight attempt finish before exiting 0", async () => {
    const envVars = testEnv({ DISPATCHER_PORT: "0", LOG_LEVEL: "info", WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
    const env = dispatcherEnvSchema.parse(envVars);
    const child = spawnDispatcher(envVars);
    children.push(child.process);
    await waitUntil("the dispatcher to be ready", () => child.logs.some((l) => l.msg === "dispatcher started"), { timeoutMs: 30_000 });
    const port = Number(child.logs.find((l) => l.msg === "dispatcher started")!.port);
    expect(port).toBeGreaterThan(0);

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { postgres: "ok", redis: "ok" } });
    const missing = await fetch(`http://127.0.0.1:${port}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found.", code: "not_found" });

    const endpoint = await Receiver.start(() => ({ status: 200, body: "ok" }));
    receivers.push(endpoint);
    const db = handle.prisma;
    const box = new SecretBox(env.WEBHOOK_SECRET_KEY);
    subscriptions.push((await subscribe(db, box, fixture.workspaceId, endpoint.url(), ["sent"])).id);
    const redis = createProducerConnection(env.REDIS_URL);
    const producer = new Producer("webhookDelivery", redis, env.QUEUE_PREFIX);
    try {
      const [first] = await emitEvent(handle, producer, await createEmail(db, fixture), "sent");
      await waitUntil(
        "the first delivery",
        async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: first! } })).status === "succeeded",
      );

      // The next answer takes a while, so SIGTERM arrives mid-attempt.
      endpoint.respondWith(() => ({ status: 200, body: "slow ok", delayMs: 1000 }));
      const [second] = await emitEvent(handle, producer, await createEmail(db, fixture), "sent");
      await waitUntil("the second attempt to be in flight", () => endpoint.requests.length === 2);
      const exited = once(child.process, "exit");
      child.process.kill("SIGTERM");
      const [code] = await exited;
      expect(code).toBe(0);
      expect(child.logs.some((l) => l.msg === "shutting down")).toBe(true);
      // The attempt was finished and recorded before the process let go of its connections.
      const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: second! }, include: { attempts: true } });
      expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 1, lastStatusCode: 200 });
      expect(delivery.attempts[0]!.responseExcerpt).toBe("slow ok");
    } finally {
      await producer.close();
      await redis.quit().catch(() => {});
    }
  });

  test("a bad setting stops it with a message naming the variable", async () => {
    const child = spawnDispatcher(testEnv({ DISPATCHER_CONCURRENCY: "lots" }));
    children.push(child.process);
    const [code] = await once(child.process, "exit");
    expect(code).toBe(78);
    expect(child.stderr).toMatch(/DISPATCHER_CONCURRENCY/);
  });
});
