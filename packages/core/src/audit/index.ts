export * from "./actions.ts";
export * from "./read.ts";
export * from "./record.ts";
