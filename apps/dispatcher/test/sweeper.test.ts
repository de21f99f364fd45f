import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { SecretBox } from "@svc/core";
import { type DbHandle, newId } from "@svc/db";
import { createLogger } from "@svc/logger";
import { createProducerConnection, Producer } from "@svc/queues";
import type { Redis } from "ioredis";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { DeliverySweeper } from "../src/sweeper.ts";
import { dispatcherEnv, subscribe } from "./support.ts";

/**
 * The sweeper pages past due deliveries whose jobs are alive: a delivery whose job was lost is
 * recovered even when more than a page of older due ones still have theirs (a backlog).
 */

let handle: DbHandle;
let redis: Redis;
let producer: Producer<"webhookDelivery">;
const prefix = `sweeper-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  handle = openTestDb();
  // Test files share one database: due deliveries other files left would join the pages.
  await handle.prisma.webhookDelivery.updateMany({
    where: { status: "pending" },
    data: { status: "failed", lastError: "Left pending by an earlier test file." },
  });
  redis = createProducerConnection(dispatcherEnv().REDIS_URL);
  producer = new Producer("webhookDelivery", redis, prefix);
});

afterAll(async () => {
  await handle.prisma.webhookDelivery.updateMany({ where: { status: "pending" }, data: { status: "failed", lastError: "test over" } });
  await producer.queue.obliterate({ force: true }).catch(() => {});
  await producer.close();
  await redis.quit();
  await handle.close();
});

describe("the webhook sweeper", () => {
  test("recovers a lost delivery behind more than a page of due deliveries whose jobs are alive", async () => {
    const env = dispatcherEnv();
    const fixture = await createWorkspaceFixture(handle);
    const { id: subscriptionId } = await subscribe(
      handle.prisma,
      new SecretBox(env.WEBHOOK_SECRET_KEY),
      fixture.workspaceId,
      "http://127.0.0.1:9/",
    );
    const page = 5;
    const now = Date.now();
    const delivery = async (dueAt: Date | null) => {
      const id = newId("delivery");
      await handle.prisma.webhookDelivery.create({
        data: { id, subscriptionId, eventType: "sent", body: "{}", status: "pending", nextAttemptAt: dueAt },
      });
      return id;
    };
    // Longest due first: the live ones (one never scheduled, the rest ten minutes ago and after) come before the lost one.
    const live = [await delivery(null)];
    for (let n = 0; n < page * 2; n++) live.push(await delivery(new Date(now - 600_000 + n * 1_000)));
    const lost = await delivery(new Date(now - 60_000));
    // Their jobs wait in Redis (a retry scheduled later than the sweep); the lost one's is gone.
    for (const id of live) await producer.enqueue(id, { deliveryId: id }, { delay: 3_600_000 });

    const sweeper = new DeliverySweeper({
      db: handle,
      producer,
      redis,
      prefix,
      intervalMs: 60_000,
      log: createLogger("sweeper-test", "silent"),
      batchSize: page,
    });
    expect(await sweeper.sweepOnce()).toBe(1);
    expect(await producer.queueOf(lost).getJobState(lost)).not.toBe("unknown");
    // The live ones keep their own jobs, untouched.
    const states = await Promise.all(live.map((id) => producer.queueOf(id).getJobState(id)));
    expect(new Set(states)).toEqual(new Set(["delayed"]));
    await sweeper.stop();
  });
});
