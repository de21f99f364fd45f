import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import {
  type AttemptOutcome,
  type ClaimResult,
  createWebhookAttempt,
  DISABLED_DELIVERY_ERROR,
  deleteWebhookSubscription,
  disableWebhookSubscription,
  postgresDeliveryRows,
  recordEmailEvent,
  SecretBox,
  type WebhookAttempt,
} from "@svc/core";
import type { ClaimedDelivery } from "@svc/core/batched";
import type { DbHandle } from "@svc/db";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { DeliveryClaimer } from "../src/claims.ts";
import { AttemptRecorder } from "../src/record.ts";
import { createEmail, dispatcherEnv, subscribe } from "./support.ts";

/**
 * The batched claim and record statements against Postgres, through core's attempt (its claim
 * and record steps) without a worker: each race is played out step by step, in the order under test.
 */
const LEASE_MS = 60_000;
const POLICY = { baseMs: 60_000, windowMs: 3_600_000 };
const BATCHING = { maxBatch: 10, maxConcurrent: 2 };

let handle: DbHandle;
let box: SecretBox;
let claims: Pick<WebhookAttempt, "claim"> & Pick<DeliveryClaimer, "release">;
let recorder: Pick<WebhookAttempt, "recordClaimed" | "recordManual">;
const subscriptions: string[] = [];

beforeAll(async () => {
  handle = openTestDb();
  box = new SecretBox(dispatcherEnv().WEBHOOK_SECRET_KEY);
  const claimer = new DeliveryClaimer(handle, { leaseMs: LEASE_MS, ...BATCHING });
  const unused = () => {
    throw new Error("not used by these tests");
  };
  const attempt = createWebhookAttempt({
    claims: claimer,
    records: new AttemptRecorder(handle, BATCHING),
    rows: postgresDeliveryRows(handle),
    poster: { post: unused },
    slots: { acquire: unused, release: unused },
    share: { hasRoom: unused, tryTake: unused, give: unused },
    rate: { take: unused },
    secrets: box,
    clock: Date,
    schedule: POLICY,
  });
  claims = { claim: attempt.claim, release: (delivery) => claimer.release(delivery) };
  recorder = attempt;
});

afterAll(async () => {
  for (const id of subscriptions) await disableWebhookSubscription(handle.prisma, id).catch(() => {});
  await handle?.close();
});

/** A fresh pending delivery, in a workspace of its own (no job: nothing else touches it). */
async function pendingDelivery(): Promise<{ deliveryId: string; subscriptionId: string; secret: string }> {
  const fixture = await createWorkspaceFixture(handle);
  const subscription = await subscribe(handle.prisma, box, fixture.workspaceId, "http://127.0.0.1:9/hook", ["sent"]);
  subscriptions.push(subscription.id);
  const recorded = await recordEmailEvent(handle, {
    emailId: await createEmail(handle.prisma, fixture),
    type: "sent",
    eventTimestamp: new Date(),
    payloadJson: "{}",
    dedupeKey: `claim-test:${randomUUID()}`,
  });
  expect(recorded.deliveryIds).toHaveLength(1);
  return { deliveryId: recorded.deliveryIds[0]!, subscriptionId: subscription.id, secret: subscription.secret };
}

const row = (id: string) => handle.prisma.webhookDelivery.findUniqueOrThrow({ where: { id } });
const attempts = (deliveryId: string) => handle.prisma.webhookAttempt.findMany({ where: { deliveryId }, orderBy: { number: "asc" } });

function claimed(result: ClaimResult): ClaimedDelivery {
  if (result.kind !== "claimed") throw new Error(`expected a claim, got ${JSON.stringify(result)}`);
  return result.delivery;
}

