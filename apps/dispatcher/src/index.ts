export { createDispatcher, type DispatcherResources } from "./dispatcher.ts";
export { type DispatcherEnv, dispatcherEnvSchema } from "./env.ts";
