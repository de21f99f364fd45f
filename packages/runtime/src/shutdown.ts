import type { Logger } from "@svc/logger";

export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown> | unknown;
}

/**
 * Graceful shutdown in a fixed order: stop taking work (HTTP servers, workers), then close
 * connections. Steps run one after another, each failure logged and skipped, all under one
 * deadline after which the process exits anyway: a stuck close must not keep a deploy waiting.
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

  run(): Promise<void> {
    this.running ??= this.execute();
    return this.running;
  }

  private async execute(): Promise<void> {
    const timer = setTimeout(() => {
      this.log.error({ deadlineMs: this.deadlineMs }, "shutdown deadline passed; exiting");
      process.exit(1);
    }, this.deadlineMs);
    timer.unref();
    for (const step of this.steps) {
      try {
        await step.run();
        this.log.debug({ step: step.name }, "shutdown step done");
      } catch (error) {
        this.log.warn({ step: step.name, err: error }, "shutdown step failed");
      }
    }
    clearTimeout(timer);
  }

  /** Runs the steps on SIGTERM/SIGINT, then exits 0. */
  installSignalHandlers(): this {
    const onSignal = (signal: string) => {
      this.log.info({ signal }, "shutting down");
      void this.run().then(() => process.exit(0));
    };
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
    return this;
  }
}
