export { createInbound, type InboundResources } from "./inbound.ts";
export { inboundEnvSchema, type InboundEnv } from "./env.ts";
export { ClientRateLimit } from "./rateLimit.ts";
