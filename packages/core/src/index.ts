export * from "./errors.ts";
export * from "./plans.ts";
export * from "./time.ts";
export * from "./keys/format.ts";
export * from "./keys/scopes.ts";
export * from "./keys/service.ts";
export * from "./workspaces/service.ts";
export * from "./emails/views.ts";
export { SecretBox } from "./crypto/secretBox.ts";
