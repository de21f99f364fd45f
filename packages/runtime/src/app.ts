import type { Logger } from "@svc/logger";
import { setAppLabel } from "@svc/metrics";
import { Shutdown, type ShutdownStep } from "./shutdown.ts";

/** What `start` bound (the port), and anything else worth one line in the log at start. */
export interface StartedApp {
  port: number;
  [detail: string]: unknown;
}

/**
 * The shape of every app: `createX(env, deps)` wires it without starting anything, `start`
 * listens and starts its workers, and `shutdown` lists the app's own steps (servers first, then
 * workers and background work). Connections handed in through `deps` belong to the caller, who
 * closes them after the app's steps.
 */
export interface App {
  start(): Promise<StartedApp>;
  readonly shutdown: readonly ShutdownStep[];
  /** How long the whole shutdown may take (in-flight work included); 10 s when not given. */
  readonly shutdownDeadlineMs?: number;
}

/**
 * Runs an app as its process: the app's shutdown steps, then `closeConnections`, run on
 * SIGTERM/SIGINT. `startChecks` run first (a dependency too old to work with, say); a check or a
 * start that fails for any reason runs the same steps and exits 1 with one line on stderr,
 * written whatever LOG_LEVEL says.
 */
export async function runApp(
  name: string,
  app: App,
  log: Logger,
  closeConnections: readonly ShutdownStep[],
  startChecks: ReadonlyArray<() => Promise<void>> = [],
): Promise<void> {
  setAppLabel(name);
  const shutdown = new Shutdown(log, app.shutdownDeadlineMs).addAll(app.shutdown).addAll(closeConnections).installSignalHandlers();
  try {
    for (const check of startChecks) await check();
    const started = await app.start();
    log.info(started, `${name} started`);
  } catch (error) {
    process.stderr.write(`${name} could not start: ${describeStartError(error)}\n`);
    await shutdown.run().catch(() => {});
    process.exit(1);
  }
}

/** One line saying why a start failed; a port in use is named as such. */
function describeStartError(error: unknown): string {
  const failure = error as { code?: unknown; port?: unknown; message?: unknown } | null;
  if (failure?.code === "EADDRINUSE") return `port ${String(failure.port)} is already in use (EADDRINUSE)`;
  if (failure?.code === "EACCES" && failure.port !== undefined) return `no permission to listen on port ${String(failure.port)} (EACCES)`;
  const message = typeof failure?.message === "string" ? failure.message : String(error);
  return message.replace(/\s+/g, " ").trim();
}
