export * from "./configurationSets.ts";
export * from "./setup.ts";
