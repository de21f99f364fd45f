import { describe, expect, it } from "@jest/globals";
import { createLogger } from "@svc/logger";
import { every } from "@svc/runtime";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that keeps its warnings. */
function recordingLog() {
  const warnings: string[] = [];
  const log = createLogger("every-test", "warn", {
    hooks: {
      logMethod(args) {
        warnings.push(String(args[1] ?? args[0]));
      },
    },
  });
  return { log, warnings };
}

describe("every", () => {
  it("never overlaps a slow run with the next, and keeps going after a failure, logging it", async () => {
    const { log, warnings } = recordingLog();
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const task = every(
      "test task",
      5,
      async () => {
        runs += 1;
        running += 1;
        overlapped ||= running > 1;
        await sleep(20);
        running -= 1;
        if (runs === 1) throw new Error("first run fails");
      },
      log,
      { firstRunMs: 0 },
    );
    // Runs until the third has started, however slow the machine (the suite's timeout bounds it).
    while (runs < 3) await sleep(10);
    await task.stop();
    expect(overlapped).toBe(false);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(warnings).toEqual(["test task failed; trying again at the next interval"]);
  });

  it("stop waits for the run in flight and cancels the next one", async () => {
    const { log } = recordingLog();
    let finished = 0;
    let started = 0;
    const task = every(
      "slow task",
      1,
      async () => {
        started += 1;
        await sleep(50);
        finished += 1;
      },
      log,
      { firstRunMs: 0 },
    );
    await sleep(10);
    await task.stop();
    expect(finished).toBe(started);
    await sleep(20);
    expect(started).toBe(1);
  });
});
