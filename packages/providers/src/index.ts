export { createProvider, type ProviderFactoryEnv } from "./factory.ts";
export * from "./ses/index.ts";
export * from "./types.ts";
