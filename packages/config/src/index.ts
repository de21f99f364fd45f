export * from "./env";
export * from "./schemas";
