import { exitOnConfigError, loadEnv } from "@svc/config";
import { createLogger } from "@svc/logger";
import { Shutdown } from "@svc/runtime";
import { createDispatcher } from "./dispatcher.ts";
import { dispatcherEnvSchema, type DispatcherEnv } from "./env.ts";

let env: DispatcherEnv;
try {
  env = loadEnv(dispatcherEnvSchema);
} catch (error) {
  exitOnConfigError(error);
}

const log = createLogger("dispatcher", env.LOG_LEVEL);
const dispatcher = createDispatcher(env, { log });

// In-flight attempts may take up to the attempt deadline to finish; the shutdown waits for them.
const shutdown = new Shutdown(log, env.WEBHOOK_TIMEOUT_MS + 10_000);
for (const step of dispatcher.shutdownSteps()) shutdown.add(step.name, step.run);
shutdown.installSignalHandlers();

const { port } = await dispatcher.start();
log.info({ port, concurrency: env.DISPATCHER_CONCURRENCY }, "dispatcher ready");
