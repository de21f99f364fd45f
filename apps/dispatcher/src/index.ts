export { createDispatcher, type DispatcherResources } from "./dispatcher.ts";
export { dispatcherEnvSchema, type DispatcherEnv } from "./env.ts";