/** Plays a lease that ran out: the row's nextAttemptAt moved into the past. */
async function expireLease(deliveryId: string): Promise<void> {
  await handle.prisma.webhookDelivery.update({ where: { id: deliveryId }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
}

const failed = (statusCode = 500): AttemptOutcome => ({
  succeeded: false,
  statusCode,
  responseExcerpt: "down",
  error: `The endpoint answered ${statusCode}.`,
  durationMs: 5,
});
const succeeded: AttemptOutcome = { succeeded: true, statusCode: 200, responseExcerpt: "ok", error: null, durationMs: 5 };

describe("claiming an automatic attempt", () => {
  test("a due pending delivery is claimed with what its attempt needs, once", async () => {
    const { deliveryId, subscriptionId, secret } = await pendingDelivery();
    const before = Date.now();
    const delivery = claimed(await claims.claim(deliveryId));
    expect(delivery).toMatchObject({
      id: deliveryId,
      subscriptionId,
      eventType: "sent",
      url: "http://127.0.0.1:9/hook",
      firstAttemptAt: null,
      attemptCount: 0,
      automaticAttempts: 0,
    });
    expect(JSON.parse(delivery.body)).toMatchObject({ id: deliveryId, type: "email.event" });
    expect(box.open(delivery.secretEncrypted)).toBe(secret);
    expect(delivery.leaseUntil.getTime()).toBeGreaterThanOrEqual(before + LEASE_MS);
    expect((await row(deliveryId)).nextAttemptAt).toEqual(delivery.leaseUntil);

    // A duplicate job finds it not due until the lease ends.
    expect(await claims.claim(deliveryId)).toEqual({ kind: "not-due", dueAt: delivery.leaseUntil });
  });

  test("two jobs of one delivery in the same batch: exactly one claims it", async () => {
    const { deliveryId } = await pendingDelivery();
    const results = await Promise.all([claims.claim(deliveryId), claims.claim(deliveryId), claims.claim(deliveryId)]);
    expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "not-due")).toHaveLength(2);
  });

  test("a delivery not yet due is not claimed and says when it is due", async () => {
    const { deliveryId } = await pendingDelivery();
    const dueAt = new Date(Date.now() + 3_600_000);
    await handle.prisma.webhookDelivery.update({ where: { id: deliveryId }, data: { nextAttemptAt: dueAt } });
    expect(await claims.claim(deliveryId)).toEqual({ kind: "not-due", dueAt });
    expect((await row(deliveryId)).nextAttemptAt).toEqual(dueAt);
  });

  test("an already succeeded delivery is not claimed", async () => {
    const { deliveryId } = await pendingDelivery();
    await handle.prisma.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "succeeded", completedAt: new Date() } });
    expect(await claims.claim(deliveryId)).toEqual({ kind: "finished", status: "succeeded" });
  });

  test("a delivery whose subscription was disabled (the flag only, as in a race) is stopped for good", async () => {
    const { deliveryId, subscriptionId } = await pendingDelivery();
    await handle.prisma.webhookSubscription.update({ where: { id: subscriptionId }, data: { isActive: false } });
    expect(await claims.claim(deliveryId)).toEqual({ kind: "subscription-disabled" });
    expect(await row(deliveryId)).toMatchObject({ status: "failed", nextAttemptAt: null, lastError: DISABLED_DELIVERY_ERROR });
    expect((await row(deliveryId)).completedAt).not.toBeNull();
  });

  test("a delivery deleted with its subscription is gone", async () => {
    const { deliveryId, subscriptionId } = await pendingDelivery();
    await deleteWebhookSubscription(handle.prisma, subscriptionId);
    expect(await claims.claim(deliveryId)).toEqual({ kind: "gone" });
  });

  test("a released claim is due again and can be claimed; a release after the lease was taken over changes nothing", async () => {
    const { deliveryId } = await pendingDelivery();
    const first = claimed(await claims.claim(deliveryId));
    await claims.release(first);
    expect((await row(deliveryId)).nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const second = claimed(await claims.claim(deliveryId));
    await claims.release(first); // stale: the row carries the second claim's lease
    expect((await row(deliveryId)).nextAttemptAt).toEqual(second.leaseUntil);
  });
});

