import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { disableWebhookSubscription, recordEmailEvent } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { newDeliveryJobs } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { createEmail, Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

/** A fan-out's fresh deliveries travel in one job; each still has its own turn, retries and end. */

let handle: DbHandle;
let fixture: WorkspaceFixture;
let running: RunningDispatcher;
const receivers: Receiver[] = [];
const subscriptions: string[] = [];

beforeAll(async () => {
  handle = openTestDb();
  fixture = await createWorkspaceFixture(handle);
  // The first retry comes 3 s after the failed attempt: long enough to find its job still waiting.
  running = await startDispatcher({ WEBHOOK_RETRY_BASE_MS: "3000", WEBHOOK_RETRY_WINDOW_MS: "600000" });
});

afterAll(async () => {
  await running?.stop();
  for (const r of receivers) await r.close();
  for (const id of subscriptions) await disableWebhookSubscription(handle.prisma, id);
  await handle?.close();
});

async function endpoint(status: number): Promise<Receiver> {
  const started = await Receiver.start(() => ({ status, body: String(status) }));
  receivers.push(started);
  return started;
}

async function subscribeTo(receiver: Receiver): Promise<string> {
  const { id } = await subscribe(handle.prisma, running.box, fixture.workspaceId, receiver.url(), ["delivered"]);
  subscriptions.push(id);
  return id;
}

describe("a job carrying a fan-out's deliveries", () => {
  test("gives each its turn once: one delivered, one failed attempt retried in a job of its own, a disabled subscription's ended", async () => {
    const db = handle.prisma;
    const [ok, failing, disabled] = [await endpoint(200), await endpoint(500), await endpoint(200)];
    const [okSub, failingSub, disabledSub] = [await subscribeTo(ok), await subscribeTo(failing), await subscribeTo(disabled)];
    const recorded = await recordEmailEvent(handle, {
      emailId: await createEmail(db, fixture),
      type: "delivered",
      eventTimestamp: new Date(),
      payloadJson: JSON.stringify({ eventType: "delivered", test: true }),
      dedupeKey: `shared-job:${okSub}`,
    });
    const deliveries = await db.webhookDelivery.findMany({ where: { id: { in: recorded.deliveryIds } } });
    const of = (subscriptionId: string) => deliveries.find((d) => d.subscriptionId === subscriptionId)!.id;
    await db.webhookSubscription.update({ where: { id: disabledSub }, data: { isActive: false } });

    const jobs = newDeliveryJobs(recorded.deliveryIds);
    expect(jobs).toHaveLength(1);
    const shared = jobs[0]!;
    expect(shared.jobId).toMatch(/^fanout-wd_/);
    await running.producer.enqueueMany(jobs);

    await waitUntil(
      "the delivered one",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: of(okSub) } })).status === "succeeded",
    );
    await waitUntil(
      "the disabled subscription's to fail",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: of(disabledSub) } })).status === "failed",
    );
    await waitUntil("the shared job to end", async () => (await running.producer.queue.getJobState(shared.jobId)) === "unknown");
    // The failed attempt's retry waits in a job under the delivery's own id, as any retry does.
    const retried = await db.webhookDelivery.findUniqueOrThrow({ where: { id: of(failingSub) } });
    expect(retried).toMatchObject({ status: "pending", attemptCount: 1, lastStatusCode: 500 });
    expect((await running.producer.queue.getJob(of(failingSub)))?.data).toEqual({ deliveryId: of(failingSub) });
    expect(ok.requests).toHaveLength(1);
    expect(disabled.requests).toHaveLength(0);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: of(disabledSub) } })).attemptCount).toBe(0);

    await waitUntil(
      "the second attempt",
      async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: of(failingSub) } })).attemptCount === 2,
    );
    expect(failing.requests).toHaveLength(2);

    // The same job again (a duplicate nudge) posts nothing twice: the rows say what is left.
    await running.producer.enqueueMany(jobs);
    await waitUntil("the duplicate job to end", async () => (await running.producer.queue.getJobState(shared.jobId)) === "unknown");
    expect(ok.requests).toHaveLength(1);
    expect(disabled.requests).toHaveLength(0);
  });
});
