export * from "./env";
export * from "./schemas";
export * from "./sesRegions";
