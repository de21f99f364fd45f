export * from "./addresses.ts";
export * from "./urls.ts";
export * from "./secret.ts";
export * from "./views.ts";
export * from "./subscriptions.ts";
export * from "./deliveries.ts";
export * from "./retry.ts";
export * from "./testEvent.ts";
