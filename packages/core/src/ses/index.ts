export * from "./configurationSets.ts";
export * from "./sendingSets.ts";
export * from "./setup.ts";
export * from "./tenants.ts";