describe("recording an attempt", () => {
  test("an automatic attempt under its claim: numbered 1, the retry scheduled from the policy", async () => {
    const { deliveryId } = await pendingDelivery();
    const delivery = claimed(await claims.claim(deliveryId));
    const startedAt = new Date();
    const result = await recorder.recordClaimed(delivery, startedAt, failed());
    const retryAt = new Date(startedAt.getTime() + POLICY.baseMs);
    expect(result).toEqual({
      kind: "recorded",
      decision: { status: "pending", firstAttemptAt: startedAt, nextAttemptAt: retryAt, completedAt: null, retryAt },
    });
    expect(await row(deliveryId)).toMatchObject({
      status: "pending",
      attemptCount: 1,
      firstAttemptAt: startedAt,
      nextAttemptAt: retryAt,
      lastStatusCode: 500,
      lastError: "The endpoint answered 500.",
    });
    expect((await attempts(deliveryId)).map((a) => [a.number, a.manual, a.statusCode, a.responseExcerpt])).toEqual([
      [1, false, 500, "down"],
    ]);
  });

  test("the retry after a second failure doubles its gap (automatic attempts counted by the claim)", async () => {
    const { deliveryId } = await pendingDelivery();
    await recorder.recordClaimed(claimed(await claims.claim(deliveryId)), new Date(), failed());
    await expireLease(deliveryId); // the retry is due
    const second = claimed(await claims.claim(deliveryId));
    expect(second).toMatchObject({ attemptCount: 1, automaticAttempts: 1 });
    const startedAt = new Date();
    const result = await recorder.recordClaimed(second, startedAt, failed());
    expect(result).toMatchObject({
      kind: "recorded",
      decision: { status: "pending", nextAttemptAt: new Date(startedAt.getTime() + 2 * POLICY.baseMs) },
    });
    expect((await attempts(deliveryId)).map((a) => a.number)).toEqual([1, 2]);
  });

  test("a manual attempt recorded while an automatic one is in flight: numbered in turn, the automatic one decided from the row", async () => {
    const { deliveryId } = await pendingDelivery();
    const delivery = claimed(await claims.claim(deliveryId));
    const automaticStart = new Date();
    const manualStart = new Date(automaticStart.getTime() - 1000); // the manual attempt started first

    // The manual attempt fails and is recorded first: the schedule (this claim's lease) stays.
    expect(await recorder.recordManual(deliveryId, manualStart, failed(503))).toMatchObject({
      kind: "recorded",
      decision: { status: "pending", nextAttemptAt: delivery.leaseUntil },
    });
    expect(await row(deliveryId)).toMatchObject({ attemptCount: 1, firstAttemptAt: manualStart, nextAttemptAt: delivery.leaseUntil });

    // The automatic one still holds its claim: recorded as number 2, its window counted from the
    // manual attempt (the row's firstAttemptAt), not from the claim's stale null.
    const result = await recorder.recordClaimed(delivery, automaticStart, failed());
    const retryAt = new Date(automaticStart.getTime() + POLICY.baseMs);
    expect(result).toEqual({
      kind: "recorded",
      decision: { status: "pending", firstAttemptAt: manualStart, nextAttemptAt: retryAt, completedAt: null, retryAt },
    });
    expect((await attempts(deliveryId)).map((a) => [a.number, a.manual, a.statusCode])).toEqual([
      [1, true, 503],
      [2, false, 500],
    ]);
    expect(await row(deliveryId)).toMatchObject({
      status: "pending",
      attemptCount: 2,
      firstAttemptAt: manualStart,
      nextAttemptAt: retryAt,
      lastStatusCode: 500,
    });
  });

  test("a successful manual attempt and a failed automatic one recorded at once: numbered 1 and 2, the delivery ends succeeded", async () => {
    for (let round = 0; round < 5; round++) {
      const { deliveryId } = await pendingDelivery();
      const delivery = claimed(await claims.claim(deliveryId));
      const results = await Promise.all([
        recorder.recordClaimed(delivery, new Date(), failed()),
        recorder.recordManual(deliveryId, new Date(), succeeded),
      ]);
      expect(results[1]).toMatchObject({ kind: "recorded", decision: { status: "succeeded" } });
      expect((await attempts(deliveryId)).map((a) => a.number)).toEqual([1, 2]);
      expect(await row(deliveryId)).toMatchObject({ status: "succeeded", attemptCount: 2, nextAttemptAt: null });
    }
  });

  test("an attempt whose lease ran out and was taken over cannot overwrite the newer attempt's outcome", async () => {
    const { deliveryId } = await pendingDelivery();
    const stale = claimed(await claims.claim(deliveryId));
    await expireLease(deliveryId); // the first worker froze past its lease
    const current = claimed(await claims.claim(deliveryId));

    expect(await recorder.recordClaimed(current, new Date(), succeeded)).toMatchObject({
      kind: "recorded",
      decision: { status: "succeeded" },
    });
    const afterNewer = await row(deliveryId);

    // The stale attempt did happen, so it is on record, numbered after; the delivery stays as the newer one left it.
    expect(await recorder.recordClaimed(stale, new Date(), failed())).toEqual({ kind: "claim-lost", status: "succeeded" });
    expect((await attempts(deliveryId)).map((a) => [a.number, a.statusCode])).toEqual([
      [1, 200],
      [2, 500],
    ]);
    expect(await row(deliveryId)).toMatchObject({
      status: "succeeded",
      attemptCount: 2,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
      completedAt: afterNewer.completedAt,
    });
  });

  test("a stale failure recorded before the newer claim's attempt: the newer claim still decides the schedule", async () => {
    const { deliveryId } = await pendingDelivery();
    const stale = claimed(await claims.claim(deliveryId));
    await expireLease(deliveryId);
    const current = claimed(await claims.claim(deliveryId));

    expect(await recorder.recordClaimed(stale, new Date(), failed(502))).toEqual({ kind: "claim-lost", status: "pending" });
    expect(await row(deliveryId)).toMatchObject({
      status: "pending",
      attemptCount: 1,
      nextAttemptAt: current.leaseUntil,
      lastStatusCode: null,
    });

    // Both automatic attempts happened, so the next gap is the second one's (doubled).
    const startedAt = new Date();
    expect(await recorder.recordClaimed(current, startedAt, failed())).toMatchObject({
      kind: "recorded",
      decision: { status: "pending", retryAt: new Date(startedAt.getTime() + 2 * POLICY.baseMs) },
    });
    expect((await attempts(deliveryId)).map((a) => [a.number, a.statusCode])).toEqual([
      [1, 502],
      [2, 500],
    ]);
    expect(await row(deliveryId)).toMatchObject({ attemptCount: 2, lastStatusCode: 500 });
  });

  test("a stale success still ends the delivery as succeeded; the newer claim's failure then changes nothing", async () => {
    const { deliveryId } = await pendingDelivery();
    const stale = claimed(await claims.claim(deliveryId));
    await expireLease(deliveryId);
    const current = claimed(await claims.claim(deliveryId));

    expect(await recorder.recordClaimed(stale, new Date(), succeeded)).toMatchObject({
      kind: "recorded",
      decision: { status: "succeeded", retryAt: null },
    });
    expect(await recorder.recordClaimed(current, new Date(), failed())).toEqual({ kind: "claim-lost", status: "succeeded" });
    expect(await row(deliveryId)).toMatchObject({ status: "succeeded", attemptCount: 2, lastStatusCode: 200, nextAttemptAt: null });
    expect((await attempts(deliveryId)).map((a) => [a.number, a.statusCode])).toEqual([
      [1, 200],
      [2, 500],
    ]);
  });

  test("a disabled subscription's delivery keeps its reason when an in-flight attempt is recorded", async () => {
    const { deliveryId, subscriptionId } = await pendingDelivery();
    const delivery = claimed(await claims.claim(deliveryId));
    await disableWebhookSubscription(handle.prisma, subscriptionId);
    expect(await recorder.recordClaimed(delivery, new Date(), failed())).toEqual({ kind: "claim-lost", status: "failed" });
    expect(await row(deliveryId)).toMatchObject({ status: "failed", attemptCount: 1, lastError: DISABLED_DELIVERY_ERROR });
  });

  test("a delivery deleted during its attempt: nothing recorded", async () => {
    const { deliveryId, subscriptionId } = await pendingDelivery();
    const delivery = claimed(await claims.claim(deliveryId));
    await deleteWebhookSubscription(handle.prisma, subscriptionId);
    expect(await recorder.recordClaimed(delivery, new Date(), succeeded)).toEqual({ kind: "gone" });
    expect(await attempts(deliveryId)).toEqual([]);
  });

  test("attempts of many deliveries recorded at once (batched together) are each numbered on their own delivery", async () => {
    const deliveries = await Promise.all(Array.from({ length: 12 }, () => pendingDelivery()));
    const claimedAll = await Promise.all(deliveries.map(async ({ deliveryId }) => claimed(await claims.claim(deliveryId))));
    const results = await Promise.all(claimedAll.map((d, i) => recorder.recordClaimed(d, new Date(), i % 2 === 0 ? succeeded : failed())));
    expect(results.map((r) => (r.kind === "recorded" ? r.decision.status : r.kind))).toEqual(
      claimedAll.map((_, i) => (i % 2 === 0 ? "succeeded" : "pending")),
    );
    for (const { deliveryId } of deliveries) expect((await attempts(deliveryId)).map((a) => a.number)).toEqual([1]);
  });
});
