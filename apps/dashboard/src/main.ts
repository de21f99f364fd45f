import { exitOnConfigError } from "@svc/config";
import { createLogger } from "@svc/logger";
import { Shutdown, closeServer } from "@svc/runtime";
import { loadDashboardEnv, type DashboardEnv } from "./env.ts";
import { startDashboard } from "./server.ts";

let env: DashboardEnv;
try {
  env = loadDashboardEnv();
} catch (error) {
  exitOnConfigError(error);
}

const log = createLogger("dashboard", env.LOG_LEVEL);
const dashboard = await startDashboard(env, { log });
const { resources } = dashboard;

// Server first (finish in-flight requests), then queues, then connections.
new Shutdown(log)
  .add("http server", () => closeServer(dashboard.server))
  .add("session sweeper", () => dashboard.stopBackgroundWork())
  .add("queues", () => Promise.all([resources.sendProducer.close(), resources.webhookProducer.close()]))
  .add("redis", () => resources.redis.quit())
  .add("postgres", () => resources.handle.close())
  .installSignalHandlers();

log.info({ port: dashboard.port, signup: env.DASHBOARD_SIGNUP, invitationEmails: Boolean(env.DASHBOARD_SYSTEM_API_KEY) }, "dashboard listening");
