export * from "./name.ts";
export * from "./dkim.ts";
export * from "./records.ts";
export * from "./resolver.ts";
export * from "./checks.ts";
export * from "./views.ts";
export * from "./service.ts";
