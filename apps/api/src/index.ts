export { createApiApp } from "./app.ts";
export { apiEnvSchema, type ApiEnv } from "./env.ts";
export type { ApiDeps } from "./deps.ts";
