export * from "./address.ts";
export * from "./parse.ts";
export * from "./read.ts";
export * from "./receive.ts";
