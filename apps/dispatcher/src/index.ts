export { createDispatcher, type DispatcherResources } from "./dispatcher.ts";
export { dispatcherEnvSchema, type DispatcherEnv } from "./env.ts";
export { nextRetryAt, decideAfterAttempt, type RetryPolicy } from "./policy.ts";
export { guardedLookup, refuseBeforeConnect, RefusedAddressError, ADDRESS_REFUSED } from "./addressGuard.ts";
export { createWebhookPoster, RESPONSE_EXCERPT_BYTES, type PostOutcome } from "./poster.ts";
