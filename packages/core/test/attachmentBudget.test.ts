import { describe, expect, it } from "@jest/globals";
import { ATTACHMENT_BUDGET_FULL, AttachmentBudget } from "../src/sending/attachmentBudget.ts";

/** A job that records when it runs and finishes when `finish` is called. */
function job(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("AttachmentBudget", () => {
  it("runs emails side by side while they fit, holds the rest in arrival order, and lets one oversized email go alone", async () => {
    const budget = new AttachmentBudget(100, 60_000);
    const log: string[] = [];
    const a = job(log, "a");
    const b = job(log, "b");
    const c = job(log, "c");
    const huge = job(log, "huge");
    const small = job(log, "small");
    const runs = [
      budget.hold(60, a.run),
      budget.hold(40, b.run),
      budget.hold(30, c.run),
      budget.hold(500, huge.run),
      budget.hold(0, small.run),
    ];
    await tick();
    // a and b fill the budget; c waits; an email without files never waits.
    expect(log).toEqual(["start small", "start a", "start b"]);
    a.finish();
    await tick();
    expect(log).toEqual(["start small", "start a", "start b", "end a", "start c"]);
    b.finish();
    c.finish();
    await tick();
    await tick();
    // Larger than the whole budget: it runs once nothing else holds any.
    expect(log.slice(-3)).toEqual(["end b", "end c", "start huge"]);
    huge.finish();
    small.finish();
    await Promise.all(runs);
  });

  it("gives the bytes back when the work throws", async () => {
    const budget = new AttachmentBudget(10, 60_000);
    await expect(budget.hold(10, async () => Promise.reject(new Error("provider down")))).rejects.toThrow("provider down");
    let ran = false;
    await budget.hold(10, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it("bounds the wait: one that finds no room within it gives up its place without running, and those behind it move up", async () => {
    const budget = new AttachmentBudget(100, 200);
    const log: string[] = [];
    const a = job(log, "a");
    const big = job(log, "big");
    const small = job(log, "small");
    const first = budget.hold(80, a.run);
    const started = Date.now();
    const waitedOut = budget.hold(50, big.run);
    const behind = budget.hold(20, small.run);
    await tick();
    expect(log).toEqual(["start a"]);
    expect(await waitedOut).toBe(ATTACHMENT_BUDGET_FULL);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    // The small one fits beside a once the big one gave up its place.
    await tick();
    expect(log).toEqual(["start a", "start small"]);
    a.finish();
    small.finish();
    await Promise.all([first, behind]);
    expect(log).not.toContain("start big");
  });
});
