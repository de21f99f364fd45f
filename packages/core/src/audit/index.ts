export * from "./actions.ts";
export * from "./inTransaction.ts";
export * from "./owners.ts";
export * from "./read.ts";
export * from "./record.ts";
