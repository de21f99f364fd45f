export * from "./types.ts";
export * from "./ses/index.ts";
export { createProvider, type ProviderFactoryEnv } from "./factory.ts";
