export * from "./address.ts";
export * from "./service.ts";
