export * from "./matching.ts";
export * from "./receipt.ts";
export * from "./request.ts";
export * from "./runner.ts";
export * from "./tokens.ts";
export * from "./views.ts";
