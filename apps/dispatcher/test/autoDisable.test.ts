import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { disableWebhookSubscription, enableWebhookSubscription } from "@svc/core";
import type { DbHandle } from "@svc/db";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { createEmail, emitEvent, Receiver, type RunningDispatcher, startDispatcher, subscribe, waitUntil } from "./support.ts";

/**
 * A subscription's failure run is tracked by its attempts (started by a failure, ended by a
 * success), and one failing for WEBHOOK_AUTO_DISABLE_DAYS is disabled by the dispatcher with
 * its pending deliveries stopped.
 */
let handle: DbHandle;
const dispatchers: RunningDispatcher[] = [];
const receivers: Receiver[] = [];
const subscriptions: string[] = [];
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(() => {
  handle = openTestDb();
});

afterAll(async () => {
  for (const id of subscriptions) await disableWebhookSubscription(handle.prisma, id).catch(() => {});
  for (const d of dispatchers) await d.stop();
  for (const r of receivers) await r.close();
  await handle?.close();
});

describe("failing webhook subscriptions", () => {
  test("the first failed attempt starts the run, a success ends it, and a run of more than the limit disables the subscription", async () => {
    const db = handle.prisma;
    let answer = 500;
    const receiver = await Receiver.start(() => ({ status: answer }));
    receivers.push(receiver);
    // Checked often here; one retry far in the future, so each failed delivery stays pending.
    const dispatcher = await startDispatcher({
      WEBHOOK_AUTO_DISABLE_DAYS: "5",
      WEBHOOK_AUTO_DISABLE_CHECK_MS: "200",
      WEBHOOK_RETRY_BASE_MS: "3600000",
    });
    dispatchers.push(dispatcher);
    const fixture = await createWorkspaceFixture(handle);
    const failing = await subscribe(db, dispatcher.box, fixture.workspaceId, `${receiver.url()}/failing`, ["sent"]);
    subscriptions.push(failing.id);

    await emitEvent(handle, dispatcher.producer, await createEmail(db, fixture), "sent");
    await waitUntil(
      "the failure run to start",
      async () => (await db.webhookSubscription.findUniqueOrThrow({ where: { id: failing.id } })).failingSince !== null,
    );
    const firstAttempt = await db.webhookAttempt.findFirstOrThrow({ where: { delivery: { subscriptionId: failing.id } } });
    const started = (await db.webhookSubscription.findUniqueOrThrow({ where: { id: failing.id } })).failingSince!;
    expect(started.toISOString()).toBe(firstAttempt.startedAt.toISOString());

    // A second failure keeps the run's start.
    await emitEvent(handle, dispatcher.producer, await createEmail(db, fixture), "sent");
    await waitUntil(
      "the second attempt",
      async () => (await db.webhookAttempt.count({ where: { delivery: { subscriptionId: failing.id } } })) === 2,
    );
    expect((await db.webhookSubscription.findUniqueOrThrow({ where: { id: failing.id } })).failingSince).toEqual(started);

    answer = 200;
    await emitEvent(handle, dispatcher.producer, await createEmail(db, fixture), "sent");
    await waitUntil(
      "a success to end the run",
      async () => (await db.webhookSubscription.findUniqueOrThrow({ where: { id: failing.id } })).failingSince === null,
    );

    answer = 500;
    const pending = await emitEvent(handle, dispatcher.producer, await createEmail(db, fixture), "sent");
    await waitUntil(
      "a new run",
      async () => (await db.webhookSubscription.findUniqueOrThrow({ where: { id: failing.id } })).failingSince !== null,
    );
    // Four days into the run: still active. Then six: disabled at the next check.
    await db.webhookSubscription.update({ where: { id: failing.id }, data: { failingSince: new Date(Date.now() - 4 * DAY_MS) } });
    const recovering = await subscribe(db, dispatcher.box, fixture.workspaceId, `${receiver.url()}/other`, ["delivered"]);
    subscriptions.push(recovering.id);
    await db.webhookSubscription.update({ where: { id: recovering.id }, data: { failingSince: new Date(Date.now() - 4 * DAY_MS) } });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // several checks
    expect((await db.webhookSubscription.findUniqueOrThrow({ where: { id: failing.id } })).isActive).toBe(true);

    const runStart = new Date(Date.now() - 6 * DAY_MS);
    await db.webhookSubscription.update({ where: { id: failing.id }, data: { failingSince: runStart } });
    await waitUntil(
      "the subscription to be disabled",
      async () => !(await db.webhookSubscription.findUniqueOrThrow({ where: { id: failing.id } })).isActive,
    );
    const disabled = await db.webhookSubscription.findUniqueOrThrow({ where: { id: failing.id } });
    expect(disabled.disabledReason).toBe("Disabled automatically: every delivery attempt failed for 5 days.");
    expect(disabled.disabledAt).not.toBeNull();
    expect(disabled.failingSince).toEqual(runStart);
    expect(disabled.ownersNotifiedAt).toBeNull();
    const stopped = await db.webhookDelivery.findUniqueOrThrow({ where: { id: pending[0]! } });
    expect(stopped).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect((await db.webhookSubscription.findUniqueOrThrow({ where: { id: recovering.id } })).isActive).toBe(true);

    // Enabling starts afresh.
    const enabled = await enableWebhookSubscription(db, failing.id);
    expect(enabled).toMatchObject({ isActive: true, failingSince: null, disabledAt: null, disabledReason: null });
  });
});
