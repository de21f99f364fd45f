export * from "./links.ts";
export * from "./service.ts";
export * from "./token.ts";
export * from "./topic.ts";
export * from "./unsubscribe.ts";
