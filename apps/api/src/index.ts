export { type ApiResources, createApi } from "./api.ts";
export { type ApiEnv, apiEnvSchema } from "./env.ts";
