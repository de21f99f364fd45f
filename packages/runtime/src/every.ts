import type { Logger } from "@svc/logger";

export interface PeriodicTask {
  /** Cancels the next run and waits for one in progress to finish. */
  stop(): Promise<void>;
}

export interface EveryOptions {
  /** Delay before the first run; `intervalMs` when not given. */
  firstRunMs?: number;
}

/**
 * Runs `task` every `intervalMs`, measured from the end of one run to the start of the next, so
 * a slow run never overlaps the next one. A failed run is logged and the schedule goes on. The
 * timer never keeps a process alive by itself: servers and workers decide when a process ends.
 */
export function every(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  log: Logger,
  options: EveryOptions = {},
): PeriodicTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.warn({ err: error, task: name }, `${name} failed; trying again at the next interval`),
        )
        .finally(() => schedule(intervalMs));
    }, delayMs);
    timer.unref();
  };
  schedule(options.firstRunMs ?? intervalMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
