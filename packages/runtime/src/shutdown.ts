import type { Logger } from "@svc/logger";
import { withTimeout } from "./timeout.ts";

export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown> | unknown;
}

/** `Shutdown.run` passed its deadline with a step still running. */
export class ShutdownDeadlinePassed extends Error {
  constructor(readonly deadlineMs: number) {
    super(`Shutdown did not finish within ${deadlineMs} ms.`);
  }
}

/**
 * Graceful shutdown in a fixed order: stop taking work (HTTP servers, workers), then close
 * connections. Steps run one after another, each failure logged and skipped, all under one
 * deadline: a stuck close must not keep a deploy waiting. Past the deadline `run` rejects and
 * whoever owns the process exits (the signal handlers here, `runApp`); an app embedded in another
 * process (a test run) leaves that process to decide.
 */
export class Shutdown {
  private readonly steps: ShutdownStep[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly log: Logger,
    private readonly deadlineMs = 10_000,
  ) {}

  /** Steps run in the order they are added: add servers first, then workers, then pools. */
  add(name: string, run: ShutdownStep["run"]): this {
    this.steps.push({ name, run });
    return this;
  }

  /** Adds each step in its order, as `add` would. */
  addAll(steps: readonly ShutdownStep[]): this {
    this.steps.push(...steps);
    return this;
  }

  /** Runs the steps once (later calls share the first run); rejects with ShutdownDeadlinePassed. */
  run(): Promise<void> {
    // The steps never reject (each failure is logged and skipped): a rejection is the deadline.
    this.running ??= withTimeout(this.execute(), this.deadlineMs, () => new ShutdownDeadlinePassed(this.deadlineMs)).catch(
      (error: unknown) => {
        this.log.error({ deadlineMs: this.deadlineMs }, "shutdown deadline passed");
        throw error;
      },
    );
    return this.running;
  }

  private async execute(): Promise<void> {
    for (const step of this.steps) {
      try {
        await step.run();
        this.log.debug({ step: step.name }, "shutdown step done");
      } catch (error) {
        this.log.warn({ step: step.name, err: error }, "shutdown step failed");
      }
    }
  }

  /** Runs the steps on SIGTERM/SIGINT, then exits: 0 when they finished, 1 past the deadline. */
  installSignalHandlers(): this {
    const onSignal = (signal: string) => {
      this.log.info({ signal }, "shutting down");
      void this.run().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
    return this;
  }
}
