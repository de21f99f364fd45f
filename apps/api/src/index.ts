export { createApi, type ApiResources } from "./api.ts";
export { apiEnvSchema, type ApiEnv } from "./env.ts";
