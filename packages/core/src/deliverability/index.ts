export * from "./bounceCause.ts";
export * from "./breakdown.ts";
export * from "./mailboxProviders.ts";
