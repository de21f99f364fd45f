export { createDashboard, type DashboardResources } from "./dashboard.ts";
export { type DashboardEnv, dashboardEnvSchema } from "./env.ts";
