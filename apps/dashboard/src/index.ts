export { createDashboardApp } from "./app.ts";
export { dashboardEnvSchema, loadDashboardEnv, type DashboardEnv } from "./env.ts";
export { createDashboardResources, startDashboard, type RunningDashboard } from "./server.ts";
export type { DashboardDeps } from "./deps.ts";
