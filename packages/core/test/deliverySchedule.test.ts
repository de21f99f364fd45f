import { describe, expect, test } from "@jest/globals";
import { type DeliveryState, decideAfterAttempt, nextRetryAt } from "../src/webhooks/deliverySchedule.ts";

const MINUTE = 60_000;
const DEFAULTS = { baseMs: MINUTE, windowMs: 24 * 60 * MINUTE };
const T0 = new Date("2026-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** Runs the policy with every attempt starting exactly when it is due. */
function schedule(policy: { baseMs: number; windowMs: number }): number[] {
  const starts = [0];
  for (;;) {
    const last = starts[starts.length - 1]!;
    const next = nextRetryAt(policy, { firstAttemptAt: T0, attemptStartedAt: at(last), automaticAttempts: starts.length });
    if (!next) return starts;
    starts.push(next.getTime() - T0.getTime());
  }
}

describe("nextRetryAt", () => {
  test("defaults: retries after 1, 2, 4 … 512 minutes, then the last attempt at exactly 24 hours", () => {
    const minutes = schedule(DEFAULTS).map((ms) => ms / MINUTE);
    expect(minutes).toEqual([0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023, 1440]);
    const gaps = minutes.slice(1).map((m, i) => m - minutes[i]!);
    expect(gaps.slice(0, -1)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
    // 1023 + 1024 would pass the window: moved to its end.
    expect(gaps[gaps.length - 1]).toBe(417);
  });

  test("a short base and window: 0, 200, 600, 1400, then 3000 moved to the window's end at 2500", () => {
    expect(schedule({ baseMs: 200, windowMs: 2500 })).toEqual([0, 200, 600, 1400, 2500]);
  });

  test("an attempt that lands exactly on the window's end is the last", () => {
    expect(schedule({ baseMs: 200, windowMs: 3000 })).toEqual([0, 200, 600, 1400, 3000]);
  });

  test("gaps count from the attempt's actual start, so a late attempt pushes later ones out", () => {
    const next = nextRetryAt(DEFAULTS, { firstAttemptAt: T0, attemptStartedAt: at(5 * MINUTE), automaticAttempts: 2 });
    expect(next).toEqual(at(7 * MINUTE));
  });

  test("an attempt made after the window's end (the dispatcher was down) is the last", () => {
    expect(nextRetryAt(DEFAULTS, { firstAttemptAt: T0, attemptStartedAt: at(25 * 60 * MINUTE), automaticAttempts: 3 })).toBeNull();
  });

  test("a zero window means a single attempt", () => {
    expect(schedule({ baseMs: MINUTE, windowMs: 0 })).toEqual([0]);
  });

  test("a huge attempt count does not overflow past the window", () => {
    expect(nextRetryAt(DEFAULTS, { firstAttemptAt: T0, attemptStartedAt: at(MINUTE), automaticAttempts: 5000 })).toEqual(
      at(DEFAULTS.windowMs),
    );
  });
});

describe("decideAfterAttempt", () => {
  const pending: DeliveryState = { status: "pending", firstAttemptAt: null, nextAttemptAt: T0, completedAt: null };
  const facts = { manual: false, startedAt: T0, finishedAt: at(50), automaticAttempts: 1 };

  test("a 2xx ends the delivery as succeeded", () => {
    expect(decideAfterAttempt(DEFAULTS, pending, { ...facts, succeeded: true })).toEqual({
      status: "succeeded",
      firstAttemptAt: T0,
      nextAttemptAt: null,
      completedAt: at(50),
      retryAt: null,
    });
  });

  test("a failed automatic attempt schedules the next retry and records the first attempt", () => {
    const decision = decideAfterAttempt(DEFAULTS, pending, { ...facts, succeeded: false });
    expect(decision).toEqual({ status: "pending", firstAttemptAt: T0, nextAttemptAt: at(MINUTE), completedAt: null, retryAt: at(MINUTE) });
  });

  test("a failed automatic attempt at the window's end fails the delivery", () => {
    const state = { ...pending, firstAttemptAt: T0 };
    const end = at(DEFAULTS.windowMs);
    const decision = decideAfterAttempt(DEFAULTS, state, {
      ...facts,
      startedAt: end,
      finishedAt: end,
      automaticAttempts: 12,
      succeeded: false,
    });
    expect(decision).toMatchObject({ status: "failed", nextAttemptAt: null, completedAt: end, retryAt: null });
  });

  test("a failed manual attempt leaves a pending delivery's schedule alone", () => {
    const state = { ...pending, firstAttemptAt: T0, nextAttemptAt: at(7 * MINUTE) };
    const decision = decideAfterAttempt(DEFAULTS, state, { ...facts, startedAt: at(MINUTE), manual: true, succeeded: false });
    expect(decision).toEqual({ status: "pending", firstAttemptAt: T0, nextAttemptAt: at(7 * MINUTE), completedAt: null, retryAt: null });
  });

  test("a failed manual attempt leaves a failed delivery failed; a successful one makes it succeeded", () => {
    const failed: DeliveryState = { status: "failed", firstAttemptAt: T0, nextAttemptAt: null, completedAt: at(1000) };
    expect(decideAfterAttempt(DEFAULTS, failed, { ...facts, manual: true, succeeded: false })).toMatchObject({
      status: "failed",
      completedAt: at(1000),
      retryAt: null,
    });
    expect(decideAfterAttempt(DEFAULTS, failed, { ...facts, manual: true, succeeded: true, finishedAt: at(2000) })).toMatchObject({
      status: "succeeded",
      completedAt: at(2000),
    });
  });
});
