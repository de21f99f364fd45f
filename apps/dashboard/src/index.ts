export { createDashboard, type DashboardResources } from "./dashboard.ts";
export { dashboardEnvSchema, type DashboardEnv } from "./env.ts";
