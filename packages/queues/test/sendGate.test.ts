import { afterAll, describe, expect, it } from "@jest/globals";
import { createWorkerConnection, SendGate, type SendGateOptions } from "@svc/queues";
import type { Redis } from "ioredis";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";
import { countCalls } from "./countCalls.ts";

const connections: Redis[] = [];
afterAll(() => {
  for (const connection of connections) connection.disconnect();
});

/** A gate on a connection of its own, and the count of its script calls. */
function gate(options: Partial<SendGateOptions> = {}, url = TEST_REDIS_URL) {
  const redis = createWorkerConnection(url);
  connections.push(redis);
  const prefix = uniquePrefix("gate");
  const made = new SendGate(redis, prefix, { recipientsPerSecond: 100, maxWaitMs: 1_000, holdMs: 60_000, ...options });
  return { gate: made, counter: countCalls(redis, "svcSendGate") };
}

/** The waits of "go" answers; fails on any other answer. */
function waitsOf(decisions: Array<Awaited<ReturnType<SendGate["pass"]>>>): number[] {
  return decisions.map((decision) => {
    if (decision.kind !== "go") throw new Error(`expected go, got ${JSON.stringify(decision)}`);
    return decision.waitMs;
  });
}

describe("SendGate", () => {
  it("answers the emails that ask together in one script call, spaced at the rate in recipients, in the order they asked", async () => {
    const { gate: one, counter } = gate({ recipientsPerSecond: 100 });
    // 10 ms a recipient: the third email has three recipients, so the fourth waits 30 ms more.
    const waits = waitsOf(await Promise.all([1, 1, 3, 1, 1].map((recipients) => one.pass("ws_a", recipients))));
    expect(counter.calls).toBe(1);
    const expected = [0, 10, 20, 50, 60];
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThanOrEqual(expected[i]!);
      expect(wait).toBeLessThanOrEqual(expected[i]! + 1);
    });
  });

  it("takes nothing for an email whose wait would pass the longest wait, and answers it busy with that wait", async () => {
    const { gate: one } = gate({ recipientsPerSecond: 100, maxWaitMs: 25 });
    const decisions = await Promise.all(Array.from({ length: 5 }, () => one.pass("ws_a", 1)));
    expect(decisions.map((decision) => decision.kind)).toEqual(["go", "go", "go", "busy", "busy"]);
    for (const busy of decisions.slice(3)) expect(busy.kind === "busy" && busy.waitMs).toBeGreaterThanOrEqual(29);
    // The busy ones took nothing: once the three taken intervals pass, the rate is free again.
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await one.pass("ws_a", 1)).toEqual({ kind: "go", waitMs: 0 });
  });

  it("answers a held workspace's email held, without charging the rate, beside another workspace's emails", async () => {
    const { gate: one } = gate({ recipientsPerSecond: 100 });
    await one.hold("ws_held");
    const [first, held, second] = await Promise.all([one.pass("ws_a", 1), one.pass("ws_held", 50), one.pass("ws_b", 1)]);
    expect(first).toEqual({ kind: "go", waitMs: 0 });
    expect(held?.kind).toBe("held");
    expect(held?.kind === "held" && held.remainingMs).toBeGreaterThan(59_000);
    // The held email's fifty recipients were not taken: the next email waits one interval, not fifty-one.
    expect(second?.kind).toBe("go");
    expect(second?.kind === "go" && second.waitMs).toBeLessThanOrEqual(11);
  });

  it("lets every email go at once when the rate is unlimited, and still holds a held workspace", async () => {
    const { gate: one } = gate({ recipientsPerSecond: 0 });
    await one.hold("ws_held");
    const decisions = await Promise.all([one.pass("ws_a", 10), one.pass("ws_held", 1), one.pass("ws_a", 10)]);
    expect(decisions.map((decision) => decision.kind)).toEqual(["go", "held", "go"]);
    expect(waitsOf([decisions[0]!, decisions[2]!])).toEqual([0, 0]);
  });

  it("answers every email of a call busy for a second when Redis does not answer", async () => {
    // Nothing listens on port 1: each attempt to connect fails, and the call waits out its deadline.
    const { gate: one } = gate({}, "redis://127.0.0.1:1");
    const decisions = await Promise.all([one.pass("ws_a", 1), one.pass("ws_b", 1)]);
    expect(decisions).toEqual([
      { kind: "busy", waitMs: 1_000 },
      { kind: "busy", waitMs: 1_000 },
    ]);
  });

  it("passes at most the account's 24-hour quota across callers, holds the rest with when the window frees room, and gives it back as the window moves", async () => {
    const window = 1_500;
    const { gate: one } = gate({ recipientsPerSecond: 0, quotaWindowMs: window, accountRefreshMs: 60_000 });
    // Unknown until the account is read: nothing is held for it.
    expect(await one.pass("ws_a", 3)).toEqual({ kind: "go", waitMs: 0 });
    await one.recordAccount({ max24HourSend: 10, sentLast24Hours: 4, sendingEnabled: true });
    const first = await Promise.all([one.pass("ws_a", 3), one.pass("ws_b", 2), one.pass("ws_a", 2)]);
    expect(first.map((decision) => decision.kind)).toEqual(["go", "go", "account_quota"]);
    // The four counted at the read are others' mail; the five passed since can free room: the
    // email of two waits until the first three leave the window.
    const held = first[2]!;
    expect(held.kind === "account_quota" && held.resumeInMs).toBeGreaterThan(window - 100);
    expect(held.kind === "account_quota" && held.resumeInMs).toBeLessThanOrEqual(window + 10);
    expect(await one.quotaRemaining()).toEqual({ max: 10, remaining: 1 });
    // One recipient still fits; then none.
    expect((await one.pass("ws_c", 1)).kind).toBe("go");
    expect((await one.pass("ws_c", 1)).kind).toBe("account_quota");

    await new Promise((resolve) => setTimeout(resolve, window + 50));
    // What the senders passed has left the window: room again, without another read.
    expect(await one.pass("ws_a", 2)).toEqual({ kind: "go", waitMs: 0 });
  });

  it("holds the unknown part of the quota (others' mail) until the next read, and SES's refusal spends it", async () => {
    const { gate: one } = gate({ recipientsPerSecond: 0, quotaWindowMs: 60_000, accountRefreshMs: 5_000 });
    await one.recordAccount({ max24HourSend: 10, sentLast24Hours: 10, sendingEnabled: true });
    expect(await one.pass("ws_a", 1)).toEqual({ kind: "account_quota", resumeInMs: 5_000 });
    await one.recordAccount({ max24HourSend: 10, sentLast24Hours: 0, sendingEnabled: true });
    expect((await one.pass("ws_a", 1)).kind).toBe("go");
    await one.quotaSpent();
    expect((await one.pass("ws_a", 1)).kind).toBe("account_quota");
    // Unlimited (-1) lets everything through.
    await one.recordAccount({ max24HourSend: -1, sentLast24Hours: 0, sendingEnabled: true });
    expect((await one.pass("ws_a", 1_000)).kind).toBe("go");
  });

  it("holds every workspace's email while the account is paused, before its own hold, and lets them go once a read finds it enabled", async () => {
    const { gate: one } = gate({ recipientsPerSecond: 0, accountRefreshMs: 5_000 });
    await one.hold("ws_held");
    await one.recordAccount({ max24HourSend: -1, sentLast24Hours: 0, sendingEnabled: false });
    const decisions = await Promise.all([one.pass("ws_a", 1), one.pass("ws_held", 1)]);
    expect(decisions.map((decision) => decision.kind)).toEqual(["account_paused", "account_paused"]);
    expect(decisions[0]!.kind === "account_paused" && decisions[0]!.remainingMs).toBeGreaterThan(9_000);
    await one.recordAccount({ max24HourSend: -1, sentLast24Hours: 0, sendingEnabled: true });
    expect((await Promise.all([one.pass("ws_a", 1), one.pass("ws_held", 1)])).map((decision) => decision.kind)).toEqual(["go", "held"]);
    // SES refusing a send for the account's pause holds everyone until the next read.
    await one.pauseAccount();
    expect((await one.pass("ws_a", 1)).kind).toBe("account_paused");
  });
});
