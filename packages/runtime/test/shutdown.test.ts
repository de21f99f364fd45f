import { describe, expect, it } from "@jest/globals";
import { createLogger } from "@svc/logger";
import { Shutdown, ShutdownDeadlinePassed } from "@svc/runtime";

const log = createLogger("shutdown-test", "silent");

describe("Shutdown", () => {
  it("runs its steps in order once, past a step that fails", async () => {
    const ran: string[] = [];
    const shutdown = new Shutdown(log, 5_000)
      .add("server", () => ran.push("server"))
      .add("worker", () => Promise.reject(new Error("already closed")))
      .add("pool", async () => ran.push("pool"));

    await Promise.all([shutdown.run(), shutdown.run()]);
    await shutdown.run();

    expect(ran).toEqual(["server", "pool"]);
  });

  it("rejects past its deadline instead of ending the process that embeds the app", async () => {
    const ran: string[] = [];
    const shutdown = new Shutdown(log, 50).add("stuck", () => new Promise(() => {})).add("never reached", () => ran.push("late"));

    const outcome = await shutdown.run().then(
      () => "finished",
      (error: unknown) => error,
    );

    expect(outcome).toBeInstanceOf(ShutdownDeadlinePassed);
    expect((outcome as ShutdownDeadlinePassed).deadlineMs).toBe(50);
    expect(ran).toEqual([]);
  });
});
