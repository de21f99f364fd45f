export { createDispatcher, type Dispatcher } from "./dispatcher.ts";
export { dispatcherEnvSchema, type DispatcherEnv } from "./env.ts";
